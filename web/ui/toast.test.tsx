import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST } from "../../domain/ui/constants.ts";
import { renderWithI18n } from "../test/render.tsx";
import { ToastHost } from "./toast-host.tsx";
import { toast, toasts } from "./toast.ts";

const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  toasts.items = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe("toasts", () => {
  it("shows top-center in a polite live region", async () => {
    renderWithI18n(<ToastHost />);
    await act(async () => {
      toast.success("Saved");
    });
    const region = screen.getByRole("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.getAttribute("data-position")).toBe("top-center");
    expect(screen.getByTestId("toast").textContent).toContain("Saved");
    expect(screen.getByTestId("toast").getAttribute("data-kind")).toBe("success");
  });

  it("fades out after 4000 ms and leaves the DOM 500 ms later", async () => {
    expect(TOAST).toMatchObject({ durationMs: 4000, removalDelayMs: 500 });
    renderWithI18n(<ToastHost />);
    await act(async () => {
      toast.error("Failed");
    });
    await advance(3999);
    expect(screen.getByTestId("toast").getAttribute("data-leaving")).toBe("false");
    await advance(1);
    expect(screen.getByTestId("toast").getAttribute("data-leaving")).toBe("true");
    await advance(499);
    expect(screen.queryByTestId("toast")).not.toBeNull();
    await advance(1);
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("stacks toasts, each on its own timer", async () => {
    renderWithI18n(<ToastHost />);
    await act(async () => {
      toast.info("One");
    });
    await advance(1000);
    await act(async () => {
      toast.info("Two");
    });
    await advance(3500);
    expect(screen.getAllByTestId("toast").map((el) => el.textContent?.slice(0, 3))).toEqual(["Two"]);
    await advance(1000);
    expect(screen.queryAllByTestId("toast")).toHaveLength(0);
  });

  it("can be dismissed early, still fading for 500 ms", async () => {
    renderWithI18n(<ToastHost />);
    await act(async () => {
      toast.info("Hello");
    });
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    await advance(0);
    expect(screen.getByTestId("toast").getAttribute("data-leaving")).toBe("true");
    await advance(500);
    expect(screen.queryByTestId("toast")).toBeNull();
  });
});
