import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { TestClient, clientFor } from "../../test/client.ts";
import { PHOTO_MAX_BYTES } from "../../../domain/media/image-type.ts";
import { createUser, unique } from "./test-support.ts";

// The start of a real PNG (signature + IHDR), enough for a stored image.
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

function photoForm(bytes: Uint8Array<ArrayBuffer> | string, type: string, name = "me.png"): FormData {
  const form = new FormData();
  form.append("photo", new File([bytes], name, { type }));
  return form;
}

const upload = (client: TestClient, form: FormData) => client.request("/api/profile/photo", { method: "POST", body: form });

async function profileOf(client: TestClient): Promise<ProfileUser> {
  return (await (await client.get("/api/profile")).json<{ data: ProfileUser }>()).data;
}

describe("GET /api/profile", () => {
  it("answers the signed-in user as ProfileUser", async () => {
    const client = await clientFor("superadmin@demo.test");
    const response = await client.get("/api/profile");
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: ProfileUser }>();
    expect(data).toMatchObject({ email: "superadmin@demo.test", is_super_admin: true, accounts: [], onboarding_required: false, password_set: true, photo: null });
    expect(Object.keys(data).sort()).toEqual(
      [
        "id", "name", "email", "first_name", "last_name", "phone", "company", "title", "organization", "role",
        "communication_language", "status", "photo", "is_super_admin", "permissions", "accounts", "onboarding_required", "password_set",
      ].sort(),
    );
  });

  it("says password_set false for an account without password", async () => {
    const { email } = unique("nopass");
    await createUser({ email, password: null });
    expect((await profileOf(await new TestClient().signInAs(email))).password_set).toBe(false);
  });

  it("answers 401 when signed out", async () => {
    const response = await new TestClient("fr").get("/api/profile");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthenticated", message: "Veuillez vous connecter pour continuer." });
  });
});

describe("PATCH /api/profile", () => {
  it("updates the profile fields, the display name and the e-mail language", async () => {
    const { email } = unique("patch");
    await createUser({ email, language: "en" });
    const client = await new TestClient().signInAs(email);
    const fields = { first_name: " Ada ", last_name: "Lovelace", phone: "+1 514 555 0100", company: "Analytical", title: "", role: "Engineer", communication_language: "fr" };
    // Fields the profile does not own are refused, not quietly dropped (docs/security.md "Request bodies").
    const hijack = await client.patch("/api/profile", { ...fields, email: "hijack@example.test", is_super_admin: true });
    expect(hijack.status).toBe(422);
    expect((await hijack.json<{ errors: Record<string, string[]> }>()).errors).toEqual({ _: ["Unknown field: email, is_super_admin."] });
    const response = await client.patch("/api/profile", fields);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: ProfileUser }>();
    expect(data).toMatchObject({
      name: "Ada Lovelace",
      first_name: "Ada",
      last_name: "Lovelace",
      phone: "+1 514 555 0100",
      company: "Analytical",
      title: null,
      role: "Engineer",
      communication_language: "fr",
      email,
      is_super_admin: false,
    });
    expect(await profileOf(client)).toEqual(data);
  });

  it("refuses invalid values with 422 per field, in the request's language", async () => {
    const client = await clientFor("speaker@demo.test", "fr");
    const response = await client.patch("/api/profile", { first_name: "  ", communication_language: "de", company: "x".repeat(256) });
    expect(response.status).toBe(422);
    const body = await response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe("Les données fournies sont invalides.");
    expect(body.errors.first_name).toEqual(["Ce champ est obligatoire"]);
    expect(body.errors.company).toEqual(["Ce champ est trop long."]);
    expect(body.errors.communication_language).toHaveLength(1);
    expect((await profileOf(client)).first_name).toBe("Sofia");
  });

  it("answers 401 when signed out", async () => {
    expect((await new TestClient().patch("/api/profile", { first_name: "X" })).status).toBe(401);
  });
});

describe("profile photo", () => {
  it("uploads to R2, serves it to signed-in users, and replaces (deletes) the old one", async () => {
    const { email } = unique("photo");
    const user = await createUser({ email });
    const client = await new TestClient().signInAs(email);

    const first = await upload(client, photoForm(PNG, "image/png"));
    expect(first.status).toBe(200);
    const url = (await first.json<{ data: ProfileUser }>()).data.photo ?? "";
    expect(url).toMatch(new RegExp(`^/api/profile/photo/${user.id}/[A-Za-z0-9_-]{43}$`));
    const key = `profile-photos/${url.split("/api/profile/photo/")[1]}`;
    expect(await env.MEDIA.head(key)).not.toBeNull();

    // Another signed-in user can load it (people lists show photos).
    const other = await clientFor("viewer@demo.test");
    const download = await other.get(url);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("image/png");
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);
    expect((await new TestClient().get(url)).status).toBe(401);

    const second = await upload(client, photoForm(PNG, "image/webp", "me.webp"));
    expect(second.status).toBe(200);
    const newUrl = (await second.json<{ data: ProfileUser }>()).data.photo ?? "";
    expect(newUrl).not.toBe(url);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await client.get(url)).status).toBe(404);
    // Declared image/webp, stored as what its bytes are (PNG).
    expect((await client.get(newUrl)).headers.get("Content-Type")).toBe("image/png");
    expect((await profileOf(client)).photo).toBe(newUrl);
  });

  it("refuses a missing file, a non-image, an SVG and a file over 5 MB", async () => {
    const client = await clientFor("organizer@demo.test", "en");
    const cases: [FormData, string][] = [
      [new FormData(), "Please choose a photo."],
      [photoForm("hello", "text/plain", "a.txt"), "The photo must be an image (JPEG, PNG, GIF, WebP or AVIF)."],
      [photoForm("<svg onload='alert(1)'/>", "image/svg+xml", "a.svg"), "The photo must be an image (JPEG, PNG, GIF, WebP or AVIF)."],
      [photoForm(new Uint8Array(PHOTO_MAX_BYTES + 1), "image/png"), "The photo may not be greater than 5 MB."],
    ];
    for (const [form, message] of cases) {
      const response = await upload(client, form);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: "validation_failed", errors: { photo: [message] } });
    }
    expect((await profileOf(client)).photo).toBeNull();
  });

  it("needs a session to upload, and answers 404 for an unknown photo", async () => {
    expect((await upload(new TestClient(), photoForm(PNG, "image/png"))).status).toBe(401);
    const client = await clientFor("owner@demo.test");
    expect((await client.get("/api/profile/photo/1/unknownkey")).status).toBe(404);
    expect((await client.get("/api/profile/photo/..%2F..%2Fsecret/x")).status).toBe(404);
  });
});
