import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installGlobalErrorHandler } from "../../api/errors.ts";
import { HEALTH_OK, jsonResponse, renderWithI18n } from "../../test/render.tsx";
import { ApiStatusCard } from "./api-status-card.tsx";

const card = () => screen.getByTestId("api-status");

async function renderCard(fetchImpl: () => Promise<Response>) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal("fetch", fetchMock);
  renderWithI18n(<ApiStatusCard />);
  await vi.waitFor(() => expect(card().getAttribute("data-status")).not.toBe("loading"));
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  installGlobalErrorHandler(undefined);
});

describe("API status card", () => {
  it("shows version, status, D1 and migrations from /api/health", async () => {
    await renderCard(async () => jsonResponse(HEALTH_OK));
    expect(card().getAttribute("data-status")).toBe("ok");
    expect(card().textContent).toContain("Operational");
    expect(card().textContent).toContain("0.1.0");
    expect(card().textContent).toContain("Reachable");
    expect(card().textContent).toContain("2 of 2 applied");
  });

  it("shows a degraded API (503) without triggering the global reload", async () => {
    const reloadRoot = vi.fn();
    installGlobalErrorHandler({ resetUser: vi.fn(), navigate: vi.fn(), reloadRoot, loginPath: () => "/", currentPath: () => "/home" });
    await renderCard(async () =>
      jsonResponse({ status: "degraded", version: "0.1.0", d1: false, migrations: { applied: 0, total: 2, pending: ["a", "b"], ok: false } }, 503),
    );
    expect(card().getAttribute("data-status")).toBe("degraded");
    expect(card().textContent).toContain("Degraded");
    expect(card().textContent).toContain("Unreachable");
    expect(card().textContent).toContain("0 of 2 applied");
    expect(reloadRoot).not.toHaveBeenCalled();
  });

  it("explains an unreachable API and retries on demand", async () => {
    let fail = true;
    const fetchMock = await renderCard(async () => (fail ? Promise.reject(new TypeError("Failed to fetch")) : jsonResponse(HEALTH_OK)));
    expect(card().getAttribute("data-status")).toBe("error");
    expect(screen.getByRole("alert").textContent).toContain("The API cannot be reached");
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /^Retry/ }));
    });
    await vi.waitFor(() => expect(card().getAttribute("data-status")).toBe("ok"));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("offline, says the API cannot be reached without asking, and checks once back online", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const fetchMock = await renderCard(async () => jsonResponse(HEALTH_OK));
    expect(card().getAttribute("data-status")).toBe("error");
    expect(screen.getByRole("alert").textContent).toContain("The API cannot be reached");
    expect(fetchMock).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event("online"));
    });
    await vi.waitFor(() => expect(card().getAttribute("data-status")).toBe("ok"));
    expect(fetchMock).toHaveBeenCalledOnce();
    onLine.mockRestore();
  });

  it("names the retry button with its visible label first (WCAG 2.5.3 label in name)", async () => {
    await renderCard(async () => jsonResponse(HEALTH_OK));
    const button = within(card()).getAllByRole("button").find((element) => element.textContent === "Retry");
    expect(button).toBeTruthy();
    // getByRole computes the accessible name (aria-label wins over the content).
    expect(within(card()).getByRole("button", { name: /^Retry\b/ })).toBe(button);
  });

  it("shows the server's message for other failures", async () => {
    await renderCard(async () => jsonResponse({ message: "Something went wrong. Please try again.", code: "server_error", requestId: "r" }, 500));
    expect(card().getAttribute("data-status")).toBe("error");
    expect(screen.getByRole("alert").textContent).toContain("(500): Something went wrong. Please try again.");
  });
});
