import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { canForWebcast } from "../../../domain/permissions/can.ts";
import { tenantRefusal } from "../../../domain/permissions/tenancy.ts";
import type { SlidesAnswer, SlidesRow } from "../../../domain/slides/record.ts";
import { SLIDES_LIMITS, approveSlides, deleteSlides, setSlides } from "../../../domain/slides/mutators.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import { slides } from "../../db/schema/index.ts";
import type { AppEnv, Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody, query } from "../../http/validators.ts";
import { signFileUrl } from "../files/signed-urls.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { completedUpload, findUpload, markAttached } from "../uploads/service.ts";
import { pathWebcast, readGuard } from "../webcasts/guards.ts";
import { verifyRoomToken } from "../webcast-room/room-token.ts";

/**
 * A webcast's slide deck (SPEC §7: POST, GET and DELETE slides; POST slides/approve; docs/media.md
 * "Slides"): the PDF arrives through the upload path, the deck row through its mutators; pages are
 * drawn in the browser (pdfjs-dist) from a signed URL. Mounted at /api/webcasts.
 */

async function slidesAnswer(env: Env, row: SlidesRow): Promise<SlidesAnswer> {
  const { file_key, ...rest } = row;
  return { ...rest, file_url: await signFileUrl(env, { key: file_key, content_type: "application/pdf", expires_in_s: 6 * 3600 }) };
}

async function deckOf(env: Env, webcastId: string): Promise<SlidesRow | undefined> {
  const [row] = await db(env.DB).select().from(slides).where(eq(slides.webcast_id, webcastId));
  return row;
}

/** slides.manage for the path's webcast (organizers, admins, owners, its producer speaker). */
const slidesGuard = createMiddleware<AppEnv>(async (c, next) => {
  const user = requireUser(c);
  const found = await pathWebcast(c);
  const speakers = found.speakers.map((speaker) => ({ id: speaker.user_id, is_producer: speaker.is_producer }));
  if (!canForWebcast(user, "slides.manage", { organization_id: found.row.organization_id, speakers })) throw new ApiError(tenantRefusal(user, found.row.organization_id));
  await next();
});

/** Requests that read the deck as the audience (a room token), not as staff. */
const audienceReads = new WeakSet<Request>();
const staffReader = readGuard("slides");

/**
 * Who reads the deck: a viewer or guest by their room token (`?token=`, the audience's page: it has
 * no session), else the webcast's staff as the read rule says (every speaker presents the deck).
 * A forged, expired or another webcast's token is one 401, as for the room's socket and the chat.
 */
const slidesReader = createMiddleware<AppEnv>(async (c, next) => {
  const token = c.req.query("token");
  if (token === undefined || token === "") return staffReader(c, next);
  const uid = c.req.param("id") ?? "";
  const payload = UUID_V7.test(uid) ? await verifyRoomToken(c.env, token, uid) : null;
  if (!payload) throw new ApiError("unauthenticated");
  audienceReads.add(c.req.raw);
  await next();
});

const deckBody = z.strictObject({ upload_id: z.string().regex(UUID_V7), page_count: z.int().min(1).max(SLIDES_LIMITS.pages) });

export const slidesRoutes = new Hono<AppEnv>()
  /**
   * GET /api/webcasts/{uid}/slides → `{data: Slides | null}` with a signed URL of the PDF. With
   * `?token=<room token>` (the audience): the deck only once approved, else null.
   */
  .get("/:id/slides", slidesReader, query(z.object({ token: z.string().max(4_000).optional() })), async (c) => {
    const { row } = await pathWebcast(c);
    const deck = await deckOf(c.env, row.id);
    const shown = deck && (deck.approved || !audienceReads.has(c.req.raw)) ? deck : undefined;
    return c.json({ data: shown ? await slidesAnswer(c.env, shown) : null }, 200);
  })
  /**
   * POST /api/webcasts/{uid}/slides `{upload_id, page_count}` → 201 `{data: Slides}`: the completed
   * upload (kind slides, its target the deck's id) becomes the webcast's deck, not approved yet; the
   * previous deck and its file go.
   */
  .post("/:id/slides", slidesGuard, jsonBody(() => deckBody), async (c) => {
    const user = requireUser(c);
    const { row: webcast } = await pathWebcast(c);
    const body = c.req.valid("json");
    const database = db(c.env.DB);
    // The deck's id is the upload's target (its key lies under the deck's prefix).
    const deckId = (await findUpload(database, body.upload_id))?.target_id ?? "";
    const file = await completedUpload(database, body.upload_id, { kind: "slides", target_id: deckId, organization_id: webcast.organization_id, webcast_id: webcast.id, user_id: user.id }, c.var.locale);
    const previous = await deckOf(c.env, webcast.id);
    await applyMutation(c.env, user, c.var.locale, setSlides, {
      id: deckId,
      webcast_id: webcast.id,
      file_key: file.key,
      file_name: file.file_name,
      size: file.size,
      page_count: body.page_count,
      now: new Date().toISOString(),
    });
    await markAttached(database, file.upload_id);
    if (previous && previous.file_key !== file.key) await c.env.MEDIA.delete(previous.file_key).catch(() => undefined);
    const deck = await deckOf(c.env, webcast.id);
    if (!deck) throw new ApiError("not_found");
    return c.json({ data: await slidesAnswer(c.env, deck) }, 201);
  })
  /** POST /api/webcasts/{uid}/slides/approve → `{data: Slides}`: the deck is shown to viewers. */
  .post("/:id/slides/approve", slidesGuard, async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const deck = await deckOf(c.env, webcast.id);
    if (!deck) throw new ApiError("not_found");
    await applyMutation(c.env, requireUser(c), c.var.locale, approveSlides, { id: deck.id, now: new Date().toISOString() });
    const approved = await deckOf(c.env, webcast.id);
    if (!approved) throw new ApiError("not_found");
    return c.json({ data: await slidesAnswer(c.env, approved) }, 200);
  })
  /** DELETE /api/webcasts/{uid}/slides → 204: the deck and its file go. */
  .delete("/:id/slides", slidesGuard, async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const deck = await deckOf(c.env, webcast.id);
    if (!deck) throw new ApiError("not_found");
    await applyMutation(c.env, requireUser(c), c.var.locale, deleteSlides, { id: deck.id });
    await c.env.MEDIA.delete(deck.file_key).catch(() => undefined);
    return c.body(null, 204);
  });
