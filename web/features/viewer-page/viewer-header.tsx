import { useLingui } from "@lingui/react/macro";
import type { CSSProperties } from "react";
import type { PublicWebcast } from "../../../domain/viewer-page/api.ts";
import { LanguageSwitcher } from "../../i18n/language-switcher.tsx";
import { ThemeToggle } from "../../ui/theme-toggle.tsx";
import { titleColors } from "../../../domain/branding/contrast.ts";

/**
 * The webcast's branded header (SPEC §3 branding: theme, logo, cover image, title colour): the
 * organizer's logo, the banner, the title in their colour where it is readable (domain/branding/contrast.ts), and
 * the language switch when the attendee options allow it (SPEC §3 "switch language").
 */
export function ViewerHeader({ webcast }: { webcast: PublicWebcast }) {
  const { t } = useLingui();
  const { branding } = webcast;
  const colors = titleColors(branding.title_color);
  const style: CSSProperties & Record<`--${string}`, string> = {};
  if (colors.light) style["--viewer-title-light"] = colors.light;
  if (colors.dark) style["--viewer-title-dark"] = colors.dark;
  const title = webcast.title;
  return (
    <header className="viewer-page__header" style={style} data-testid="viewer-header">
      <div className="viewer-page__bar">
        {branding.logo_url ? <img className="viewer-page__logo" src={branding.logo_url} alt={t`${title}: logo of the organizer`} data-testid="viewer-logo" /> : <span />}
        <div className="viewer-page__tools">
          {webcast.attendee_options.switch_language ? <LanguageSwitcher /> : null}
          <ThemeToggle />
        </div>
      </div>
      {branding.banner_url ? <img className="viewer-page__banner" src={branding.banner_url} alt={t`Banner of ${title}`} data-testid="viewer-banner" /> : null}
      <h1 className="page-title viewer-page__title" data-testid="page-title" data-branded={colors.light !== undefined || colors.dark !== undefined}>
        {title}
      </h1>
    </header>
  );
}
