import { eq } from "drizzle-orm";
import { archiveStatusAt } from "../../../domain/archive/rules.ts";
import { brandingImageUrl } from "../../../domain/branding/images.ts";
import { hasFeature } from "../../../domain/organizations/features.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { type AccessFacts, accessMethods } from "../../../domain/viewer-page/access.ts";
import type { PublicWebcast, ReplayStatus } from "../../../domain/viewer-page/api.ts";
import { endOf } from "../../../domain/webcasts/featured.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { storedIdentityProvider } from "../../../domain/sso/identity-provider.ts";
import { type Db, db } from "../../db/client.ts";
import { archives, organizations, segments, webcasts } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";

/**
 * What the viewer page's calls need to know about a webcast (docs/viewer-page.md): the row, its
 * organization's flags and provider, its segments' names and its archive. Read once per call.
 */
export interface WatchContext {
  row: WebcastRow;
  organization: { self_serve: boolean; features: Record<string, boolean>; ssoAvailable: boolean };
  segmentNames: string[];
  archive: { status: "processing" | "ready" | "expired"; expires_at: string | null } | null;
}

/** The webcast behind `/w/{id}`, public or private alike; 404 for an unknown id. */
export async function watchContext(env: Env, webcastId: string): Promise<WatchContext> {
  if (!UUID_V7.test(webcastId)) throw new ApiError("not_found");
  const database: Db = db(env.DB);
  const [[found], segmentRows, [archive]] = await Promise.all([
    database
      .select({ row: webcasts, self_serve: organizations.self_serve, features: organizations.features, identity_provider: organizations.identity_provider })
      .from(webcasts)
      .innerJoin(organizations, eq(organizations.id, webcasts.organization_id))
      .where(eq(webcasts.id, webcastId)),
    database.select({ name: segments.name }).from(segments).where(eq(segments.webcast_id, webcastId)),
    database.select({ status: archives.status, expires_at: archives.expires_at }).from(archives).where(eq(archives.webcast_id, webcastId)),
  ]);
  if (!found) throw new ApiError("not_found");
  const provider = storedIdentityProvider(found.identity_provider);
  return {
    row: found.row,
    organization: { self_serve: found.self_serve, features: found.features, ssoAvailable: provider !== null && provider.mode !== "off" },
    segmentNames: segmentRows.map((segment) => segment.name),
    archive: archive ?? null,
  };
}

export function accessFacts(context: WatchContext): AccessFacts {
  return { settings: context.row, segmented: context.segmentNames.length > 0, ssoAvailable: context.organization.ssoAvailable };
}

const REPLAY_OF = { processing: "pending", ready: "available", expired: "expired" } as const satisfies Record<string, ReplayStatus>;

function replayOf(context: WatchContext, now: number): PublicWebcast["replay"] {
  const { row, archive } = context;
  if (!row.replay_enabled || archive === null) return { status: "none", expires_at: null, download: false };
  const status = REPLAY_OF[archiveStatusAt(archive, now)];
  const download = status === "available" && row.vod_download && hasFeature(context.organization, "allow_replay_download");
  return { status, expires_at: archive.expires_at, download };
}

/** GET /api/watch/{id}: the page's view of the webcast (api.ts `PublicWebcast`) at `now` (ms). */
export function publicWebcast(context: WatchContext, now = Date.now()): PublicWebcast {
  const { row } = context;
  return {
    id: row.id,
    title: row.event_title,
    description: row.attendee_options.view_details ? row.description : null,
    start: row.schedule_visible ? row.event_start_date_time : null,
    end: row.schedule_visible ? new Date(endOf(row)).toISOString() : null,
    timezone: row.timezone,
    language: row.language,
    state: row.state,
    is_premiere: row.is_premiere,
    event_type: row.event_type,
    add_to_calendar_visible: row.add_to_calendar_visible,
    replay: replayOf(context, now),
    attendee_options: { ...row.attendee_options },
    anonymous_questions: row.anonymous_questions,
    branding: {
      theme: row.theme,
      title_color: row.title_color,
      logo_url: brandingImageUrl(row.id, row.logo_key),
      cover_url: brandingImageUrl(row.id, row.cover_key),
      banner_url: brandingImageUrl(row.id, row.banner_key),
    },
    access: {
      methods: accessMethods(accessFacts(context)),
      registration_required: row.registration_required,
      registration_fields: row.registration_fields,
      password_required: row.has_password,
      control_number_required: row.control_number_required,
      segment_restricted: context.segmentNames.length > 0,
    },
    server_now: new Date(now).toISOString(),
  };
}
