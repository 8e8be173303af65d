import type { LocalizedText } from "../validation/localized.ts";

/**
 * Where a request says it comes from, compared with the app's own origin (the origin of the URL
 * the request was sent to). Browsers send Origin on every cross-origin POST/PATCH/PUT/DELETE and on
 * every websocket handshake, so a forged cross-site request always shows where it comes from.
 *
 * - `same`: Origin (else Referer) names the app's origin;
 * - `cross`: it names another origin, the opaque origin "null" (sandboxed frames, data: URLs), or
 *   is unreadable; without both, a `Sec-Fetch-Site` of `cross-site`/`same-site` is cross too;
 * - `absent`: none of those headers. Only a non-browser client sends none (curl, scripts, server
 *   to server), and such a client cannot be the confused deputy of a CSRF; it still needs the
 *   session cookie and the XSRF token. The same rule as Go's net/http CrossOriginProtection.
 */
export type OriginVerdict = "same" | "cross" | "absent";

export interface OriginHeaders {
  origin?: string | null | undefined;
  referer?: string | null | undefined;
  secFetchSite?: string | null | undefined;
}

function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

export function originVerdict(url: string | URL, headers: OriginHeaders): OriginVerdict {
  const own = new URL(url).origin;
  const accepted = (claimed: string | null) => claimed !== null && claimed === own;
  if (headers.origin) return accepted(originOf(headers.origin)) ? "same" : "cross";
  if (headers.referer) return accepted(originOf(headers.referer)) ? "same" : "cross";
  if (headers.secFetchSite === "cross-site" || headers.secFetchSite === "same-site") return "cross";
  return "absent";
}

/** The refusal's text (403 forbidden). */
export const CROSS_ORIGIN_REFUSED: LocalizedText = {
  en: "This request did not come from this application's pages and was refused.",
  fr: "Cette requête ne provient pas des pages de cette application et a été refusée.",
  de: "Diese Anfrage stammt nicht von den Seiten dieser Anwendung und wurde abgelehnt.",
  pt: "Esta solicitação não veio das páginas deste aplicativo e foi recusada.",
  es: "Esta solicitud no procede de las páginas de esta aplicación y fue rechazada.",
};
