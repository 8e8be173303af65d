import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONFIRM } from "../../domain/ui/constants.ts";
import { activateLocale } from "../i18n/i18n.ts";
import { renderWithI18n } from "../test/render.tsx";
import { ConfirmHost } from "./confirm-host.tsx";
import { confirm, confirmState } from "./confirm.ts";

const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

/** Opens a dialog; the answer is wrapped so awaiting `ask` does not wait for the choice. */
async function ask(options: Parameters<typeof confirm>[0] = { title: "Stop the webcast?", message: "This cannot be undone." }) {
  let answer: Promise<boolean> = Promise.resolve(false);
  await act(async () => {
    answer = confirm(options);
  });
  return { answer };
}

beforeEach(() => {
  vi.useFakeTimers();
  confirmState.queue = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe("confirm dialog", () => {
  it("opens an accessible modal with default labels and focus on Accept", async () => {
    renderWithI18n(<ConfirmHost />);
    await ask();
    const dialog = screen.getByRole("dialog", { name: "Stop the webcast?" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog.getAttribute("aria-describedby") ?? "")?.textContent).toBe("This cannot be undone.");
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Accept" }));
  });

  it("resolves true on Accept and closes 500 ms after the choice", async () => {
    expect(CONFIRM.closeDelayMs).toBe(500);
    renderWithI18n(<ConfirmHost />);
    const { answer } = await ask();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    });
    await expect(answer).resolves.toBe(true);
    await advance(499);
    expect(screen.getByTestId("confirm-dialog").parentElement?.getAttribute("data-closing")).toBe("true");
    await advance(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Escape cancels, Enter accepts", async () => {
    renderWithI18n(<ConfirmHost />);
    const { answer: first } = await ask();
    await act(async () => {
      fireEvent.keyDown(document, { key: "Escape" });
    });
    await expect(first).resolves.toBe(false);
    await advance(500);

    const { answer: second } = await ask();
    await act(async () => {
      fireEvent.keyDown(screen.getByRole("button", { name: "Accept" }), { key: "Enter" });
    });
    await expect(second).resolves.toBe(true);
  });

  it("Enter on the focused Cancel button cancels", async () => {
    renderWithI18n(<ConfirmHost />);
    const { answer } = await ask();
    const cancel = screen.getByRole("button", { name: "Cancel" });
    cancel.focus();
    await act(async () => {
      fireEvent.keyDown(cancel, { key: "Enter" });
      fireEvent.click(cancel);
    });
    await expect(answer).resolves.toBe(false);
  });

  it("keeps Tab focus inside the dialog", async () => {
    renderWithI18n(
      <>
        <button type="button">Outside</button>
        <ConfirmHost />
      </>,
    );
    await ask();
    const cancel = screen.getByRole("button", { name: "Cancel" });
    const accept = screen.getByRole("button", { name: "Accept" });
    expect(document.activeElement).toBe(accept);
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(accept);
    screen.getByRole("button", { name: "Outside" }).focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(cancel);
  });

  it("uses custom labels, translates the defaults, and restores focus on close", async () => {
    await activateLocale("fr");
    renderWithI18n(
      <>
        <button type="button">Opener</button>
        <ConfirmHost />
      </>,
    );
    const opener = screen.getByRole("button", { name: "Opener" });
    opener.focus();
    const { answer } = await ask({ title: "T", message: "M", acceptLabel: "Stop" });
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Annuler" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    });
    await expect(answer).resolves.toBe(false);
    await advance(500);
    expect(document.activeElement).toBe(opener);
  });

  it("shows queued questions one after the other", async () => {
    renderWithI18n(<ConfirmHost />);
    const { answer: first } = await ask({ title: "First", message: "1" });
    const { answer: second } = await ask({ title: "Second", message: "2" });
    expect(screen.getByRole("dialog").getAttribute("aria-labelledby")).toBeTruthy();
    expect(screen.getByRole("heading").textContent).toBe("First");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    });
    await advance(500);
    expect(screen.getByRole("heading").textContent).toBe("Second");
    await act(async () => {
      fireEvent.keyDown(document, { key: "Escape" });
    });
    await expect(Promise.all([first, second])).resolves.toEqual([true, false]);
  });
});
