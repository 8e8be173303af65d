import { createMiddleware } from "hono/factory";
import { requestId as honoRequestId } from "hono/request-id";
import { languageFromHeader, messageLocale } from "../../domain/i18n/locales.ts";
import type { AppEnv } from "../env.ts";

/** Every response carries X-Request-Id (the caller's, if it sent a sane one). */
export const requestId = honoRequestId({ headerName: "X-Request-Id" });

/** Picks the language of server texts from `?lang`, then X-Locale, then Accept-Language (SPEC §5, §7). */
export const locale = createMiddleware<AppEnv>(async (c, next) => {
  const requested = c.req.query("lang") ?? c.req.header("X-Locale") ?? languageFromHeader(c.req.header("Accept-Language"));
  c.set("locale", messageLocale(requested));
  await next();
});
