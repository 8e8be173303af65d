import { sweepDeletedWebcastFiles } from "./features/webcasts/files.ts";
import app from "./app.ts";
import type { Env } from "./env.ts";
import { purgeExpired } from "./features/maintenance/purge.ts";
import { compactSyncLog } from "./features/sync/compaction.ts";
import { sweepUploads } from "./features/uploads/service.ts";
import { sweepMediaFiles } from "./features/media/files.ts";
import { db } from "./db/client.ts";

export { OrganizationSync, ViewerJobs, WebcastRoom } from "./durable-objects.ts";

export default {
  fetch: app.fetch,
  /** The daily cron of wrangler.toml: housekeeping only. */
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(
      purgeExpired(env.DB, new Date(controller.scheduledTime)).then((removed) => console.log("purge", JSON.stringify(removed))),
    );
    ctx.waitUntil(sweepDeletedWebcastFiles(env.MEDIA, env.DB).then((removed) => console.log("sweep webcast files", removed)));
    ctx.waitUntil(sweepUploads(env.MEDIA, db(env.DB), controller.scheduledTime).then((swept) => console.log("sweep uploads", JSON.stringify(swept))));
    ctx.waitUntil(sweepMediaFiles(env.MEDIA, db(env.DB), controller.scheduledTime).then((removed) => console.log("sweep media files", removed)));
    ctx.waitUntil(compactSyncLog(env.DB, new Date(controller.scheduledTime)).then((compacted) => console.log("compact sync log", JSON.stringify(compacted))));
  },
} satisfies ExportedHandler<Env>;
