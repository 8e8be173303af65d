import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../domain/errors/index.ts";
import { createOrganization } from "../features/organizations/fixtures.ts";
import { uploadFile } from "../features/uploads/testing.ts";
import { insertWebcast } from "../features/webcasts/testing.ts";
import { clientFor, seedDemo } from "../test/client.ts";

/** The one body rule (docs/security.md "Request bodies"), checked on real routes. */
beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

const raw = (method: string, body: string, contentType?: string): RequestInit => ({ method, body, headers: contentType ? { "Content-Type": contentType } : {} });

describe("request bodies", () => {
  it("a JSON route answers 415 to any other body type instead of reading it as {} (localized)", async () => {
    const organizer = await clientFor("organizer@demo.test");
    const french = await clientFor("organizer@demo.test", "fr");
    const body = JSON.stringify({ first_name: "Ada" });
    expect(await errorOf(await organizer.request("/api/profile", raw("PATCH", body, "text/plain")), 415)).toMatchObject({
      code: "unsupported_media_type",
      message: "Send this request as JSON (Content-Type: application/json).",
    });
    expect((await errorOf(await french.request("/api/profile", raw("PATCH", body)), 415)).message).toBe("Envoyez cette requête en JSON (Content-Type: application/json).");
    expect((await errorOf(await organizer.request("/api/profile", raw("PATCH", "first_name=Ada", "application/x-www-form-urlencoded")), 415)).code).toBe("unsupported_media_type");
    expect((await errorOf(await organizer.request("/api/profile", raw("PATCH", "{not json", "application/json")), 400)).code).toBe("bad_request");
    expect((await errorOf(await organizer.request("/api/sync/push", raw("POST", "{}", "text/plain")), 415)).code).toBe("unsupported_media_type");
  });

  it("a route of JSON or form data answers 415 to any other body (branding used to answer 200 to anything)", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    expect((await errorOf(await organizer.request(`/api/webcasts/${row.id}/branding`, raw("POST", "theme=dark", "text/plain")), 415)).message).toBe(
      "Send this request as JSON (Content-Type: application/json).",
    );
    expect((await errorOf(await organizer.request(`/api/webcasts/${row.id}/branding`, raw("POST", "anything")), 415)).code).toBe("unsupported_media_type");
    expect((await errorOf(await organizer.request("/api/profile/photo", raw("POST", "anything", "image/png")), 415)).code).toBe("unsupported_media_type");
  });

  it("refuses unknown fields on every JSON route, with their names", async () => {
    const organizer = await clientFor("organizer@demo.test");
    const superAdmin = await clientFor("superadmin@demo.test");
    const org = await createOrganization();
    const cases: [ReturnType<typeof organizer.post>, string][] = [
      [organizer.patch("/api/profile", { company: "Acme", is_super_admin: true }), "is_super_admin"],
      [superAdmin.patch(`/api/organizations/${org.id}`, { name: "Acme", owner_id: 1 }), "owner_id"],
      [superAdmin.post(`/api/organizations/${org.id}/people`, { kind: "organizer", email: "someone@demo.test", role: "owner" }), "role"],
      [organizer.post("/api/password/update", { current_password: "x", password: "Aa1!aaaa", password_confirmation: "Aa1!aaaa", admin: true }), "admin"],
      [organizer.post("/api/users/register", { organization_name: "A", first_name: "A", last_name: "B", email: "new@demo.test", password: "Aa1!aaaa", password_confirmation: "Aa1!aaaa", plan: "pro" }), "plan"],
      [organizer.post("/api/sync/push", { mutations: [], since: 0 }), "since"],
    ];
    for (const [request, field] of cases) expect((await errorOf(await request, 422)).errors?._, field).toEqual([`Unknown field: ${field}.`]);
  });

  it("refuses a NUL character and lone surrogates with a field error, and stores text in NFC", async () => {
    const organizer = await clientFor("organizer@demo.test");
    const french = await clientFor("organizer@demo.test", "fr");
    expect((await errorOf(await organizer.patch("/api/profile", { company: "Acme\u0000" }), 422)).errors).toEqual({
      company: ["This field contains characters that cannot be stored (a null character or a broken character)."],
    });
    // A lone surrogate can only arrive as a JSON escape.
    const lone = await french.request("/api/profile", raw("PATCH", '{"company":"A\\ud800"}', "application/json"));
    expect((await errorOf(lone, 422)).errors?.company).toEqual(["Ce champ contient des caractères impossibles à enregistrer (un caractère nul ou un caractère mal formé)."]);
    let deep = '"x"';
    for (let level = 0; level < 5000; level++) deep = `[${deep}]`;
    expect((await errorOf(await organizer.request("/api/profile", raw("PATCH", `{"company":${deep}}`, "application/json")), 422)).code).toBe("validation_failed");

    const decomposed = "Cafe\u0301 Acme";
    expect((await organizer.patch("/api/profile", { company: decomposed })).status).toBe(200);
    const stored = await env.DB.prepare("SELECT company FROM users WHERE email = ?").bind("organizer@demo.test").first<{ company: string }>();
    expect(stored?.company).toBe("Café Acme");
    expect(stored?.company).not.toBe(decomposed);
  });

  it("checks an image upload by its bytes, not by its declared type", async () => {
    const organizer = await clientFor("organizer@demo.test");
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    await expect(uploadFile(organizer, { kind: "photo", bytes: svg, name: "me.png", content_type: "image/png" })).rejects.toThrow("This file is not a JPEG, PNG, GIF, WebP or AVIF image.");
    // Nor may the file come in the photo's own request.
    const form = new FormData();
    form.set("photo", new File([svg], "me.png", { type: "image/png" }));
    expect((await errorOf(await organizer.request("/api/profile/photo", { method: "POST", body: form }), 422)).errors?.photo).toHaveLength(1);
  });
});
