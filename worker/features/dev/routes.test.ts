import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../auth/password.ts";
import { sendMail } from "../../mail/mailer.ts";
import { WEBCAST_PART_TABLES } from "../../../domain/sync/tables.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo-data.ts";
import { DEMO_WEBCASTS } from "./demo-webcasts.ts";
import app from "../../app.ts";

const seed = (host = "localhost") => exports.default.fetch(new Request(`http://${host}/api/dev/seed`, { method: "POST" }));

describe("POST /api/dev/seed", () => {
  it("creates the demo organizations, users, memberships and webcasts once", { timeout: 30_000 }, async () => {
    const first = await seed();
    expect(first.status).toBe(200);
    const body = await first.json<{ created: number; password: string; logins: { email: string }[] }>();
    // The accounts, then the demo webcasts and their parts (every row of the demo id namespace).
    let demoRows = 0;
    for (const table of ["webcasts", "media", "viewers", ...WEBCAST_PART_TABLES]) {
      demoRows += (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE id LIKE '0196a0de-%'`).first<{ n: number }>())?.n ?? 0;
    }
    expect(demoRows).toBeGreaterThan(DEMO_WEBCASTS.length);
    expect(body.created).toBe(2 + DEMO_USERS.length + demoRows);
    expect(body.password).toBe(DEMO_PASSWORD);
    expect(body.logins.map((login) => login.email)).toContain("superadmin@demo.test");

    const again = await (await seed()).json<{ created: number }>();
    expect(again.created).toBe(0);

    const titles = await env.DB.prepare("SELECT event_title FROM webcasts WHERE organization_id = 1 ORDER BY event_start_date_time").all<{ event_title: string }>();
    expect(titles.results.map((row) => row.event_title)).toContain("Spring release launch");
    expect(titles.results).toHaveLength(DEMO_WEBCASTS.filter((webcast) => webcast.organization_id === 1).length);

    const orgs = await env.DB.prepare("SELECT name FROM organizations ORDER BY id").all<{ name: string }>();
    expect(orgs.results.map((row) => row.name)).toEqual(["Demo Events", "Other Org"]);
    const roles = await env.DB.prepare(
      "SELECT u.email, m.role, m.organization_id FROM users u LEFT JOIN memberships m ON m.user_id = u.id ORDER BY u.email",
    ).all<{ email: string; role: string | null; organization_id: number | null }>();
    expect(roles.results).toContainEqual({ email: "owner@other.test", role: "owner", organization_id: 2 });
    expect(roles.results).toContainEqual({ email: "superadmin@demo.test", role: null, organization_id: null });

    const owner = await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?").bind("owner@demo.test").first<{ password_hash: string }>();
    expect(await verifyPassword(DEMO_PASSWORD, owner?.password_hash ?? "", env.PASSWORD_PEPPER ?? "")).toBe(true);
    expect(await verifyPassword("wrong", owner?.password_hash ?? "", env.PASSWORD_PEPPER ?? "")).toBe(false);
  });

  it("does not exist on a non-loopback host", async () => {
    const count = () => env.DB.prepare("SELECT COUNT(*) AS n FROM organizations").first<{ n: number }>();
    await env.DB.prepare("DELETE FROM organizations").run();
    const response = await seed("events.example.com");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
    expect(await count()).toEqual({ n: 0 });
  });

  it("does not exist in a production worker", async () => {
    const response = await app.request("http://localhost/api/dev/seed", { method: "POST" }, { ...env, APP_ENV: "production" });
    expect(response.status).toBe(404);
  });
});

describe("GET /api/dev/mail", () => {
  it("lists the stored e-mails, newest first", async () => {
    await env.DB.prepare("DELETE FROM mail_outbox").run();
    await sendMail(env, { to: "a@example.test", subject: "First", text: "one", locale: "en", template: "test" });
    await sendMail(env, { to: "b@example.test", subject: "Second", text: "two", html: "<p>two</p>", locale: "fr", template: "test" });
    const response = await exports.default.fetch(new Request("http://localhost/api/dev/mail"));
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: Record<string, unknown>[] }>();
    expect(data.map((mail) => mail.subject)).toEqual(["Second", "First"]);
    expect(Object.keys(data[0] ?? {}).sort()).toEqual(["created_at", "html", "id", "locale", "subject", "template", "text", "to"]);
    expect(data[0]).toMatchObject({ to: "b@example.test", text: "two", html: "<p>two</p>", locale: "fr", template: "test" });
  });

  it("does not exist outside local loopback", async () => {
    expect((await exports.default.fetch(new Request("http://events.example.com/api/dev/mail"))).status).toBe(404);
    expect((await app.request("http://localhost/api/dev/mail", {}, { ...env, APP_ENV: "production" })).status).toBe(404);
  });
});
