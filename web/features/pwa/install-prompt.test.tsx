import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render.tsx";
import { captureInstallPrompt, installOffer } from "./install-offer.ts";
import { INSTALL_DISMISSED_KEY, InstallPrompt } from "./install-prompt.tsx";
import { pwa } from "./service-worker.ts";
import { linkWebcastManifest } from "./webcast-manifest.ts";

/** Chromium's `beforeinstallprompt`: cancelable, with prompt(). */
function offerEvent() {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt });
  return { event, prompt };
}

let release: () => void = () => undefined;
beforeEach(() => {
  localStorage.clear();
  release = captureInstallPrompt(window);
});
afterEach(() => {
  release();
  pwa.updateAvailable = false;
});

describe("install prompt", () => {
  it("shows nothing until the browser offers the install", () => {
    renderWithI18n(<InstallPrompt />);
    expect(screen.queryByTestId("install-prompt")).toBeNull();
  });

  it("keeps the browser's offer and prompts on Install, once", async () => {
    renderWithI18n(<InstallPrompt />);
    const { event, prompt } = offerEvent();
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByTestId("install-prompt").getAttribute("data-offer")).toBe("prompt");
    await act(async () => fireEvent.click(screen.getByTestId("install-prompt-install")));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("install-prompt")).toBeNull();
  });

  it("goes away once installed", () => {
    renderWithI18n(<InstallPrompt />);
    act(() => void window.dispatchEvent(offerEvent().event));
    act(() => void window.dispatchEvent(new Event("appinstalled")));
    expect(screen.queryByTestId("install-prompt")).toBeNull();
  });

  it("remembers Not now on this device", () => {
    const first = renderWithI18n(<InstallPrompt />);
    act(() => void window.dispatchEvent(offerEvent().event));
    fireEvent.click(screen.getByTestId("install-prompt-dismiss"));
    expect(screen.queryByTestId("install-prompt")).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();

    // Another visit: a new page, a new offer from the browser.
    first.unmount();
    release();
    release = captureInstallPrompt(window);
    renderWithI18n(<InstallPrompt />);
    act(() => void window.dispatchEvent(offerEvent().event));
    expect(screen.queryByTestId("install-prompt")).toBeNull();
  });

  it("gives way to the update banner", async () => {
    renderWithI18n(<InstallPrompt />);
    act(() => void window.dispatchEvent(offerEvent().event));
    // valtio tells its readers on the next microtask.
    await act(async () => {
      pwa.updateAvailable = true;
    });
    expect(screen.queryByTestId("install-prompt")).toBeNull();
  });
});

describe("installOffer", () => {
  const idle = { event: null, installed: false, dismissed: false };
  it("hints at Add to Home Screen on iOS, where there is no install event", () => {
    expect(installOffer(idle, { standalone: false, ios: true })).toBe("ios-hint");
    expect(installOffer(idle, { standalone: false, ios: false })).toBe("none");
  });
  it("offers nothing to the installed app", () => {
    expect(installOffer(idle, { standalone: true, ios: true })).toBe("none");
  });
});

describe("linkWebcastManifest", () => {
  it("points the page's manifest link at the webcast's", () => {
    linkWebcastManifest("0196a0de-0001-7000-8000-000000000000");
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe("/w/0196a0de-0001-7000-8000-000000000000/manifest.webmanifest");
    linkWebcastManifest("other");
    expect(document.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
  });
});
