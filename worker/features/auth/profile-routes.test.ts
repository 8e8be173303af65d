import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { PHOTO_MAX_BYTES } from "../../../domain/media/image-type.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { TestClient, clientFor } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { uploadFile } from "../uploads/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { createUser, unique } from "./test-support.ts";

// The start of a real PNG (signature + IHDR), enough for a stored image.
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

/** A completed upload of kind photo (the one upload path), made by `signedIn`: its id. */
async function uploadPhoto(signedIn: TestClient, bytes: Uint8Array, name = "me.png", content_type?: string): Promise<string> {
  return (await uploadFile(signedIn, { kind: "photo", bytes, name, ...(content_type ? { content_type } : {}) })).id;
}

/** POST /api/profile/photo naming the upload, as JSON (the browser) or form data. */
function setPhoto(signedIn: TestClient, uploadId: string, as: "json" | "form" = "json"): Promise<Response> {
  if (as === "json") return signedIn.request("/api/profile/photo", { method: "POST", json: { upload_id: uploadId } });
  const body = new FormData();
  body.set("upload_id", uploadId);
  return signedIn.request("/api/profile/photo", { method: "POST", body });
}

async function profileOf(signedIn: TestClient): Promise<ProfileUser> {
  return (await (await signedIn.get("/api/profile")).json<{ data: ProfileUser }>()).data;
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
  it("takes an uploaded photo, serves it to signed-in users, and replaces (deletes) the old one", async () => {
    const { email } = unique("photo");
    const user = await createUser({ email });
    const client = await new TestClient().signInAs(email);

    const first = await setPhoto(client, await uploadPhoto(client, PNG, "me.png"));
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
    expect(download.headers.get("Content-Length")).toBe(String(PNG.length));
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);
    expect((await new TestClient().get(url)).status).toBe(401);

    // Declared image/webp, served as what its bytes are (PNG); form data works as JSON does.
    const second = await setPhoto(client, await uploadPhoto(client, PNG, "me.webp", "image/webp"), "form");
    expect(second.status).toBe(200);
    const newUrl = (await second.json<{ data: ProfileUser }>()).data.photo ?? "";
    expect(newUrl).not.toBe(url);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await client.get(url)).status).toBe(404);
    expect((await client.get(newUrl)).headers.get("Content-Type")).toBe("image/png");
    expect((await profileOf(client)).photo).toBe(newUrl);
  });

  it("answers the same to a repeat (the browser's finishing step may run twice), and never goes back to a replaced photo", async () => {
    const { email } = unique("photo-again");
    await createUser({ email });
    const client = await new TestClient().signInAs(email);
    const first = await uploadPhoto(client, PNG);
    const url = (await (await setPhoto(client, first)).json<{ data: ProfileUser }>()).data.photo;
    expect((await (await setPhoto(client, first)).json<{ data: ProfileUser }>()).data.photo).toBe(url);
    const second = (await (await setPhoto(client, await uploadPhoto(client, PNG))).json<{ data: ProfileUser }>()).data.photo;
    expect((await (await setPhoto(client, first)).json<{ data: ProfileUser }>()).data.photo).toBe(second);
  });

  it("refuses a file in the body: upload it first (422, English and French)", async () => {
    const form = new FormData();
    form.append("photo", new File([PNG], "me.png", { type: "image/png" }));
    const en = await (await clientFor("organizer@demo.test", "en")).request("/api/profile/photo", { method: "POST", body: form });
    expect(en.status).toBe(422);
    expect(await en.json()).toMatchObject({ code: "validation_failed", errors: { photo: ["Upload the image first (POST /api/uploads), then send its upload id."] } });
    const big = new FormData();
    big.append("photo", new File([new Uint8Array(PHOTO_MAX_BYTES)], "me.png", { type: "image/png" }));
    const fr = await (await clientFor("organizer@demo.test", "fr")).request("/api/profile/photo", { method: "POST", body: big });
    expect(fr.status).toBe(422);
    expect(await fr.json()).toMatchObject({ message: "Téléversez d'abord l'image (POST /api/uploads), puis envoyez l'identifiant de son téléversement." });
  });

  it("refuses another user's upload, another kind's, an unknown or unfinished one (422 on upload_id, en and fr)", async () => {
    const organizer = await clientFor("organizer@demo.test", "en");
    const theirs = await uploadPhoto(await clientFor("speaker@demo.test"), PNG);
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizerOfOrg = await org.as("organizer");
    const branding = (await uploadFile(organizerOfOrg, { kind: "branding", webcast_id: row.id, target_id: row.id, bytes: PNG, name: "logo.png" })).id;
    const started = await organizer.post("/api/uploads", { kind: "photo", target_id: uuidv7(), file_name: "me.png", size: PNG.length });
    const unfinished = (await started.json<{ data: { id: string } }>()).data.id;
    for (const [signedIn, id, message] of [
      [organizer, theirs, "This upload was not made for this item."],
      [organizerOfOrg, branding, "This upload was not made for this item."],
      [organizer, uuidv7(), "This upload was not made for this item."],
      [await clientFor("organizer@demo.test", "fr"), unfinished, "Le fichier n'a pas fini d'être téléversé."],
    ] as const) {
      const response = await setPhoto(signedIn, id);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: "validation_failed", errors: { upload_id: [message] } });
    }
    expect((await profileOf(organizer)).photo).toBeNull();
  });

  it("refuses what is not a raster image when its first part arrives (a PDF, an SVG), and a photo over 5 MB before any byte", async () => {
    const client = await clientFor("organizer@demo.test", "en");
    await expect(uploadPhoto(client, new TextEncoder().encode("%PDF-1.7\n"), "me.pdf")).rejects.toThrow("This file is not a JPEG, PNG, GIF, WebP or AVIF image.");
    await expect(uploadPhoto(await clientFor("organizer@demo.test", "fr"), new TextEncoder().encode("<svg onload='alert(1)'/>"), "me.png")).rejects.toThrow("Ce fichier n'est pas une image JPEG, PNG, GIF, WebP ou AVIF.");
    const big = await client.post("/api/uploads", { kind: "photo", target_id: uuidv7(), file_name: "me.png", size: PHOTO_MAX_BYTES + 1 });
    expect(big.status).toBe(422);
    expect(await big.json()).toMatchObject({ errors: { size: ["The file may not be larger than 5 MB."] } });
    expect((await profileOf(client)).photo).toBeNull();
  });

  it("needs a session to upload or set a photo, and answers 404 for an unknown photo", async () => {
    expect((await setPhoto(new TestClient(), uuidv7())).status).toBe(401);
    expect((await new TestClient().post("/api/uploads", { kind: "photo", target_id: uuidv7(), file_name: "me.png", size: 10 })).status).toBe(401);
    const client = await clientFor("owner@demo.test");
    expect((await client.get("/api/profile/photo/1/unknownkey")).status).toBe(404);
    expect((await client.get("/api/profile/photo/..%2F..%2Fsecret/x")).status).toBe(404);
  });
});
