import app from "./app.ts";
import type { Env } from "./env.ts";

export { OrganizationSync } from "../durable/organization-sync/organization-sync.ts";
export { WebcastRoom } from "../durable/webcast-room/webcast-room.ts";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
