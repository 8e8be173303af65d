import { z } from "zod";
import { isUiLocale } from "../i18n/locales.ts";
import { RESOURCE_KINDS, type ResourceRow } from "../resources/record.ts";

/**
 * The webcast's resources as its viewers see them on /w/{id} (issue #19, SPEC §3 attendee option
 * "view resources"; docs/viewer-page.md "Resources"). Pure: the worker's call
 * (worker/features/viewer-resources) checks the room token, reads the rows, picks them with
 * `resourcesForViewer` and signs the files; the page parses the answer with `viewerResourceSchema`.
 */

export const RESOURCE_LANGUAGES = ["en", "fr"] as const;
export type ResourceLanguage = (typeof RESOURCE_LANGUAGES)[number];

export const viewerResourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  kind: z.enum(RESOURCE_KINDS),
  /** A signed file URL (`/api/files/<token>`, a download named `file_name`), the link, or `mailto:<address>`. */
  url: z.string(),
  /** The uploaded file's name (files only). */
  file_name: z.string().optional(),
  /** The resource's language, when the organizer set one. */
  language: z.enum(RESOURCE_LANGUAGES).optional(),
});
export type ViewerResource = z.infer<typeof viewerResourceSchema>;

type Candidate = Pick<ResourceRow, "kind" | "url" | "file_key" | "visible" | "language">;

/**
 * The language whose resources the viewer gets (with those without a language): the page's
 * language when resources come in it (en, fr), else the webcast's own (a viewer reading in German
 * gets the webcast's language, not both copies of a translated document).
 */
export function resourceLanguageFor(pageLanguage: string | undefined, webcastLanguage: ResourceLanguage): ResourceLanguage {
  const asked = isUiLocale(pageLanguage) ? pageLanguage : undefined;
  return asked === "en" || asked === "fr" ? asked : webcastLanguage;
}

/**
 * The resources a viewer may see, in the order given (the caller reads them by position): none
 * when the attendee option `view_resources` is off; otherwise those marked visible, without a
 * language or in `language`, that can be opened (a file with its stored file, a link to http(s),
 * an e-mail address). Who authorizes: the caller has checked the viewer's room token.
 */
export function resourcesForViewer<R extends Candidate>(rows: readonly R[], viewResources: boolean, language: ResourceLanguage): R[] {
  if (!viewResources) return [];
  return rows.filter((row) => row.visible && (row.language === null || row.language === language) && openable(row));
}

function openable(row: Candidate): boolean {
  if (row.kind === "file") return row.file_key !== null;
  if (row.kind === "email") return row.url !== null && row.url.includes("@");
  return row.url !== null && isHttpUrl(row.url);
}

/** Links were checked on write (domain/validation/form-rules.ts `url`); checked again so no `javascript:` ever reaches an href. */
function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

/** `mailto:` for an e-mail resource (RFC 6068: the address percent-encoded, its `@` kept). */
export function mailtoUrl(address: string): string {
  return `mailto:${encodeURIComponent(address.trim()).replace(/%40/g, "@")}`;
}
