import { describe, expect, it } from "vitest";
import { BREAKPOINTS, CONFIRM, TOAST, belowBreakpoint, isTheme } from "./constants.ts";

describe("UI constants (SPEC §9)", () => {
  it("has the spec's breakpoints and timings", () => {
    expect(BREAKPOINTS).toEqual({ sm: 576, "3xl": 1600 });
    expect(TOAST).toEqual({ durationMs: 4000, removalDelayMs: 500, position: "top-center" });
    expect(CONFIRM.closeDelayMs).toBe(500);
    expect(CONFIRM.defaultLabels).toEqual({ accept: "accept", cancel: "cancel" });
  });

  it("builds the below-breakpoint media query used by CSS and JS", () => {
    expect(belowBreakpoint("sm")).toBe("(max-width: 575.98px)");
  });

  it("recognises theme names", () => {
    expect(isTheme("dark")).toBe(true);
    expect(isTheme("system")).toBe(false);
    expect(isTheme(null)).toBe(false);
  });
});
