import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import { uploads, users } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { fieldsBody } from "../../http/fields-body.ts";
import { jsonBody } from "../../http/validators.ts";
import { profilePatchSchema } from "../../../domain/auth/schemas.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { isKeyUnder, profilePhotoPrefix } from "../../../domain/uploads/keys.ts";
import { UPLOAD_MESSAGES } from "../../../domain/uploads/messages.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { completedUpload, findUpload } from "../uploads/service.ts";
import { PROFILE_PHOTO_PREFIX, loadUserRow, toProfileUser } from "./profile.ts";

/** POST /api/profile/photo: the completed upload that becomes the photo. */
const photoBody = () => z.strictObject({ upload_id: z.string().regex(UUID_V7) });

/** The signed-in user's own profile (any signed-in user; 401 otherwise). */
export const profileRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const auth = requireUser(c);
    return c.json({ data: toProfileUser(auth, await loadUserRow(db(c.env.DB), auth.id)) }, 200);
  })

  .patch("/", jsonBody(profilePatchSchema), async (c) => {
    const auth = requireUser(c);
    const changes = c.req.valid("json");
    const database = db(c.env.DB);
    const current = await loadUserRow(database, auth.id);
    const first = changes.first_name ?? current.first_name;
    const last = changes.last_name ?? current.last_name;
    const name = [first, last].filter(Boolean).join(" ") || current.name;
    const [row] = await database
      .update(users)
      .set({ ...changes, name, updated_at: sql`CURRENT_TIMESTAMP` })
      .where(eq(users.id, auth.id))
      .returning();
    if (!row) throw new ApiError("unauthenticated");
    return c.json({ data: toProfileUser(auth, row) }, 200);
  })

  /**
   * POST /api/profile/photo `{upload_id}` (JSON or form data): a completed upload of kind "photo"
   * made by this user (docs/uploads.md; the bytes were judged a raster image when part 1 arrived)
   * becomes the photo; the previous one is deleted. A file in the body is refused: it is uploaded
   * first. An upload already taken changes nothing (the browser's finishing step may run twice).
   */
  .post(
    "/photo",
    async (c, next) => {
      requireUser(c);
      await next();
    },
    fieldsBody(photoBody, { fileFields: ["photo"], uploadFirst: UPLOAD_MESSAGES.image_upload_first }),
    async (c) => {
      const auth = requireUser(c);
      const { upload_id } = c.req.valid("json");
      const database = db(c.env.DB);
      // A photo's target is a fresh id (a user is no UUID row): what decides is its kind, its maker and its key.
      const upload = await findUpload(database, upload_id);
      const file = await completedUpload(database, upload_id, { kind: "photo", target_id: upload?.target_id ?? "", organization_id: null, user_id: auth.id }, c.var.locale);
      if (!isKeyUnder(profilePhotoPrefix(auth.id), file.key)) throw new ApiError("validation_failed", { errors: { upload_id: [localized(UPLOAD_MESSAGES.wrong_upload, c.var.locale)] } });
      const current = await loadUserRow(database, auth.id);
      if (upload?.attached) return c.json({ data: toProfileUser(auth, current) }, 200);
      const [rows] = await database.batch([
        database.update(users).set({ photo: file.key, updated_at: sql`CURRENT_TIMESTAMP` }).where(eq(users.id, auth.id)).returning(),
        database.update(uploads).set({ attached: true, updated_at: new Date().toISOString() }).where(eq(uploads.id, file.upload_id)),
      ]);
      const row = rows[0];
      if (!row) throw new ApiError("unauthenticated");
      if (current.photo?.startsWith(PROFILE_PHOTO_PREFIX) && current.photo !== file.key) await c.env.MEDIA.delete(current.photo);
      return c.json({ data: toProfileUser(auth, row) }, 200);
    },
  )

  /** Any signed-in user may load a photo (people lists show them); keys are unguessable. */
  .get("/photo/:userId{[0-9]+}/:name{[A-Za-z0-9_-]+}", async (c) => {
    requireUser(c);
    const object = await c.env.MEDIA.get(`${PROFILE_PHOTO_PREFIX}${c.req.param("userId")}/${c.req.param("name")}`);
    if (!object) throw new ApiError("not_found");
    // Stored with the type its bytes tell (the upload path sniffs part 1).
    return c.body(object.body, 200, {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(object.size),
      // A key never changes content (a new photo gets a new key).
      "Cache-Control": "private, max-age=31536000, immutable",
      ETag: object.httpEtag,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
