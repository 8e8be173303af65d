import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { CSRF_COOKIE, CSRF_HEADER, newCsrfToken } from "../auth/csrf.ts";
import { SESSION_COOKIE } from "../auth/session.ts";
import { hashToken, randomToken } from "../auth/tokens.ts";
import { db } from "../db/client.ts";
import { sessions, users } from "../db/schema/index.ts";
import { seedDemoData } from "../features/dev/seed.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A browser-like client for worker tests: keeps cookies, sends the XSRF token on mutating requests
 * (as the web does), speaks a given language. `signInAs` opens a session straight in D1, so route
 * tests don't pay for a password hash; the login route has its own tests.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly language: "en" | "fr" = "en") {}

  async request(path: string, init: RequestInit & { json?: unknown; csrf?: boolean } = {}): Promise<Response> {
    const method = (init.method ?? "GET").toUpperCase();
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    headers.set("X-Requested-With", "XMLHttpRequest");
    if (!headers.has("Accept-Language")) headers.set("Accept-Language", this.language);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    if (MUTATING.has(method) && init.csrf !== false) {
      if (!this.cookies.has(CSRF_COOKIE)) this.cookies.set(CSRF_COOKIE, await newCsrfToken(env.APP_KEY));
      headers.set(CSRF_HEADER, this.cookies.get(CSRF_COOKIE) ?? "");
    }
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await exports.default.fetch(new Request(`http://localhost${path}`, { ...init, method, headers, body }));
    for (const cookie of response.headers.getAll("Set-Cookie")) {
      const [pair = "", ...attributes] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a: string) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string) {
    return this.request(path);
  }
  post(path: string, json?: unknown) {
    return this.request(path, { method: "POST", json });
  }
  patch(path: string, json?: unknown) {
    return this.request(path, { method: "PATCH", json });
  }
  delete(path: string, json?: unknown) {
    return this.request(path, { method: "DELETE", json });
  }

  /** Opens a session for the user with this e-mail directly in D1 and keeps its cookie. */
  async signInAs(email: string): Promise<this> {
    const [user] = await db(env.DB).select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}: call seedDemo() first`);
    const token = randomToken();
    await db(env.DB)
      .insert(sessions)
      .values({ id: await hashToken(token), user_id: user.id, expires_at: new Date(Date.now() + 3600_000).toISOString() });
    this.cookies.set(SESSION_COOKIE, token);
    return this;
  }
}

/** The README's demo organizations and users (idempotent). */
export async function seedDemo(): Promise<void> {
  await seedDemoData(db(env.DB), env.PASSWORD_PEPPER ?? "");
}

/** Shorthand: a client signed in as a demo user. */
export async function clientFor(email: string, language: "en" | "fr" = "en"): Promise<TestClient> {
  await seedDemo();
  return new TestClient(language).signInAs(email);
}
