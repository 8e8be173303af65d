import { act, fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FEATURE_FLAGS } from "../../../domain/organizations/features.ts";
import { type Limits, SELF_SERVE_DEFAULT_LIMITS } from "../../../domain/organizations/limits.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { jsonResponse } from "../../test/render.tsx";
import { profileUser } from "../../test/users.ts";
import { confirmState } from "../../ui/confirm.ts";
import { toasts } from "../../ui/toast.ts";
import { session } from "../session/store.ts";
import { OrganizationEditPage } from "./organization-edit-page.tsx";
import type { OrganizationTab } from "./tabs.ts";
import { mockApi, organizationJson, renderScreen, validationError } from "./test-support.tsx";

function Harness({ initialTab = "details" }: { initialTab?: OrganizationTab }) {
  const [tab, setTab] = useState<OrganizationTab>(initialTab);
  return <OrganizationEditPage id={1} tab={tab} onTabChange={setTab} />;
}

const VIEWER: Permission[] = ["organizations.view"];
const ADMIN: Permission[] = ["organizations.view", "organizations.update"];
const BACK_OFFICE: Permission[] = ["organizations.view", "organizations.update", "organizations.administer"];

async function open(permissions: Permission[], options: { tab?: OrganizationTab; superAdmin?: boolean; organization?: Parameters<typeof organizationJson>[0] } = {}) {
  session.user = profileUser(permissions, { is_super_admin: options.superAdmin ?? false });
  let current = organizationJson(options.organization);
  const api = mockApi({
    "GET /api/organizations/1": () => jsonResponse({ data: current }),
    "PATCH /api/organizations/1": ({ body }) => {
      current = { ...current, ...(typeof body === "object" ? body : {}) };
      return jsonResponse({ data: current });
    },
  });
  const view = await renderScreen(() => <Harness initialTab={options.tab ?? "details"} />);
  await vi.waitFor(() => expect(screen.getByTestId("page-title").textContent).toBe("Demo Events"));
  return { api, ...view };
}

function limitsIn(body: unknown): Limits {
  if (typeof body !== "object" || body === null || !("limits" in body) || typeof body.limits !== "object" || body.limits === null) {
    throw new Error("no limits sent");
  }
  return { ...organizationJson().limits, ...body.limits };
}

function input(element: Element): HTMLInputElement {
  if (!(element instanceof HTMLInputElement)) throw new Error("not an input");
  return element;
}

const panel = (name: OrganizationTab) => screen.getByTestId(`panel-${name}`);
const selectTab = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole("tab", { name: new RegExp(`^${name}`) }));
  });
};
const accept = async (label = "Accept") => {
  await act(async () => {
    fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: label }));
  });
};

afterEach(() => {
  vi.restoreAllMocks();
  toasts.items = [];
  session.user = null;
  confirmState.queue = [];
  document.cookie = "XSRF-TOKEN=; Max-Age=0; path=/";
});

describe("organization edit: tabs and permissions", () => {
  it("shows the four tabs, not Billing, Branding or Integrations", async () => {
    await open(VIEWER);
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Details", "Settings", "Constraints", "Features"]);
    expect(screen.getByRole("tab", { name: "Details" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByTestId("organization-status")[0]?.textContent).toBe("Active");
  });

  it("is read-only for a member who may only view it", async () => {
    await open(VIEWER);
    for (const name of ["details", "settings", "constraints", "features"] as const) {
      expect(within(panel(name)).getByTestId("read-only-note")).toBeTruthy();
      expect(within(panel(name)).queryByRole("button", { name: "Save", hidden: true })).toBeNull();
    }
    expect(input(screen.getByRole("textbox", { name: "Name" })).readOnly).toBe(true);
    await selectTab("Settings");
    expect(within(panel("settings")).queryByRole("button", { name: "Deactivate" })).toBeNull();
    expect(input(within(panel("settings")).getByRole("switch", { name: "Self-serve" })).disabled).toBe(true);
  });

  it("lets organizations.update edit the details only; billing terms, constraints and features need administer", async () => {
    await open(ADMIN);
    expect(within(panel("details")).queryByTestId("read-only-note")).toBeNull();
    expect(input(screen.getByRole("textbox", { name: "Name" })).readOnly).toBe(false);
    expect(input(screen.getByRole("textbox", { name: "Sales representative" })).readOnly).toBe(true);
    await selectTab("Settings");
    expect(within(panel("settings")).getByTestId("read-only-note")).toBeTruthy();
    expect(input(within(panel("settings")).getByRole("spinbutton", { name: "Billable organizers" })).readOnly).toBe(true);
    await selectTab("Constraints");
    expect(within(panel("constraints")).getByTestId("read-only-note")).toBeTruthy();
    await selectTab("Features");
    expect(within(panel("features")).getByTestId("read-only-note")).toBeTruthy();
    expect(within(panel("features")).getAllByRole("switch").every((element) => input(element).disabled)).toBe(true);
  });

  it("saves the details (without the administered sales rep) and confirms", async () => {
    const { api } = await open(ADMIN);
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Demo Events Inc." } });
    expect(screen.getByTestId("unsaved")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    await vi.waitFor(() => expect(screen.getByTestId("page-title").textContent).toBe("Demo Events Inc."));
    const [patch] = api.to("PATCH /api/organizations/1");
    expect(patch?.body).toEqual({
      name: "Demo Events Inc.",
      email: "billing@demo.test",
      phone: "+1 514 555 0100",
      billing_address: "1 Main St, Montréal",
      po_number: "PO-42",
    });
    expect(patch?.headers.get("X-XSRF-TOKEN")).toBe("test-token");
    expect(screen.getByText("Changes saved.")).toBeTruthy();
    expect(screen.queryByTestId("unsaved")).toBeNull();
  });

  it("refuses an empty name before calling the API", async () => {
    const { api } = await open(ADMIN);
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "  " } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(within(panel("details")).getByTestId("field-errors").textContent).toBe("The name is required.");
    expect(api.to("PATCH /api/organizations/1")).toHaveLength(0);
  });
});

describe("organization edit: API validation errors", () => {
  it("shows a 422 field error under its field", async () => {
    const { api } = await open(ADMIN);
    api.on("PATCH /api/organizations/1", () => validationError({ email: ["The email field must be a valid email address."] }));
    fireEvent.change(screen.getByRole("textbox", { name: "E-mail" }), { target: { value: "not-an-email" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    const email = screen.getByRole("textbox", { name: "E-mail" });
    await vi.waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = email.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("The email field must be a valid email address.");
    // Still dirty: nothing was saved.
    expect(screen.getByTestId("unsaved")).toBeTruthy();
  });

  it("maps nested constraint errors (limits.max_duration) to their field", async () => {
    const { api } = await open(BACK_OFFICE, { tab: "constraints" });
    api.on("PATCH /api/organizations/1/constraints", () => validationError({ "limits.max_duration": ["This field must be 1 or more."] }));
    const duration = within(panel("constraints")).getByRole("spinbutton", { name: "Maximum webcast duration (minutes)" });
    fireEvent.change(duration, { target: { value: "0" } });
    await act(async () => {
      fireEvent.click(within(panel("constraints")).getByRole("button", { name: "Save" }));
    });
    await vi.waitFor(() => expect(duration.getAttribute("aria-invalid")).toBe("true"));
    expect(within(panel("constraints")).getByTestId("field-errors").textContent).toBe("This field must be 1 or more.");
  });
});

describe("organization edit: constraints and features", () => {
  it("sends every limit, empty meaning unlimited", async () => {
    const { api } = await open(BACK_OFFICE, { tab: "constraints" });
    const speakers = within(panel("constraints")).getByRole("spinbutton", { name: "Maximum speakers per webcast" });
    expect(input(speakers).value).toBe("10");
    expect(within(panel("constraints")).getByRole("spinbutton", { name: "Inactivity timeout (seconds)" })).toBeTruthy();
    fireEvent.change(speakers, { target: { value: "" } });
    api.on("PATCH /api/organizations/1/constraints", ({ body }) => jsonResponse({ data: organizationJson({ limits: limitsIn(body) }) }));
    await act(async () => {
      fireEvent.click(within(panel("constraints")).getByRole("button", { name: "Save" }));
    });
    await vi.waitFor(() => expect(screen.getByText("Changes saved.")).toBeTruthy());
    expect(api.to("PATCH /api/organizations/1/constraints")[0]?.body).toEqual({
      limits: {
        max_organizers: null,
        max_speakers: null,
        max_viewers: null,
        max_webcasts: null,
        max_simultaneous_webcasts: null,
        max_duration: 120,
        max_media: null,
        max_people_per_table: null,
        inactivity_timeout: 3600,
      },
    });
  });

  it("shows the 24 flags as switches and warns about embedded activities", async () => {
    await open(BACK_OFFICE, { tab: "features" });
    const switches = within(panel("features")).getAllByRole("switch");
    expect(switches).toHaveLength(FEATURE_FLAGS.length);
    expect(switches.map((input) => input.getAttribute("name")).sort()).toEqual([...FEATURE_FLAGS].sort());
    const embed = within(panel("features")).getByRole("switch", { name: "Embedded activities" });
    const warning = screen.getByTestId("embed-warning");
    expect(warning.textContent).toContain("Security warning");
    expect(embed.getAttribute("aria-describedby")).toBeTruthy();
    expect(input(within(panel("features")).getByRole("switch", { name: "Webcasts" })).checked).toBe(true);
  });
});

describe("organization edit: billing type and activation", () => {
  it("asks before changing the billing type, explains the reset, then sends confirm: true", async () => {
    session.user = profileUser(BACK_OFFICE);
    const reset = organizationJson({ self_serve: true, is_billable: false, billing_start_date: null, subscription_period: null, rate_per_minute_live: null, limits: { ...SELF_SERVE_DEFAULT_LIMITS } });
    const api = mockApi({
      "GET /api/organizations/1": () => jsonResponse({ data: organizationJson() }),
      "POST /api/organizations/1/self-serve": () => jsonResponse({ data: reset }),
    });
    await renderScreen(() => <Harness initialTab="settings" />);
    await vi.waitFor(() => expect(screen.getByRole("switch", { name: "Self-serve" })).toBeTruthy());
    const selfServe = () => input(screen.getByRole("switch", { name: "Self-serve" }));

    // Cancel: nothing is sent and the switch stays off.
    await act(async () => {
      fireEvent.click(selfServe());
    });
    const dialog = screen.getByTestId("confirm-dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Switch to self-serve billing?");
    expect(dialog.textContent).toContain("resets this organization's billing terms");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    });
    expect(api.to("POST /api/organizations/1/self-serve")).toHaveLength(0);
    expect(selfServe().checked).toBe(false);

    // Accept: sent with confirm: true; every tab shows the reset values.
    confirmState.queue = [];
    await act(async () => {
      fireEvent.click(selfServe());
    });
    await accept("Change and reset settings");
    await vi.waitFor(() => expect(selfServe().checked).toBe(true));
    expect(api.to("POST /api/organizations/1/self-serve")[0]?.body).toEqual({ self_serve: true, confirm: true });
    expect(input(screen.getByRole("spinbutton", { name: "Rate per minute, live (CA$)" })).value).toBe("");
    expect(input(within(panel("constraints")).getByRole("spinbutton", { name: "Maximum speakers per webcast", hidden: true })).value).toBe(
      String(SELF_SERVE_DEFAULT_LIMITS.max_speakers),
    );
    expect(screen.getByText("Billing type changed; the settings were reset.")).toBeTruthy();
  });

  it("deactivates after a confirmation that explains the consequences", async () => {
    session.user = profileUser(BACK_OFFICE);
    const api = mockApi({
      "GET /api/organizations/1": () => jsonResponse({ data: organizationJson() }),
      "POST /api/organizations/1/deactivate": () => jsonResponse({ data: organizationJson({ deactivated_at: "2026-11-22T10:00:00.000Z", is_billable: false }) }),
    });
    await renderScreen(() => <Harness initialTab="settings" />);
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Deactivate" })).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Deactivate" }));
    });
    const dialog = screen.getByTestId("confirm-dialog");
    expect(dialog.textContent).toContain("Billing ends immediately");
    expect(dialog.textContent).toContain("Reactivation goes through sales");
    await accept("Deactivate");
    await vi.waitFor(() => expect(api.to("POST /api/organizations/1/deactivate")).toHaveLength(1));
    await vi.waitFor(() => expect(screen.getAllByTestId("organization-status")[0]?.textContent).toBe("Deactivated"));
    // Not a super admin: reactivation goes through sales.
    expect(within(screen.getByTestId("activation")).queryByRole("button", { name: "Activate" })).toBeNull();
    expect(screen.getByTestId("activation").textContent).toContain("Reactivation goes through sales.");
  });

  it("offers Activate to super admins only", async () => {
    await open([], { superAdmin: true, tab: "settings", organization: { deactivated_at: "2026-11-22T10:00:00.000Z" } });
    expect(within(screen.getByTestId("activation")).getByRole("button", { name: "Activate" })).toBeTruthy();
  });
});

describe("organization edit: unsaved changes", () => {
  it("keeps drafts across tabs and asks before leaving the page", async () => {
    const { router } = await open(ADMIN);
    fireEvent.change(screen.getByRole("textbox", { name: "Phone" }), { target: { value: "+1 514 555 0199" } });
    await selectTab("Features");
    expect(screen.getByRole("tab", { name: /Details/ }).textContent).toContain("(unsaved changes)");
    await selectTab("Details");
    expect(input(screen.getByRole("textbox", { name: "Phone" })).value).toBe("+1 514 555 0199");

    // Stay.
    await act(async () => {
      void router.navigate({ href: "/elsewhere" });
    });
    await vi.waitFor(() => expect(screen.getByTestId("confirm-dialog").textContent).toContain("unsaved changes"));
    await accept("Stay");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(screen.getByTestId("organization-edit")).toBeTruthy();

    // Leave.
    confirmState.queue = [];
    await act(async () => {
      void router.navigate({ href: "/elsewhere" });
    });
    await accept("Leave");
    await vi.waitFor(() => expect(screen.getByTestId("elsewhere")).toBeTruthy());
  });
});
