import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ref } from "valtio";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { LocalDatabase } from "../../local/db.ts";
import { activeSync } from "../../local/session-sync.ts";
import { SyncEngine } from "../../local/sync-engine.ts";
import { freshUserId } from "../../local/testing.ts";
import { HEALTH_OK, jsonResponse } from "../../test/render.tsx";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { resetFeatured } from "../home/featured-store.ts";
import { resetSession, session } from "../session/store.ts";
import { QUICK_TOUR_KEY, quickTourState } from "./store.ts";

const ORGANIZER: Permission[] = ["sessions.view", "webcasts.view", "webcasts.create", "webcasts.update", "webcasts.delete"];
let engine: SyncEngine | undefined;

function signIn(permissions: Permission[]) {
  const user = profileUser(permissions, { id: freshUserId() });
  engine = new SyncEngine({ user, db: new LocalDatabase(user.id) });
  session.user = user;
  session.status = "ready";
  activeSync.engine = ref(engine);
}

const tour = () => screen.getByTestId("quick-tour");
const stepOf = () => tour().dataset.step;
/** Waits for the tour to show step `id` (the store's change renders on the next tick). */
const atStep = (id: string) => waitFor(() => expect(stepOf()).toBe(id));
const closed = () => waitFor(() => expect(screen.queryByTestId("quick-tour")).toBeNull());

beforeEach(() => {
  localStorage.removeItem(QUICK_TOUR_KEY);
  quickTourState.open = false;
  resetFeatured(true);
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    if (url.pathname === "/api/health") return jsonResponse(HEALTH_OK);
    if (url.pathname === "/api/webcasts/featured") return jsonResponse({ data: { next: null, last: null } });
    return jsonResponse({ message: "Not found", code: "not_found" }, 404);
  });
});

afterEach(async () => {
  cleanup();
  quickTourState.open = false;
  activeSync.engine = null;
  await engine?.stop();
  resetSession();
  vi.restoreAllMocks();
});

describe("home quick tour", () => {
  it("starts from its card, moves with the buttons and the arrows, rings each step's element and focuses its title", async () => {
    signIn(ORGANIZER);
    await renderApp("/home");
    const start = await screen.findByTestId("quick-tour-start");
    expect(screen.getByTestId("quick-tour-card").textContent).toContain("New here? Six short steps show where things are.");
    start.focus();
    fireEvent.click(start);

    await atStep("featured");
    expect(screen.getByTestId("quick-tour-progress").textContent).toBe("Step 1 of 6");
    expect(document.querySelector('[data-tour="featured"]')?.classList.contains("quick-tour__target")).toBe(true);
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Your next and last webcast"));
    expect(tour().getAttribute("aria-labelledby")).toBe(document.activeElement?.id);
    expect(screen.queryByTestId("quick-tour-back")).toBeNull();

    fireEvent.click(screen.getByTestId("quick-tour-next"));
    await atStep("your-webcasts");
    expect(document.querySelector('[data-tour="featured"]')?.classList.contains("quick-tour__target")).toBe(false);
    fireEvent.keyDown(tour(), { key: "ArrowRight" });
    await atStep("create-webcast");
    fireEvent.keyDown(tour(), { key: "ArrowLeft" });
    await atStep("your-webcasts");
    fireEvent.click(screen.getByTestId("quick-tour-back"));
    await atStep("featured");

    for (const id of ["your-webcasts", "create-webcast", "services", "sync", "language"]) {
      fireEvent.click(screen.getByTestId("quick-tour-next"));
      await atStep(id);
    }
    expect(screen.getByTestId("quick-tour-next").textContent).toBe("Done");
    fireEvent.click(screen.getByTestId("quick-tour-next"));

    await closed();
    expect(localStorage.getItem(QUICK_TOUR_KEY)).toBe("done");
    expect(document.activeElement).toBe(screen.getByTestId("quick-tour-start"));
    expect(screen.getByTestId("quick-tour-card").textContent).toContain("You have taken the tour.");
    expect(screen.getByTestId("quick-tour-start").textContent).toBe("Take it again");
  });

  it("leaves out the steps whose element is not shown (no right to create), and Escape skips it", async () => {
    signIn(["sessions.view"]);
    await renderApp("/home");
    fireEvent.click(await screen.findByTestId("quick-tour-start"));
    await atStep("featured");
    expect(screen.getByTestId("quick-tour-progress").textContent).toBe("Step 1 of 5");
    fireEvent.click(screen.getByTestId("quick-tour-next"));
    await atStep("your-webcasts");
    fireEvent.click(screen.getByTestId("quick-tour-next"));
    await atStep("services");

    fireEvent.keyDown(tour(), { key: "Escape" });
    await closed();
    expect(localStorage.getItem(QUICK_TOUR_KEY)).toBe("done");
  });

  it("is skipped from its button, and the Support menu's Quick tour opens it on the home screen", async () => {
    signIn(ORGANIZER);
    const { router } = await renderApp("/support/quick-tour");
    await atStep("featured");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    // The address forgets `tour` once the tour is open (a reload does not start it again).
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole("link", { name: "Quick tour" }).getAttribute("href")).toBe("/support/quick-tour");

    fireEvent.click(screen.getByTestId("quick-tour-skip"));
    await closed();
    expect(localStorage.getItem(QUICK_TOUR_KEY)).toBe("done");
    await act(async () => {});
  });
});
