import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { viewerPassKey } from "../../../domain/viewer-page/api.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { ACCESS, REGISTRATION_FIELDS, WEBCAST_ID, publicWebcast, withAccess } from "./fixtures.ts";
import { interactionsFrame } from "../webcast-room/interaction-fixtures.ts";
import { liveFixture } from "../webcast-room/test-support.ts";
import { ssoReturnKey } from "./pass-store.ts";
import { drivenSocket, recordingSockets, renderViewerPage, watchPath, watchRoute } from "./test-support.tsx";

/** /w/{id}: the way in (magic link, PIN, registration), the stored pass and the room token. */
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STORED = { pass: ACCESS.pass, pass_expires_at: "2099-01-01T00:00:00.000Z", viewer: ACCESS.viewer };
const future = (ms: number) => new Date(Date.now() + ms).toISOString();
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const input = (testId: string) => within(screen.getByTestId(testId)).getAllByRole("textbox")[0] ?? screen.getByTestId(testId);

describe("magic link", { timeout: 30_000 }, () => {
  it("signs in from ?magic=, stores the pass and takes the token out of the address", async () => {
    const server = fakeServer({
      ...watchRoute(publicWebcast()),
      [`POST ${watchPath}/sign-in`]: () => json({ data: { ...ACCESS, expires_at: future(3_600_000) } }),
    });
    const { router } = await renderApp(`/w/${WEBCAST_ID}?magic=tok-1`);
    expect((await screen.findByTestId("viewer-greeting-text")).textContent).toBe("Hello Ann Attendee");
    expect(server.callsTo(`POST ${watchPath}/sign-in`)[0]?.body).toEqual({ method: "magic_link", token: "tok-1" });
    expect(server.callsTo(`POST ${watchPath}/sign-in`)[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-token");
    expect(JSON.parse(localStorage.getItem(viewerPassKey(WEBCAST_ID)) ?? "null")).toEqual(STORED.pass === ACCESS.pass ? { pass: ACCESS.pass, pass_expires_at: ACCESS.pass_expires_at, viewer: ACCESS.viewer } : null);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(document.activeElement).toBe(screen.getByTestId("viewer-greeting-text"));
  });

  it("shows an expired link's message with 'Send a new link', which focuses the e-mail field", async () => {
    fakeServer({
      ...watchRoute(publicWebcast()),
      [`POST ${watchPath}/sign-in`]: () => json({ message: "The magic link seems to have expired.", code: "unauthenticated", requestId: "r" }, 401),
    });
    renderViewerPage({ magic: "old" });
    expect((await screen.findByTestId("access-error")).textContent).toContain("The magic link seems to have expired.");
    await act(async () => screen.getByTestId("send-new-link").click());
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getByTestId("magic-link-form")).getByRole("textbox")));
  });

  it("sends a link, then signs in with the PIN", async () => {
    const server = fakeServer({
      ...watchRoute(publicWebcast()),
      [`POST ${watchPath}/magic-link`]: () => json({ data: { sent: true } }, 202),
      [`POST ${watchPath}/sign-in`]: () => json({ data: { ...ACCESS, expires_at: future(3_600_000) } }),
    });
    renderViewerPage();
    const form = await screen.findByTestId("magic-link-form");
    type(within(form).getByRole("textbox"), " ann@example.test ");
    await act(async () => fireEvent.submit(form));
    expect(await screen.findByTestId("check-email")).toBeTruthy();
    expect(server.callsTo(`POST ${watchPath}/magic-link`)[0]?.body).toEqual({ email: "ann@example.test", locale: "en" });
    const pin = within(screen.getByTestId("access-pin")).getByRole("textbox");
    expect(pin.getAttribute("inputmode")).toBe("numeric");
    expect(pin.getAttribute("autocomplete")).toBe("one-time-code");
    type(pin, "12a3456");
    await act(async () => fireEvent.submit(screen.getByTestId("pin-form")));
    expect(await screen.findByTestId("viewer-greeting")).toBeTruthy();
    expect(server.callsTo(`POST ${watchPath}/sign-in`)[0]?.body).toEqual({ method: "pin", email: "ann@example.test", pin: "123456" });
  });

  it("shows a 429's message and keeps the submit disabled until Retry-After has passed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    fakeServer({
      ...watchRoute(publicWebcast()),
      [`POST ${watchPath}/magic-link`]: () =>
        new Response(JSON.stringify({ message: "Too many attempts. Please try again in 30 seconds.", code: "too_many_requests", requestId: "r" }), { status: 429, headers: { "Content-Type": "application/json", "Retry-After": "30" } }),
    });
    renderViewerPage();
    const form = await screen.findByTestId("magic-link-form");
    type(within(form).getByRole("textbox"), "ann@example.test");
    await act(async () => fireEvent.submit(form));
    expect((await screen.findByTestId("access-error")).textContent).toBe("Too many attempts. Please try again in 30 seconds.");
    const submit = within(form).getByRole("button", { name: "Send me a link" });
    expect(submit.hasAttribute("disabled")).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(submit.hasAttribute("disabled")).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(submit.hasAttribute("disabled")).toBe(false);
  });
});

describe("returning viewer", { timeout: 30_000 }, () => {
  it("trades the stored pass for a room token, greets the viewer and opens the room when live", async () => {
    localStorage.setItem(viewerPassKey(WEBCAST_ID), JSON.stringify(STORED));
    const server = fakeServer({
      ...watchRoute(publicWebcast({ state: "live" })),
      [`POST ${watchPath}/room-token`]: () => json({ data: { room_token: "rt-9", expires_at: future(3_600_000) } }),
      [`POST ${watchPath}/sign-out`]: () => new Response(null, { status: 204 }),
    });
    const sockets = recordingSockets();
    renderViewerPage({ socketFactory: sockets.factory });
    expect((await screen.findByTestId("viewer-greeting-text")).textContent).toBe("Hello Ann Attendee");
    expect(server.callsTo(`POST ${watchPath}/room-token`)[0]?.headers.get("Authorization")).toBe(`Bearer ${ACCESS.pass}`);
    expect(await screen.findByTestId("viewer-room")).toBeTruthy();
    expect(sockets.urls[0]).toContain(`/api/webcasts/${WEBCAST_ID}/room?token=rt-9`);
    expect(screen.queryByTestId("viewer-access")).toBeNull();

    await act(async () => screen.getByTestId("viewer-sign-out").click());
    expect(await screen.findByTestId("viewer-access")).toBeTruthy();
    expect(localStorage.getItem(viewerPassKey(WEBCAST_ID))).toBeNull();
    await waitFor(() => expect(server.callsTo(`POST ${watchPath}/sign-out`)[0]?.headers.get("Authorization")).toBe(`Bearer ${ACCESS.pass}`));
  });

  it.each([true, false])("shows the questions only when the attendee options allow them (%s)", async (askQuestions) => {
    localStorage.setItem(viewerPassKey(WEBCAST_ID), JSON.stringify(STORED));
    const webcast = publicWebcast({ state: "live" });
    fakeServer({
      ...watchRoute({ ...webcast, attendee_options: { ...webcast.attendee_options, ask_questions: askQuestions } }),
      [`POST ${watchPath}/room-token`]: () => json({ data: { room_token: "rt-9", expires_at: future(3_600_000) } }),
    });
    const socket = drivenSocket();
    renderViewerPage({ socketFactory: socket.factory });
    await screen.findByTestId("viewer-room");
    await socket.open();
    await socket.welcome(liveFixture({ phase: "live" }));
    await socket.receive(interactionsFrame());
    expect(await screen.findByTestId("panel-chat")).toBeTruthy();
    expect(screen.queryByTestId("panel-questions") !== null).toBe(askQuestions);
  });

  it("forgets the pass when the room token is refused (401) and shows the access panel", async () => {
    localStorage.setItem(viewerPassKey(WEBCAST_ID), JSON.stringify(STORED));
    fakeServer({
      ...watchRoute(publicWebcast()),
      [`POST ${watchPath}/room-token`]: () => json({ message: "Your access to this webcast has ended. Please sign in again.", code: "unauthenticated", requestId: "r" }, 401),
    });
    renderViewerPage();
    expect((await screen.findByTestId("access-error")).textContent).toContain("Your access to this webcast has ended.");
    expect(screen.getByTestId("viewer-access")).toBeTruthy();
    expect(localStorage.getItem(viewerPassKey(WEBCAST_ID))).toBeNull();
    // The app's global 401 handling did not send the viewer to the app's login.
    expect(location.pathname).not.toBe("/login");
  });

  it("back from the identity provider refused (?sso_error=): says why over the access panel, signs nobody in", async () => {
    sessionStorage.setItem(ssoReturnKey(WEBCAST_ID), "1");
    const server = fakeServer(watchRoute(withAccess({ methods: ["sso"] })));
    const onTokenUsed = vi.fn();
    renderViewerPage({ ssoError: "invalid_user", onTokenUsed });
    expect((await screen.findByTestId("access-error")).textContent).toContain("Invalid user. Please contact your administrator.");
    expect(screen.getByTestId("sso-form")).toBeTruthy();
    expect(onTokenUsed).toHaveBeenCalledWith("sso_error");
    expect(server.callsTo(`POST ${watchPath}/sign-in`)).toHaveLength(0);
    expect(sessionStorage.getItem(ssoReturnKey(WEBCAST_ID))).toBeNull();
  });

  it("forgets the pass when the webcast no longer lets it in (403: made private, a segment) and says why", async () => {
    localStorage.setItem(viewerPassKey(WEBCAST_ID), JSON.stringify(STORED));
    const server = fakeServer({
      ...watchRoute(publicWebcast()),
      [`POST ${watchPath}/room-token`]: () => json({ message: "This webcast is reserved for some viewers, and you are not among them.", code: "forbidden", requestId: "r" }, 403),
    });
    renderViewerPage();
    expect((await screen.findByTestId("access-error")).textContent).toContain("This webcast is reserved for some viewers");
    expect(localStorage.getItem(viewerPassKey(WEBCAST_ID))).toBeNull();
    // Not asked again and again as if the network were down.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo(`POST ${watchPath}/room-token`)).toHaveLength(1);
  });
});

describe("registration", { timeout: 30_000 }, () => {
  const registering = () =>
    withAccess({ registration_required: true, registration_fields: REGISTRATION_FIELDS, methods: ["magic_link", "pin", "invite", "password", "sso"] });

  it("shows a conditional field live, judges the answers on submit and sends the cleaned answers", async () => {
    const server = fakeServer({ ...watchRoute(registering()), [`POST ${watchPath}/register`]: () => json({ data: { sent: true } }, 201) });
    renderViewerPage();
    const form = await screen.findByTestId("registration-form");
    expect(screen.getByRole("heading", { level: 2, name: "Register to watch" })).toBeTruthy();
    expect(screen.queryByTestId("registration-field-company")).toBeNull();

    await act(async () => fireEvent.submit(form));
    const nameInput = within(screen.getByTestId("registration-name")).getByRole("textbox");
    expect(nameInput.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByTestId("registration-name").textContent).toContain("This field is required");
    const role = screen.getByTestId("registration-field-role");
    expect(role.textContent).toContain("This field is required");
    expect(role.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByTestId("registration-field-consent").textContent).toContain("This field is required");
    expect(server.callsTo(`POST ${watchPath}/register`)).toHaveLength(0);

    await act(async () => within(role).getByLabelText("Partner").click());
    expect(screen.getByTestId("registration-field-company")).toBeTruthy();
    await act(async () => within(role).getByLabelText("Member").click());
    expect(screen.queryByTestId("registration-field-company")).toBeNull();
    await act(async () => within(role).getByLabelText("Partner").click());

    type(nameInput, "Ann Attendee");
    type(within(screen.getByTestId("registration-email")).getByRole("textbox"), "ann@example.test");
    type(input("registration-field-company"), " Acme ");
    await act(async () => within(screen.getByTestId("registration-field-topics")).getByLabelText("Finance").click());
    fireEvent.change(within(screen.getByTestId("registration-field-country")).getByRole("combobox"), { target: { value: "ca" } });
    await act(async () => within(screen.getByTestId("registration-field-consent")).getByRole("checkbox").click());
    await act(async () => fireEvent.submit(form));
    expect(await screen.findByTestId("check-email")).toBeTruthy();
    expect(server.callsTo(`POST ${watchPath}/register`)[0]?.body).toEqual({
      name: "Ann Attendee",
      email: "ann@example.test",
      answers: { role: "partner", company: "Acme", topics: ["finance"], country: "ca", consent: true },
      locale: "en",
    });
  });

  it("shows the server's field errors beside their fields", async () => {
    fakeServer({
      ...watchRoute(withAccess({ registration_required: true, registration_fields: [], methods: ["magic_link"] })),
      [`POST ${watchPath}/register`]: () =>
        json({ message: "Some fields of the registration are invalid.", code: "validation_failed", errors: { email: ["This e-mail address is already registered."] }, requestId: "r" }, 422),
    });
    renderViewerPage();
    const form = await screen.findByTestId("registration-form");
    type(within(screen.getByTestId("registration-name")).getByRole("textbox"), "Ann");
    type(within(screen.getByTestId("registration-email")).getByRole("textbox"), "ann@example.test");
    await act(async () => fireEvent.submit(form));
    expect((await within(form).findByTestId("access-error")).textContent).toBe("Some fields of the registration are invalid.");
    expect(screen.getByTestId("registration-email").textContent).toContain("This e-mail address is already registered.");
  });

  it("asks the webcast's password before using an invitation link on a protected webcast", async () => {
    const server = fakeServer({
      ...watchRoute(withAccess({ password_required: true, methods: ["magic_link", "invite"] })),
      [`POST ${watchPath}/sign-in`]: () => json({ data: { ...ACCESS, expires_at: future(3_600_000) } }),
    });
    const used: string[] = [];
    renderViewerPage({ invite: "inv-1", onTokenUsed: (kind) => used.push(kind) });
    const form = await screen.findByTestId("pending-password-form");
    expect(server.callsTo(`POST ${watchPath}/sign-in`)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText("Webcast password"), { target: { value: "s3cret" } });
    await act(async () => fireEvent.submit(form));
    expect(await screen.findByTestId("viewer-greeting")).toBeTruthy();
    expect(server.callsTo(`POST ${watchPath}/sign-in`)[0]?.body).toEqual({ method: "invite", token: "inv-1", webcast_password: "s3cret" });
  });
});
