import { type UiLocale, languageFromHeader, resolveInitialLocale } from "../i18n/locales.ts";
import { localized } from "../validation/localized.ts";
import type { PublicWebcast } from "./api.ts";
import { FIRST_SCREEN_LABELS, FIRST_SCREEN_TITLES } from "./first-screen-messages.ts";
import { type ViewerPageState, viewerPageState } from "./page-state.ts";
import { escapeHtml } from "../http/html.ts";

/**
 * The viewer page's first screen, written by the worker into watch.html (issue #19: LCP ≤ 1.5 s on
 * a phone; docs/viewer-page.md "First paint"): what is painted before the app's JavaScript runs,
 * made of the same PublicWebcast the API answers. The boxes are the React page's own (classes of
 * viewer-page.tsx, viewer-header.tsx, state-panel.tsx), so the page does not jump when React
 * replaces them; the words are few: the organizer's (title, description), dates by Intl, and the
 * headlines of first-screen-messages.ts. Everything is escaped; no inline style (the CSP's
 * style-src 'self' refuses style attributes) and no inline script but JSON data. Pure; public data.
 */

/** The id of the `<script type="application/json">` holding the PublicWebcast (read by web/watch.tsx). */
export const FIRST_SCREEN_DATA_ID = "igo-watch-data";


/**
 * JSON for a `<script type="application/json">` block: `<`, `>` and `&` as \u escapes (still the
 * same JSON), so no `</script>` or `<!--` in a title can end the block; U+2028/2029 too.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * The language of the first screen by the web's own rule (domain/i18n `resolveInitialLocale`, which
 * web/i18n/i18n.ts applies in the browser): `?lang=`, the stored choice (the `igo.locale` cookie the
 * language switch writes besides local storage), the browser's first language (Accept-Language).
 */
export function firstScreenLocale(input: { query: string | null; cookie: string | null; acceptLanguage: string | null }): UiLocale {
  const browser = languageFromHeader(input.acceptLanguage);
  return resolveInitialLocale({ query: input.query, stored: input.cookie, browser: browser ? [browser] : [] });
}

function headline(state: ViewerPageState): keyof typeof FIRST_SCREEN_TITLES {
  if (state.kind !== "not_started") return state.kind;
  if (state.startsInMs === 0) return "starting_now";
  return state.soon === null ? "not_started" : "starting_soon";
}

function formatStart(iso: string, locale: UiLocale, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone }).format(new Date(iso));
  } catch {
    return iso;
  }
}

/** What a shared link previews (title, description, Open Graph image), cover URL made absolute. */
export function firstScreenMeta(webcast: PublicWebcast, origin: string): { title: string; description: string | null; image: string | null } {
  const cover = webcast.branding.cover_url;
  return { title: webcast.title, description: webcast.description?.trim() || null, image: cover ? new URL(cover, origin).href : null };
}

/**
 * The inside of `#root`: the public layout's frame, the branded header (logo, banner, title), the
 * stage with the poster (16:9 from the first paint), the state's headline and the schedule in the
 * webcast's time zone, and the description. The access panel, the countdown and the viewer's own
 * time zone come with React.
 */
export function firstScreenHtml(webcast: PublicWebcast, { locale, now }: { locale: UiLocale; now: number }): string {
  const state = viewerPageState(webcast, now);
  const { branding } = webcast;
  const title = escapeHtml(webcast.title);
  const image = (className: string, src: string, size: string, extra = "") => `<img class="${className}" src="${escapeHtml(src)}" alt="" ${size}${extra}>`;
  const logo = branding.logo_url ? image("viewer-page__logo", branding.logo_url, "") : "<span></span>";
  const banner = branding.banner_url ? image("viewer-page__banner", branding.banner_url, 'width="1600" height="400"') : "";
  const poster = branding.cover_url ? image("viewer-page__poster", branding.cover_url, 'width="1600" height="900"', ' fetchpriority="high"') : "";
  const stage = state.kind === "canceled" ? "" : `<div class="viewer-page__stage" data-kind="${state.kind}">${poster}</div>`;
  const schedule =
    state.kind === "not_started" && webcast.start !== null
      ? `<dl class="viewer-page__schedule"><dt>${escapeHtml(localized(FIRST_SCREEN_LABELS.starts, locale))}</dt><dd><time datetime="${escapeHtml(webcast.start)}">${escapeHtml(formatStart(webcast.start, locale, webcast.timezone))}</time> <span class="muted">(${escapeHtml(webcast.timezone)})</span></dd></dl>`
      : "";
  const heading = escapeHtml(localized(FIRST_SCREEN_TITLES[headline(state)], locale));
  const soon = state.soon ? ` data-soon="${state.soon}"` : "";
  const description =
    webcast.description !== null
      ? `<section class="card viewer-page__description"><h2 class="card__title">${escapeHtml(localized(FIRST_SCREEN_LABELS.about, locale))}</h2><p>${escapeHtml(webcast.description)}</p></section>`
      : "";
  return [
    '<div class="public-layout" data-first-screen=""><main id="main" class="public-layout__main">',
    `<div class="viewer-page" data-theme-name="${escapeHtml(branding.theme)}">`,
    `<header class="viewer-page__header"><div class="viewer-page__bar">${logo}<div class="viewer-page__tools"></div></div>${banner}<h1 class="page-title viewer-page__title">${title}</h1></header>`,
    '<div class="viewer-page__layout"><div class="viewer-page__primary">',
    stage,
    `<section class="viewer-page__state card" data-kind="${state.kind}"${soon}><div><h2 class="card__title">${heading}</h2></div>${schedule}</section>`,
    `</div><div class="viewer-page__secondary">${description}</div></div>`,
    "</div></main></div>",
  ].join("");
}
