import { sweepDeletedWebcastFiles } from "./features/webcasts/files.ts";
import app from "./app.ts";
import type { Env } from "./env.ts";
import { purgeExpired } from "./features/maintenance/purge.ts";
import { compactSyncLog } from "./features/sync/compaction.ts";

export { OrganizationSync, WebcastRoom } from "./durable-objects.ts";

export default {
  fetch: app.fetch,
  /** The daily cron of wrangler.toml: housekeeping only. */
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(
      purgeExpired(env.DB, new Date(controller.scheduledTime)).then((removed) => console.log("purge", JSON.stringify(removed))),
    );
    ctx.waitUntil(sweepDeletedWebcastFiles(env.MEDIA, env.DB).then((removed) => console.log("sweep webcast files", removed)));
    ctx.waitUntil(compactSyncLog(env.DB, new Date(controller.scheduledTime)).then((compacted) => console.log("compact sync log", JSON.stringify(compacted))));
  },
} satisfies ExportedHandler<Env>;
