import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { linkify } from "./api.ts";

const mail = (id: number, subject: string, text: string) => ({
  id,
  to: `user${id}@acme.test`,
  subject,
  text,
  html: "<p>html</p>",
  template: "email_verification",
  locale: "en",
  created_at: "2026-11-22 10:00:00",
});

afterEach(() => vi.unstubAllGlobals());

describe("linkify", () => {
  it("turns http(s) URLs into links, leaving the sentence's punctuation out", () => {
    expect(linkify("Open http://localhost:5173/users/activation/abc. Thanks")).toEqual([
      { kind: "text", text: "Open " },
      { kind: "link", href: "http://localhost:5173/users/activation/abc" },
      { kind: "text", text: ". Thanks" },
    ]);
    expect(linkify("no links")).toEqual([{ kind: "text", text: "no links" }]);
  });
});

describe("local mailbox", () => {
  it("lists the messages and shows one with clickable links", async () => {
    const link = `${location.origin}/users/activation/tok-9`;
    fakeServer({
      "GET /api/dev/mail": () => json({ data: [mail(2, "Confirm your e-mail address", `Welcome!\n\nActivate: ${link}\n`), mail(1, "Reset your password", "Reset: https://elsewhere.test/x")] }),
    });
    await renderApp("/dev/mailbox");
    await vi.waitFor(() => expect(screen.getAllByTestId("mailbox-item")).toHaveLength(2));
    const message = screen.getByTestId("mailbox-message");
    expect(within(message).getByRole("heading").textContent).toBe("Confirm your e-mail address");
    expect(message.textContent).toContain("user2@acme.test");
    const activation = within(message).getByRole("link", { name: link });
    expect(activation.getAttribute("href")).toBe(link);
    expect(activation.getAttribute("target")).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getAllByTestId("mailbox-item")[1] ?? document.body);
    });
    const other = within(screen.getByTestId("mailbox-message")).getByRole("link", { name: "https://elsewhere.test/x" });
    expect(other.getAttribute("target")).toBe("_blank");
    expect(other.getAttribute("rel")).toContain("noopener");
  });

  it("says it is not available when the server has no mailbox (production 404)", async () => {
    fakeServer({});
    await renderApp("/dev/mailbox");
    await vi.waitFor(() => expect(screen.getByText("The local mailbox is not available here: it only exists when the app runs locally.")).toBeTruthy());
  });

  it("says when there is no e-mail yet", async () => {
    fakeServer({ "GET /api/dev/mail": () => json({ data: [] }) });
    await renderApp("/dev/mailbox");
    await vi.waitFor(() => expect(screen.getByTestId("mailbox-empty")).toBeTruthy());
  });
});
