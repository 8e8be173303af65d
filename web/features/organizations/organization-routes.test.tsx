import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../test/render.tsx";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { session } from "../session/store.ts";
import { mockApi, organizationJson } from "./test-support.tsx";

afterEach(() => {
  vi.restoreAllMocks();
  session.user = null;
});

describe("organization routes", () => {
  it("sends a non-numeric id to the not-found page", async () => {
    session.user = profileUser(["organizations.view"]);
    const api = mockApi({});
    const { router } = await renderApp("/organizations/abc/edit");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/errors/404"));
    expect(api.to("GET /api/organizations/abc")).toHaveLength(0);
  });

  it("opens /organizations/{id}/edit with its breadcrumb and the tab from the query", async () => {
    session.user = profileUser(["organizations.view", "organizations.update"]);
    mockApi({ "GET /api/organizations/1": () => jsonResponse({ data: organizationJson() }) });
    await renderApp("/organizations/1/edit?tab=constraints");
    await vi.waitFor(() => expect(screen.getByTestId("page-title").textContent).toBe("Demo Events"));
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect([...trail.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Home", "Organizations", "Edit organization"]);
    expect(screen.getByRole("tab", { name: "Constraints" }).getAttribute("aria-selected")).toBe("true");
    expect(document.title).toBe("Edit organization · iGo");
  });
});
