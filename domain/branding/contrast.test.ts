import { describe, expect, it } from "vitest";
import { contrastRatio, titleColors } from "./contrast.ts";

describe("title colour contrast", () => {
  it("measures WCAG contrast ratios", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("red", "#fff")).toBeNull();
  });

  it("keeps the organizer's colour only on the theme where it reaches 4.5:1", () => {
    expect(titleColors("#1d4ed8")).toEqual({ light: "#1d4ed8", dark: undefined });
    expect(titleColors("#ffff00")).toEqual({ light: undefined, dark: "#ffff00" });
    // A mid grey is readable on neither: the theme colour applies on both.
    expect(titleColors("#777777")).toEqual({ light: undefined, dark: undefined });
    expect(titleColors(null)).toEqual({ light: undefined, dark: undefined });
    expect(titleColors("url(x)")).toEqual({ light: undefined, dark: undefined });
  });
});
