/**
 * WCAG 2 contrast of the organizer's title colour against the page's surfaces. The title is large
 * text (≥ 24 px), but the check uses 4.5:1, the normal-text ratio, so it also holds on a phone where
 * a long title wraps at a smaller size.
 */
export const TITLE_MIN_CONTRAST = 4.5;

/** The surfaces the title is drawn on (web/ui/styles.css --surface, light and dark). */
export const SURFACES = { light: "#ffffff", dark: "#111a2e" } as const;

function channels(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join("") : match[1];
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio (1–21) of two #rgb/#rrggbb colours; null when one is not such a colour. */
export function contrastRatio(a: string, b: string): number | null {
  const first = channels(a);
  const second = channels(b);
  if (!first || !second) return null;
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The title colour per theme: the organizer's where it reaches AA on that theme's surface, else
 * undefined (the theme's own text colour applies). Unparseable colours are never used.
 */
export function titleColors(color: string | null): { light: string | undefined; dark: string | undefined } {
  if (!color) return { light: undefined, dark: undefined };
  const passes = (surface: string) => (contrastRatio(color, surface) ?? 0) >= TITLE_MIN_CONTRAST;
  return { light: passes(SURFACES.light) ? color : undefined, dark: passes(SURFACES.dark) ? color : undefined };
}
