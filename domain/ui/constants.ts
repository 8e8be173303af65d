/**
 * UI constants of SPEC §9, shared by the web (behaviour) and anything that must agree with it
 * (end-to-end timings, CSS comments). Pure values; no authorization involved.
 */

/** Layout breakpoints in CSS pixels (SPEC §9). `sm` is where the menu collapses into a toggle. */
export const BREAKPOINTS = { sm: 576, "3xl": 1600 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Media query for widths below a breakpoint (the collapsed-menu layout is below `sm`). */
export function belowBreakpoint(name: Breakpoint): string {
  // .02px under the breakpoint, as CSS does, so fractional widths never match both sides.
  return `(max-width: ${BREAKPOINTS[name] - 0.02}px)`;
}

export const TOAST = {
  /** How long a toast stays before it starts fading out. */
  durationMs: 4000,
  /** Removed from the DOM this long after it starts fading out (its exit transition). */
  removalDelayMs: 500,
  position: "top-center",
} as const;

export const CONFIRM = {
  /** The dialog closes (fades out) this long after the choice. */
  closeDelayMs: 500,
  /** Keys of the default button labels; the web translates them. */
  defaultLabels: { accept: "accept", cancel: "cancel" },
} as const;

export type ConfirmLabelKey = (typeof CONFIRM.defaultLabels)[keyof typeof CONFIRM.defaultLabels];

/** Theme choices; "system" follows `prefers-color-scheme` until the user picks one. */
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export type ThemePreference = Theme | "system";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** SPEC §4 and §9: the featured-webcast loader's data is fresh for one minute, then refetched. */
export const FEATURED_WEBCASTS = {
  freshMs: 60_000,
  /** Rows in the home screen's "your webcasts" block (the rest are on /sessions). */
  homeListLimit: 10,
} as const;
