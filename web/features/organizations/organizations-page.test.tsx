import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../test/render.tsx";
import { profileUser } from "../../test/users.ts";
import { session } from "../session/store.ts";
import { OrganizationsPage } from "./organizations-page.tsx";
import { mockApi, organizationJson, renderScreen } from "./test-support.tsx";

afterEach(() => {
  vi.restoreAllMocks();
  session.user = null;
});

const rows = () => screen.queryAllByTestId("organization-row");

describe("organizations list", () => {
  it("lists organizations with their status and links to their edit screen", async () => {
    session.user = profileUser([], { is_super_admin: true, accounts: [] });
    const api = mockApi({
      "GET /api/organizations": () =>
        jsonResponse({
          data: [organizationJson(), organizationJson({ id: 2, name: "Gone Inc.", email: null, self_serve: true, deactivated_at: "2026-10-01T00:00:00.000Z" })],
          meta: { page: 1, per_page: 20, total: 2 },
        }),
    });
    await renderScreen(() => <OrganizationsPage />);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));

    const [demo, gone] = rows();
    if (!demo || !gone) throw new Error("rows missing");
    expect(within(demo).getByRole("link", { name: "Demo Events" }).getAttribute("href")).toBe("/organizations/1/edit");
    expect(within(demo).getByTestId("organization-status").textContent).toBe("Active");
    expect(within(gone).getByTestId("organization-status").textContent).toBe("Deactivated");
    expect(within(gone).getByText("Self-serve")).toBeTruthy();
    expect(screen.getByTestId("result-count").textContent).toBe("2 results");
    expect(api.to("GET /api/organizations")[0]?.query.get("page")).toBe("1");
  });

  it("searches and pages through the API", async () => {
    session.user = profileUser(["organizations.view"]);
    const api = mockApi({
      "GET /api/organizations": ({ query }) =>
        jsonResponse({
          data: [organizationJson({ id: Number(query.get("page")) * 100, name: `Page ${query.get("page")} ${query.get("q") ?? ""}`.trim() })],
          meta: { page: Number(query.get("page")), per_page: 20, total: 45 },
        }),
    });
    await renderScreen(() => <OrganizationsPage />);
    await vi.waitFor(() => expect(screen.getByText("Page 1 of 3")).toBeTruthy());

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Next" }));
    });
    await vi.waitFor(() => expect(screen.getByText("Page 2 of 3")).toBeTruthy());
    expect(screen.getByRole("link", { name: "Page 2" })).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Search organizations" }), { target: { value: " demo " } });
    await act(async () => {
      fireEvent.submit(screen.getByRole("search"));
    });
    await vi.waitFor(() => expect(screen.getByRole("link", { name: "Page 1 demo" })).toBeTruthy());
    const last = api.to("GET /api/organizations").at(-1);
    expect(last?.query.get("q")).toBe("demo");
    expect(last?.query.get("page")).toBe("1");
  });

  it("shows an empty state", async () => {
    session.user = profileUser(["organizations.view"]);
    mockApi({ "GET /api/organizations": () => jsonResponse({ data: [], meta: { page: 1, per_page: 20, total: 0 } }) });
    await renderScreen(() => <OrganizationsPage />);
    await vi.waitFor(() => expect(screen.getByTestId("empty-state").textContent).toBe("There are no organizations yet."));
    expect(screen.queryByRole("table")).toBeNull();
  });
});
