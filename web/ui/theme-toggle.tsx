import { useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { effectiveTheme, theme, toggleTheme } from "./theme.ts";

/** Switches between light and dark; the label names the theme it switches to. */
export function ThemeToggle() {
  const { t } = useLingui();
  const current = effectiveTheme(useSnapshot(theme));
  const label = current === "dark" ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <button type="button" className="icon-button" onClick={toggleTheme} aria-label={label} title={label} data-testid="theme-toggle">
      <span aria-hidden="true">{current === "dark" ? "☀" : "☾"}</span>
    </button>
  );
}
