import { act, fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonKind } from "../../../domain/organizations/people.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { jsonResponse } from "../../test/render.tsx";
import { profileUser } from "../../test/users.ts";
import { confirmState } from "../../ui/confirm.ts";
import { toasts } from "../../ui/toast.ts";
import { mockApi, personJson, renderScreen, validationError } from "../organizations/test-support.tsx";
import { session } from "../session/store.ts";
import { PeoplePage } from "./people-page.tsx";
import { ORGANIZATION_STORAGE_KEY } from "./use-organization-choice.ts";

const ADMIN: Permission[] = ["speakers.manage", "organizers.manage", "admins.manage", "users.send_emails", "users.change_role"];
const ORGANIZER: Permission[] = ["speakers.manage"];

const page = (people: ReturnType<typeof personJson>[], total = people.length) => jsonResponse({ data: people, meta: { page: 1, per_page: 20, total } });
const rows = () => screen.queryAllByTestId("person-row");

/** Renders the screen for `kind`; the kind can be switched afterwards like a route change would. */
async function renderPeople(kind: PersonKind) {
  let setKind: (kind: PersonKind) => void = () => {};
  function Switchable() {
    const [current, set] = useState<PersonKind>(kind);
    setKind = set;
    return <PeoplePage kind={current} />;
  }
  const view = await renderScreen(() => <Switchable />);
  return { ...view, switchTo: (next: PersonKind) => act(async () => setKind(next)) };
}

afterEach(() => {
  vi.restoreAllMocks();
  session.user = null;
  confirmState.queue = [];
  toasts.items = [];
});

describe("people lists", () => {
  it("lists the people of a kind with status and verification", async () => {
    session.user = profileUser(ORGANIZER);
    const api = mockApi({
      "GET /api/organizations/1/people": () =>
        page([personJson(), personJson({ id: 12, name: "Pat Pending", email: "pat@demo.test", status: "pending", email_verified: false })]),
    });
    await renderPeople("speaker");
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId("page-title").textContent).toBe("Speakers");
    const [sara, pat] = rows();
    if (!sara || !pat) throw new Error("rows missing");
    expect([...sara.querySelectorAll("td")].slice(0, 4).map((cell) => cell.textContent)).toEqual(["Sara Speaker", "speaker@demo.test", "Active", "Yes"]);
    expect([...pat.querySelectorAll("td")].slice(0, 4).map((cell) => cell.textContent)).toEqual(["Pat Pending", "pat@demo.test", "Pending", "No"]);
    const [call] = api.to("GET /api/organizations/1/people");
    expect(call?.query.get("kind")).toBe("speaker");
    expect(call?.query.get("page")).toBe("1");
  });

  it("is one screen: another kind queries the API with that kind", async () => {
    session.user = profileUser(ADMIN);
    const api = mockApi({
      "GET /api/organizations/1/people": ({ query }) =>
        query.get("kind") === "speaker" ? page([personJson()]) : page([]),
    });
    const { switchTo } = await renderPeople("speaker");
    await vi.waitFor(() => expect(rows()).toHaveLength(1));

    await switchTo("organizer");
    await vi.waitFor(() => expect(screen.getByTestId("empty-state").textContent).toBe("No organizers yet."));
    expect(screen.getByTestId("page-title").textContent).toBe("Organizers");
    expect(screen.getByRole("button", { name: "Invite an organizer" })).toBeTruthy();
    expect(api.to("GET /api/organizations/1/people").map((call) => call.query.get("kind"))).toEqual(["speaker", "organizer"]);
    expect(rows()).toHaveLength(0);
  });

  it("searches within the list", async () => {
    session.user = profileUser(ORGANIZER);
    const api = mockApi({ "GET /api/organizations/1/people": ({ query }) => (query.get("q") ? page([]) : page([personJson()])) });
    await renderPeople("speaker");
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search by name or e-mail" }), { target: { value: "zed" } });
    await act(async () => {
      fireEvent.submit(screen.getByRole("search"));
    });
    await vi.waitFor(() => expect(screen.getByTestId("empty-state").textContent).toBe("Nobody matches “zed”."));
    expect(api.to("GET /api/organizations/1/people").at(-1)?.query.get("q")).toBe("zed");
  });

  it("picks the organization among several accounts and remembers it", async () => {
    session.user = profileUser(ORGANIZER, {
      accounts: [
        { id: 1, name: "Demo Events", role: "organizer", deactivated: false },
        { id: 2, name: "Second Org", role: "organizer", deactivated: false },
        { id: 3, name: "Speaker Only", role: "speaker", deactivated: false },
      ],
      permissions: { "speakers.manage": [1, 2] },
    });
    const api = mockApi({
      "GET /api/organizations/1/people": () => page([personJson()]),
      "GET /api/organizations/2/people": () => page([personJson({ id: 21, name: "Second Speaker" })]),
    });
    const first = await renderPeople("speaker");
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    const picker = screen.getByRole("combobox", { name: "Organization" });
    // Only organizations where the user manages speakers are offered.
    expect([...picker.querySelectorAll("option")].map((option) => option.textContent)).toEqual(["Demo Events", "Second Org"]);

    await act(async () => {
      fireEvent.change(picker, { target: { value: "2" } });
    });
    await vi.waitFor(() => expect(screen.getByText("Second Speaker")).toBeTruthy());
    expect(localStorage.getItem(ORGANIZATION_STORAGE_KEY)).toBe("2");

    first.unmount();
    await renderPeople("speaker");
    await vi.waitFor(() => expect(screen.getByText("Second Speaker")).toBeTruthy());
    expect(api.to("GET /api/organizations/1/people")).toHaveLength(1);
  });

  it("hides the picker with a single account and explains when no organization qualifies", async () => {
    session.user = profileUser(ORGANIZER);
    mockApi({ "GET /api/organizations/1/people": () => page([]) });
    const { switchTo } = await renderPeople("speaker");
    await vi.waitFor(() => expect(screen.getByTestId("empty-state").textContent).toBe("No speakers yet."));
    expect(screen.queryByRole("combobox", { name: "Organization" })).toBeNull();
    await switchTo("owner");
    expect(screen.getByTestId("empty-state").textContent).toBe("You do not manage owners in any organization.");
    expect(screen.queryByRole("button", { name: "Invite an owner" })).toBeNull();
  });
});

describe("inviting people", () => {
  it("shows the equal-or-higher-role refusal under the e-mail field", async () => {
    session.user = profileUser(ADMIN);
    const message = "This user already holds an equal or higher role in this organization.";
    const api = mockApi({
      "GET /api/organizations/1/people": () => page([]),
      "POST /api/organizations/1/people": () => validationError({ email: [message] }, message),
    });
    await renderPeople("organizer");
    await vi.waitFor(() => expect(screen.getByTestId("empty-state")).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Invite an organizer" }));
    });
    const dialog = screen.getByRole("dialog", { name: "Invite an organizer" });
    const email = within(dialog).getByRole("textbox", { name: "E-mail" });
    expect(document.activeElement).toBe(email);
    fireEvent.change(email, { target: { value: "owner@demo.test" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "First name" }), { target: { value: "Olive" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Invite" }));
    });
    await vi.waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(message);
    expect(api.to("POST /api/organizations/1/people")[0]?.body).toEqual({ kind: "organizer", email: "owner@demo.test", first_name: "Olive" });
    expect(screen.getByRole("dialog", { name: "Invite an organizer" })).toBeTruthy();
  });

  it("adds someone and refreshes the list", async () => {
    session.user = profileUser(ORGANIZER);
    let added = false;
    mockApi({
      "GET /api/organizations/1/people": () => page(added ? [personJson({ name: "New Speaker" })] : []),
      "POST /api/organizations/1/people": () => {
        added = true;
        return jsonResponse({ data: personJson({ name: "New Speaker" }), email_sent: true }, 201);
      },
    });
    await renderPeople("speaker");
    await vi.waitFor(() => expect(screen.getByTestId("empty-state")).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Invite a speaker" }));
    });
    fireEvent.change(screen.getByRole("textbox", { name: "E-mail" }), { target: { value: "new@demo.test" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    });
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("New Speaker was added; an e-mail tells them so.")).toBeTruthy();
  });
});

describe("row actions", () => {
  it("hides role change and e-mail actions without users.change_role / users.send_emails", async () => {
    session.user = profileUser(ORGANIZER);
    mockApi({ "GET /api/organizations/1/people": () => page([personJson({ email_verified: false })]) });
    await renderPeople("speaker");
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    const row = rows()[0];
    if (!row) throw new Error("row missing");
    expect(within(row).queryByTestId("change-role")).toBeNull();
    expect(within(row).queryByRole("button", { name: "Send verification e-mail" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Send password reset e-mail" })).toBeNull();
    expect(within(row).getByRole("button", { name: "Remove" })).toBeTruthy();
  });

  it("changes a role after confirmation, offering only roles the user manages", async () => {
    session.user = profileUser(ADMIN);
    let role: PersonKind = "speaker";
    const api = mockApi({
      "GET /api/organizations/1/people": ({ query }) => page(query.get("kind") === role ? [personJson({ role })] : []),
      "PATCH /api/organizations/1/people/11": ({ body }) => {
        role = "organizer";
        return jsonResponse({ data: personJson({ role: "organizer" }), echo: body });
      },
    });
    await renderPeople("speaker");
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    const select = screen.getByRole("combobox", { name: "Role of Sara Speaker" });
    // Admins manage speakers, organizers and admins, not owners.
    expect([...select.querySelectorAll("option")].map((option) => option.textContent)).toEqual(["Speaker", "Organizer", "Administrator"]);
    await act(async () => {
      fireEvent.change(select, { target: { value: "organizer" } });
    });
    expect(screen.getByTestId("confirm-dialog").textContent).toContain("Sara Speaker becomes Organizer");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Change role" }));
    });
    await vi.waitFor(() => expect(screen.getByTestId("empty-state").textContent).toBe("No speakers yet."));
    expect(api.to("PATCH /api/organizations/1/people/11")[0]?.body).toEqual({ role: "organizer" });
  });

  it("shows a refused role change (403) without leaving the page", async () => {
    session.user = profileUser(ADMIN);
    const api = mockApi({
      "GET /api/organizations/1/people": () => page([personJson()]),
      "PATCH /api/organizations/1/people/11": () =>
        jsonResponse({ message: "You are not authorized to change this user's role.", code: "forbidden", requestId: "r" }, 403),
    });
    await renderPeople("speaker");
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    await act(async () => {
      fireEvent.change(screen.getByRole("combobox", { name: "Role of Sara Speaker" }), { target: { value: "admin" } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Change role" }));
    });
    await vi.waitFor(() => expect(screen.getByText("You are not authorized to change this user's role.")).toBeTruthy());
    expect(api.to("PATCH /api/organizations/1/people/11")).toHaveLength(1);
    expect(rows()).toHaveLength(1);
  });

  it("sends the verification and password reset e-mails (users.send_emails)", async () => {
    session.user = profileUser(ADMIN);
    const api = mockApi({
      "GET /api/organizations/1/people": () => page([personJson({ email_verified: false })]),
      "POST /api/organizations/1/people/11/send-verification": () => jsonResponse({ message: "The verification e-mail has been sent." }),
      "POST /api/organizations/1/people/11/send-password-reset": () => jsonResponse({ message: "The password reset e-mail has been sent." }),
    });
    await renderPeople("speaker");
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send verification e-mail" }));
    });
    await vi.waitFor(() => expect(screen.getByText("The verification e-mail has been sent.")).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send password reset e-mail" }));
    });
    await vi.waitFor(() => expect(screen.getByText("The password reset e-mail has been sent.")).toBeTruthy());
    expect(api.to("POST /api/organizations/1/people/11/send-verification")).toHaveLength(1);
    expect(api.to("POST /api/organizations/1/people/11/send-password-reset")).toHaveLength(1);
  });

  it("removes someone after confirmation", async () => {
    session.user = profileUser(ORGANIZER);
    let removed = false;
    const api = mockApi({
      "GET /api/organizations/1/people": () => page(removed ? [] : [personJson()]),
      "DELETE /api/organizations/1/people/11": () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
    });
    await renderPeople("speaker");
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    });
    expect(screen.getByTestId("confirm-dialog").textContent).toContain("Remove Sara Speaker?");
    await act(async () => {
      fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: "Remove" }));
    });
    await vi.waitFor(() => expect(screen.getByTestId("empty-state").textContent).toBe("No speakers yet."));
    expect(api.to("DELETE /api/organizations/1/people/11")).toHaveLength(1);
  });
});
