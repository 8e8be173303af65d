import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { isLoggedInFlagSet, setLoggedInFlag } from "../session/logged-in-flag.ts";
import { resetSession, session } from "../session/store.ts";

const HEALTH = { status: "ok", version: "1", d1: true, migrations: { applied: 1, total: 1, pending: [], ok: true } };

async function openMenuAs(user: ReturnType<typeof profileUser>) {
  session.user = user;
  const server = fakeServer({ "GET /api/health": () => json(HEALTH), "POST /logout": () => new Response(null, { status: 204 }) });
  const view = await renderApp("/home");
  const button = screen.getByTestId("user-menu-button");
  await act(async () => {
    fireEvent.click(button);
  });
  return { ...view, server, button, menu: screen.getByRole("menu", { name: "Account menu" }) };
}

const itemNames = (menu: HTMLElement) => within(menu).getAllByRole("menuitem").map((item) => item.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
  session.status = "unknown";
});

describe("user menu", () => {
  it("shows the name and, for an organizer, Profile, Password and Logout", async () => {
    const { button, menu } = await openMenuAs(profileUser(["sessions.view"]));
    expect(button.textContent).toContain("Orla Organizer");
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(itemNames(menu)).toEqual(["Profile", "Password", "Logout"]);
    expect(within(menu).getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe("/profile");
    expect(within(menu).getByRole("menuitem", { name: "Password" }).getAttribute("href")).toBe("/settings/password");
  });

  it("adds the Admin panel for a super admin", async () => {
    const { menu } = await openMenuAs(profileUser([], { is_super_admin: true, accounts: [], name: "Super Admin" }));
    expect(itemNames(menu)).toEqual(["Profile", "Password", "Admin panel", "Logout"]);
    expect(within(menu).getByRole("menuitem", { name: "Admin panel" }).getAttribute("href")).toBe("/organizations");
  });

  it("shows the photo when there is one", async () => {
    const { button } = await openMenuAs(profileUser([], { photo: "/api/profile/photo/1/abc" }));
    expect(within(button).getByTestId("avatar").getAttribute("src")).toBe("/api/profile/photo/1/abc");
  });

  it("works from the keyboard", async () => {
    const { button, menu } = await openMenuAs(profileUser());
    const items = within(menu).getAllByRole("menuitem");
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: "End" });
    expect(document.activeElement).toBe(items.at(-1));
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[0]);
    await act(async () => {
      fireEvent.keyDown(menu, { key: "Escape" });
    });
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    await act(async () => {
      fireEvent.keyDown(button, { key: "ArrowUp" });
    });
    expect(document.activeElement).toBe(within(menu).getAllByRole("menuitem").at(-1));
  });

  it("logs out: server call, user and flag cleared, back to login", async () => {
    setLoggedInFlag();
    const { menu, server, router } = await openMenuAs(profileUser());
    await act(async () => {
      fireEvent.click(within(menu).getByRole("menuitem", { name: "Logout" }));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(server.callsTo("POST /logout")).toHaveLength(1);
    expect(session.user).toBeNull();
    expect(isLoggedInFlagSet()).toBe(false);
  });

  it("offers Log in when nobody is signed in (public pages in the shell)", async () => {
    fakeServer({});
    await renderApp("/errors/404");
    expect(screen.getByTestId("login-link").getAttribute("href")).toBe("/login");
  });
});
