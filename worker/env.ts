import type { UiLocale } from "../domain/i18n/locales.ts";
import type { OrganizationSync, ViewerJobs, WebcastRoom } from "./durable-objects.ts";
import type { AuthUser } from "./features/auth/auth-user.ts";

/** Bindings declared in wrangler.toml. */
export interface Env {
  DB: D1Database;
  /** The built PWA (absent in workerd unit tests). */
  ASSETS?: Fetcher;
  MEDIA: R2Bucket;
  WEBCAST_ROOM: DurableObjectNamespace<WebcastRoom>;
  ORGANIZATION_SYNC: DurableObjectNamespace<OrganizationSync>;
  /** One per webcast (`idFromName(webcastId)`): CSV imports of viewers and queued invitations (durable/viewer-jobs). */
  VIEWER_JOBS: DurableObjectNamespace<ViewerJobs>;
  /** "local" only under `npm start`/tests; deployed workers run with "production". */
  APP_ENV: "local" | "production";
  APP_VERSION: string;
  /** Secret in production (`wrangler secret put PASSWORD_PEPPER`); a fixed value locally. */
  PASSWORD_PEPPER?: string;
  /** Secret in production; signs CSRF tokens. */
  APP_KEY: string;
  /** Public origin for links in e-mails; defaults to the request's origin. */
  APP_URL?: string;
  /** "local" (outbox only, default) or "http" (provider below). */
  MAIL_TRANSPORT?: "local" | "http";
  MAIL_HTTP_URL?: string;
  MAIL_HTTP_TOKEN?: string;
  MAIL_FROM?: string;
  /**
   * The platform's dial-in phone numbers, `[{ country, number, label? }]`: a JSON value in
   * wrangler.toml, or a JSON string set elsewhere. Parsed only by worker/features/dial-in/pool.ts;
   * missing or empty means phone dial-in is unavailable.
   */
  DIAL_IN_NUMBERS?: string | readonly unknown[];
}

/** Hono generics shared by every sub-app, so `c.env` and `c.var` are typed everywhere. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    locale: UiLocale;
    /** The signed-in user, set by worker/auth/middleware.ts `authenticate`; null when signed out. */
    auth: AuthUser | null;
  };
}

type Bindings = Env;

// Types `env` from "cloudflare:workers" and `exports` (the main module's loopback bindings).
declare global {
  namespace Cloudflare {
    interface Env extends Bindings {}
    interface GlobalProps {
      mainModule: typeof import("./index.ts");
      durableNamespaces: "WebcastRoom" | "OrganizationSync" | "ViewerJobs";
    }
  }
}
