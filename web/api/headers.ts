import { currentLocale } from "../i18n/i18n.ts";

let socketId: string | undefined;

/** SPEC §7: set once the realtime connection is up, cleared when it closes. */
export function setSocketId(id: string | undefined): void {
  socketId = id;
}

/** The SPEC §7 headers, computed per request so a language switch applies at once. */
export function requestHeaders(): Record<string, string> {
  const locale = currentLocale();
  const headers: Record<string, string> = {
    "X-Requested-With": "XMLHttpRequest",
    Accept: "application/json",
    "X-Timezone": Intl.DateTimeFormat().resolvedOptions().timeZone,
    "Accept-Language": locale,
    "X-Locale": locale,
  };
  if (socketId) headers["X-Socket-ID"] = socketId;
  return headers;
}
