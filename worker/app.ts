import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { messageLocale } from "../domain/i18n/locales.ts";
import type { AppEnv } from "./env.ts";
import { dev } from "./features/dev/routes.ts";
import { health } from "./features/health/routes.ts";
import { webcastRoom } from "./features/webcast-room/routes.ts";
import { ApiError } from "./http/api-error.ts";
import { locale, requestId } from "./http/middleware.ts";

const STATUS_CODES = { 400: "bad_request", 401: "unauthenticated", 403: "forbidden", 404: "not_found", 409: "conflict", 422: "validation_failed", 423: "locked", 429: "too_many_attempts", 503: "unavailable" } as const;

const app = new Hono<AppEnv>().use(requestId).use(locale);

/** Chained so `AppType` carries every route for the web's typed `hc` client. */
const routes = app
  .route("/api/health", health)
  .route("/api/webcasts", webcastRoom)
  .route("/api/dev", dev);

app.notFound((c) => {
  const error = new ApiError("not_found");
  return c.json(error.toBody(c.var.locale ?? "fr", c.var.requestId), error.status);
});

app.onError((err, c) => {
  const locale = c.var.locale ?? messageLocale(undefined);
  let error: ApiError;
  if (err instanceof ApiError) error = err;
  else if (err instanceof HTTPException) {
    const code = STATUS_CODES[err.status as keyof typeof STATUS_CODES] ?? "server_error";
    error = new ApiError(code);
  } else {
    console.error(`[${c.var.requestId}]`, err);
    error = new ApiError("server_error");
  }
  return c.json(error.toBody(locale, c.var.requestId), error.status);
});

export default app;
export type AppType = typeof routes;
