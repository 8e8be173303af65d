import { env } from "cloudflare:workers";
import { hashPassword } from "../../auth/password.ts";
import { db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { TestClient } from "../../test/client.ts";

/** Helpers for the identity route tests (workerd only). */

export const PASSWORD = "Strong-pass-1!";

/** A fresh e-mail and client address per test, so tests never share users or rate-limit counters. */
export function unique(prefix: string): { email: string; ip: string } {
  const [a = 0, b = 0, c = 0] = crypto.getRandomValues(new Uint8Array(3));
  return { email: `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`, ip: `10.${a}.${b}.${c}` };
}

/** Inserts a user straight into D1 (status active unless told otherwise). */
export async function createUser(options: {
  email: string;
  password?: string | null;
  status?: "pending" | "active" | "disabled";
  language?: "en" | "fr";
}): Promise<{ id: number; email: string; communication_language: string }> {
  const password = options.password === undefined ? PASSWORD : options.password;
  const [row] = await db(env.DB)
    .insert(users)
    .values({
      email: options.email,
      name: "Test User",
      first_name: "Test",
      last_name: "User",
      status: options.status ?? "active",
      communication_language: options.language ?? "en",
      password_hash: password === null ? null : await hashPassword(password, env.PASSWORD_PEPPER ?? ""),
    })
    .returning({ id: users.id, email: users.email, communication_language: users.communication_language });
  if (!row) throw new Error("user not created");
  return row;
}

/** POST /login from a given client address. */
export function login(client: TestClient, body: { email: string; password: string; remember?: boolean }, ip = "192.0.2.1"): Promise<Response> {
  return client.request("/login", { method: "POST", json: body, headers: { "CF-Connecting-IP": ip } });
}

export interface StoredMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  template: string;
  locale: string;
}

/** E-mails stored for `to`, newest first. */
export async function mailsTo(to: string): Promise<StoredMail[]> {
  const result = await env.DB.prepare("SELECT id, `to`, subject, text, html, template, locale FROM mail_outbox WHERE `to` = ? ORDER BY id DESC")
    .bind(to)
    .all<StoredMail>();
  return result.results;
}

/** Waits for a mail sent after the response (ctx.waitUntil). */
export async function waitForMail(to: string, template: string, count = 1): Promise<StoredMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = (await mailsTo(to)).filter((mail) => mail.template === template);
    if (mails.length >= count && mails[0]) return mails[0];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${template} e-mail to ${to}`);
}

/** Settles background work of a previous request (for "nothing was sent" checks). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** The token at the end of a link in an e-mail ("…/password/reset/<token>"). */
export function tokenIn(text: string, path: "/password/reset/" | "/users/activation/"): string {
  const match = new RegExp(`${path.replaceAll("/", "\\/")}([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

/** Sets a stored token's expiry in the past. */
export async function expireTokensOf(userId: number): Promise<void> {
  await env.DB.prepare("UPDATE user_tokens SET expires_at = ? WHERE user_id = ?").bind(new Date(Date.now() - 1000).toISOString(), userId).run();
}
