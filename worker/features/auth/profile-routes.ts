import { eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { requireUser } from "../../auth/middleware.ts";
import { randomToken } from "../../auth/tokens.ts";
import { db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { formBody, jsonBody } from "../../http/validators.ts";
import { PHOTO_MAX_BYTES, sniffImageType } from "../../../domain/media/image-type.ts";
import { authMessage } from "../../../domain/auth/messages.ts";
import { PROFILE_PHOTO_PREFIX, loadUserRow, toProfileUser } from "./profile.ts";
import { profilePatchSchema } from "../../../domain/auth/schemas.ts";


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

  /** Multipart `photo`, a raster image by its bytes (its declared type is not trusted); replaces (and deletes) the previous photo. */
  .post(
    "/photo",
    async (c, next) => {
      // Refuse an oversized upload before reading it (multipart overhead allowed for).
      if (Number(c.req.header("Content-Length") ?? 0) > PHOTO_MAX_BYTES + 64 * 1024) throw photoError(c.var.locale, "photoTooLarge");
      await next();
    },
    formBody(async (value, c: Context<AppEnv>) => {
      const photo = value.photo;
      const locale = c.var.locale;
      if (!(photo instanceof File) || photo.size === 0) throw photoError(locale, "photoRequired");
      if (photo.size > PHOTO_MAX_BYTES) throw photoError(locale, "photoTooLarge");
      const bytes = new Uint8Array(await photo.arrayBuffer());
      const type = sniffImageType(bytes);
      if (!type) throw photoError(locale, "photoNotImage");
      return { photo: { bytes, type } };
    }),
    async (c) => {
      const auth = requireUser(c);
      const { photo } = c.req.valid("form");
      const database = db(c.env.DB);
      const previous = (await loadUserRow(database, auth.id)).photo;
      const key = `${PROFILE_PHOTO_PREFIX}${auth.id}/${randomToken()}`;
      await c.env.MEDIA.put(key, photo.bytes, { httpMetadata: { contentType: photo.type } });
      const [row] = await database.update(users).set({ photo: key, updated_at: sql`CURRENT_TIMESTAMP` }).where(eq(users.id, auth.id)).returning();
      if (!row) throw new ApiError("unauthenticated");
      if (previous?.startsWith(PROFILE_PHOTO_PREFIX)) await c.env.MEDIA.delete(previous);
      return c.json({ data: toProfileUser(auth, row) }, 200);
    },
  )

  /** Any signed-in user may load a photo (people lists show them); keys are unguessable. */
  .get("/photo/:userId{[0-9]+}/:name{[A-Za-z0-9_-]+}", async (c) => {
    requireUser(c);
    const object = await c.env.MEDIA.get(`${PROFILE_PHOTO_PREFIX}${c.req.param("userId")}/${c.req.param("name")}`);
    if (!object) throw new ApiError("not_found");
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

function photoError(locale: UiLocale, key: "photoRequired" | "photoNotImage" | "photoTooLarge"): ApiError {
  return new ApiError("validation_failed", { errors: { photo: [authMessage(key, locale)] } });
}
