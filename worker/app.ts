import { Hono } from "hono";
import type { AppEnv } from "./env.ts";
import { dev } from "./features/dev/routes.ts";
import { health } from "./features/health/routes.ts";
import { webcastRoom } from "./features/webcast-room/routes.ts";
import { notFound, onError } from "./http/error-handlers.ts";
import { locale, requestId } from "./http/middleware.ts";

const app = new Hono<AppEnv>().use(requestId).use(locale);

/** Chained so `AppType` carries every route for the web's typed `hc` client. */
const routes = app
  .route("/api/health", health)
  .route("/api/webcasts", webcastRoom)
  .route("/api/dev", dev);

app.notFound(notFound);
app.onError(onError);

export default app;
export type AppType = typeof routes;
