import { and, eq } from "drizzle-orm";
import { attachMediaFile, createMedia, setMediaProcessing } from "../../../domain/media/mutators.ts";
import { sampleWebm } from "../../../domain/media/sample-video.ts";
import { setPremiereVideos } from "../../../domain/premiere-videos/mutators.ts";
import { mutationCall } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { mediaFilePrefix } from "../../../domain/uploads/keys.ts";
import { db } from "../../db/client.ts";
import { media, syncChanges, users } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { randomToken } from "../../auth/tokens.ts";
import { loadAuthUser } from "../auth/auth-user.ts";
import { probeStoredVideo } from "../media/probe.ts";
import { pushMutations } from "../sync/push.ts";
import { demoId, demoPartId } from "./demo-webcasts.ts";

/** The demo library video of Demo Events (a 2-second clip), and its place in the premiere's playlist. */
export const DEMO_MEDIA_ID = demoId(0x100);
const PREMIERE_ID = demoId(4);

/**
 * Seeds Demo Events' video library with one processed video (the 2-second WebM fixture, stored in
 * R2 and read like an upload) in the demo premiere's playlist, as its organizer, through the
 * mutators. Once: a video already there, or deleted by someone, is left alone. Returns rows made.
 */
export async function seedDemoMedia(env: Env, now = new Date()): Promise<number> {
  const database = db(env.DB);
  const [existing] = await database.select({ id: media.id }).from(media).where(eq(media.id, DEMO_MEDIA_ID));
  const [deleted] = await database
    .select({ id: syncChanges.row_id })
    .from(syncChanges)
    .where(and(eq(syncChanges.table_name, "media"), eq(syncChanges.op, "del"), eq(syncChanges.row_id, DEMO_MEDIA_ID)));
  if (existing || deleted) return 0;
  const [organizer] = await database.select({ id: users.id }).from(users).where(eq(users.email, "organizer@demo.test"));
  const actor = organizer ? await loadAuthUser(database, organizer.id, "dev-seed") : null;
  if (!actor) throw new Error("demo seed: organizer@demo.test cannot act");

  const bytes = sampleWebm();
  const key = `${mediaFilePrefix(1, DEMO_MEDIA_ID)}${randomToken()}`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: "video/webm" } });
  const probe = await probeStoredVideo(env.MEDIA, key, bytes.length);
  const at = now.toISOString();
  const calls = [
    mutationCall(createMedia, { id: DEMO_MEDIA_ID, organization_id: 1, title: "Studio teaser", description: "A 2-second colour test, the premiere's opening.", pre_webcast_loop: true, post_webcast_loop: false, loop_mode: "repeat", now: at }),
    mutationCall(attachMediaFile, { id: DEMO_MEDIA_ID, file_key: key, file_name: "studio-teaser.webm", size: bytes.length, content_type: "video/webm", poster_key: null, now: at }),
    mutationCall(setMediaProcessing, probe.ok ? { id: DEMO_MEDIA_ID, status: "processed", duration: probe.duration, width: probe.width, height: probe.height, now: at } : { id: DEMO_MEDIA_ID, status: "failed", failure_reason: probe.reason, now: at }),
    mutationCall(setPremiereVideos, { webcast_id: PREMIERE_ID, videos: [{ id: demoPartId(PREMIERE_ID, 0x40), media_id: DEMO_MEDIA_ID }], now: at }),
  ];
  const response = await pushMutations(env, actor, "en", calls.map((call) => ({ id: uuidv7(), name: call.name, args: call.args, client_time: at })));
  const refused = response.results.find((result) => result.status === "rejected");
  if (refused || response.error) throw new Error(`demo seed: the demo video was refused: ${JSON.stringify(refused ?? response.error)}`);
  return 2;
}
