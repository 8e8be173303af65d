import { proxy, subscribe } from "valtio";
import { STORAGE_PREFIX } from "../../domain/i18n/locales.ts";
import { type Theme, type ThemePreference, isTheme } from "../../domain/ui/constants.ts";
import { readStored, writeStored } from "../lib/storage.ts";

export const THEME_STORAGE_KEY = `${STORAGE_PREFIX}.theme` as const;

/** Browser chrome colour per theme; matches --header-bg in styles.css. */
export const THEME_COLORS: Record<Theme, string> = { light: "#1d4ed8", dark: "#0f172a" };

const DARK_QUERY = "(prefers-color-scheme: dark)";

function systemTheme(): Theme {
  return globalThis.matchMedia?.(DARK_QUERY).matches ? "dark" : "light";
}

export const theme = proxy<{ preference: ThemePreference; system: Theme }>({ preference: "system", system: "light" });

export function effectiveTheme(state: { preference: ThemePreference; system: Theme } = theme): Theme {
  return state.preference === "system" ? state.system : state.preference;
}

/** A pick is stored under `igo.theme` and stops following the system setting. */
export function setTheme(value: Theme): void {
  theme.preference = value;
  writeStored(THEME_STORAGE_KEY, value);
}

export function toggleTheme(): void {
  setTheme(effectiveTheme() === "dark" ? "light" : "dark");
}

function applyTheme(value: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = value;
  root.style.colorScheme = value;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "theme-color";
    document.head.appendChild(meta);
  }
  meta.content = THEME_COLORS[value];
}

/**
 * Reads the stored pick, follows `prefers-color-scheme` while there is none, and keeps
 * `<html data-theme>` and `<meta name="theme-color">` in sync. Returns a disposer (tests).
 */
export function initTheme(): () => void {
  const stored = readStored(THEME_STORAGE_KEY);
  theme.preference = isTheme(stored) ? stored : "system";
  theme.system = systemTheme();
  applyTheme(effectiveTheme());

  const media = globalThis.matchMedia?.(DARK_QUERY);
  const onSystemChange = () => {
    theme.system = systemTheme();
  };
  media?.addEventListener("change", onSystemChange);
  const unsubscribe = subscribe(theme, () => applyTheme(effectiveTheme()), true);
  return () => {
    media?.removeEventListener("change", onSystemChange);
    unsubscribe();
  };
}
