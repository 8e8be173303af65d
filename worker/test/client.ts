import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { CSRF_HEADER } from "../auth/csrf.ts";
import { hashToken, randomToken } from "../auth/tokens.ts";
import { cookieNamesFor } from "../../domain/http/cookies.ts";
import type { UiLocale } from "../../domain/i18n/locales.ts";
import { db } from "../db/client.ts";
import { sessions, users } from "../db/schema/index.ts";
import { seedDemoData } from "../features/dev/seed.ts";
import worker from "../index.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function bodyLength(body: BodyInit | null | undefined): number | undefined {
  if (typeof body === "string") return new TextEncoder().encode(body).byteLength;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof Blob) return body.size;
  return undefined;
}

/**
 * Hands a request to the Worker's fetch handler (worker/index.ts's default export, what workerd
 * calls) with the test env and a fresh execution context (its waitUntil work goes on after the
 * response, as in production). Not through `exports.default.fetch`: in the workers pool every
 * call through that binding re-imports the main module through Vitest's module runner, by way of
 * the pool's runner Durable Object, and each call costs more than the last in one file (measured:
 * a 404 went from 7 ms to 37 ms over 150 calls, GET /api/health from 35 ms to 885 ms over ~700),
 * while the handler itself answers a 404 in 0.1–0.3 ms. As through that binding, redirects are
 * followed unless the request says `redirect: "manual"`. (A few tests still call
 * `exports.default.fetch` themselves, so the binding path keeps its coverage.)
 */
async function dispatch(request: Request): Promise<Response> {
  let current = request;
  for (let hops = 0; ; hops++) {
    const response = await worker.fetch(current, env, createExecutionContext());
    const location = response.headers.get("Location");
    if (current.redirect === "manual" || !REDIRECTS.has(response.status) || location === null) return response;
    if (hops === 20) throw new Error(`${request.url}: more than 20 redirects`);
    const toGet = response.status === 303 || ((response.status === 301 || response.status === 302) && current.method === "POST");
    if (!toGet && current.body !== null) throw new Error(`${current.url}: the test client does not resend a body on a ${response.status} redirect`);
    const headers = new Headers(current.headers);
    if (toGet) for (const name of ["Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location"]) headers.delete(name);
    current = new Request(new URL(location, current.url), { method: toGet ? "GET" : current.method, headers, redirect: current.redirect });
  }
}

/**
 * A browser-like client for worker tests: keeps cookies, sends the Origin of its base URL (as a
 * browser does on a POST or a websocket handshake), fetches the XSRF token from
 * /sanctum/csrf-cookie before its first mutating request and whenever it holds none (as the web
 * does), speaks a given language. `signInAs` opens a session straight in D1, so route tests don't
 * pay for a password hash (the login route has its own tests); it drops the token, bound to the
 * previous session, as a login response replaces it.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** The session and XSRF cookie names for the base URL (`__Host-` ones over https). */
  readonly names: ReturnType<typeof cookieNamesFor>;

  constructor(
    readonly language: UiLocale = "en",
    readonly baseUrl = "http://localhost",
  ) {
    this.names = cookieNamesFor(baseUrl);
  }

  /** The XSRF token the page would copy into X-XSRF-TOKEN, fetched when the client holds none. */
  async csrfToken(): Promise<string> {
    if (!this.cookies.has(this.names.xsrf)) await this.request("/sanctum/csrf-cookie");
    return this.cookies.get(this.names.xsrf) ?? "";
  }

  /** Forgets the XSRF token (as a browser whose cookie expired), so the next mutating request fetches one. */
  clearToken(): this {
    this.cookies.delete(this.names.xsrf);
    return this;
  }

  async request(path: string, init: RequestInit & { json?: unknown; csrf?: boolean } = {}): Promise<Response> {
    const method = (init.method ?? "GET").toUpperCase();
    const headers = new Headers(init.headers);
    if (!headers.has("Origin")) headers.set("Origin", new URL(this.baseUrl).origin);
    headers.set("Accept", "application/json");
    headers.set("X-Requested-With", "XMLHttpRequest");
    if (!headers.has("Accept-Language")) headers.set("Accept-Language", this.language);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    // A body of a known size arrives with its Content-Length, as through the binding (routes read it).
    const length = bodyLength(body);
    if (length !== undefined && !headers.has("Content-Length")) headers.set("Content-Length", String(length));
    if (MUTATING.has(method) && init.csrf !== false) headers.set(CSRF_HEADER, await this.csrfToken());
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await dispatch(new Request(`${this.baseUrl}${path}`, { ...init, method, headers, body }));
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
    this.cookies.set(this.names.session, token);
    this.cookies.delete(this.names.xsrf);
    return this;
  }
}

/** The README's demo organizations and users (idempotent). */
export async function seedDemo(): Promise<void> {
  await seedDemoData(db(env.DB), env.PASSWORD_PEPPER ?? "");
}

/** Shorthand: a client signed in as a demo user. */
export async function clientFor(email: string, language: UiLocale = "en"): Promise<TestClient> {
  await seedDemo();
  return new TestClient(language).signInAs(email);
}
