import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations.ts";
import { users } from "./users.ts";

/** Server-side sessions. `id` is the SHA-256 (base64url) of the cookie token; the token itself is never stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remember: integer("remember", { mode: "boolean" }).notNull().default(false),
    ip: text("ip"),
    user_agent: text("user_agent"),
    created_at: text("created_at").notNull().default(sql`CURRENT_TIMESTAMP`),
    last_seen_at: text("last_seen_at").notNull().default(sql`CURRENT_TIMESTAMP`),
    /** ISO date; the session is dead after it (sliding: pushed forward on use). */
    expires_at: text("expires_at").notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.user_id)],
);

/** Single-use, expiring tokens sent by e-mail. `token_hash` is the SHA-256 of the token in the link. */
export const userTokens = sqliteTable(
  "user_tokens",
  {
    token_hash: text("token_hash").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["password_reset", "email_verification", "invitation"] }).notNull(),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
    created_at: text("created_at").notNull().default(sql`CURRENT_TIMESTAMP`),
  },
  (table) => [index("user_tokens_user_idx").on(table.user_id, table.purpose)],
);

/** Every e-mail the app sends. The local transport stops here (the local mailbox screen reads it). */
export const mailOutbox = sqliteTable("mail_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  locale: text("locale").notNull(),
  template: text("template").notNull(),
  transport: text("transport", { enum: ["local", "http"] }).notNull(),
  status: text("status", { enum: ["stored", "sent", "failed"] }).notNull().default("stored"),
  error: text("error"),
  created_at: text("created_at").notNull().default(sql`CURRENT_TIMESTAMP`),
});

/**
 * Brute-force counters (worker/auth/rate-limit.ts, worker/auth/throttle.ts). Fixed windows
 * ("password-email:ip:<addr>", …) use `count` and `window_ends_at`; the sign-in throttle
 * ("login:pair:<email>|<addr>", "login:account:<email>", "login:ip:<addr>") counts failures in
 * `count`, forgets them at `window_ends_at` and refuses attempts before `next_at` (ms); `claim` is
 * the request that last counted one (so a request's own claims do not block it).
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  window_ends_at: integer("window_ends_at").notNull(),
  next_at: integer("next_at").notNull().default(0),
  claim: text("claim"),
});

/** OpenID Connect logins in flight (state → nonce, PKCE verifier, organization), short-lived. */
export const ssoStates = sqliteTable("sso_states", {
  state: text("state").primaryKey(),
  organization_id: integer("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  nonce: text("nonce").notNull(),
  code_verifier: text("code_verifier").notNull(),
  redirect_url: text("redirect_url"),
  expires_at: text("expires_at").notNull(),
});
