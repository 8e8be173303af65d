import { asc, eq } from "drizzle-orm";
import { type ResourceLanguage, type ViewerResource, mailtoUrl, resourceLanguageFor, resourcesForViewer } from "../../../domain/viewer-page/resources.ts";
import { DEFAULT_ATTENDEE_OPTIONS } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { resources, webcasts } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { PLAYBACK_URL_TTL_S } from "../archive/service.ts";
import { signFileUrl } from "../files/signed-urls.ts";

/**
 * The webcast's resources for its viewers (docs/viewer-page.md "Resources"). The caller
 * (routes.ts) has checked the room token: whoever holds one for this webcast may see what the
 * attendee option `view_resources` shows. Files are signed URLs (a download under the file's
 * name) living PLAYBACK_URL_TTL_S, as the slides and the player's do.
 */
export async function resourcesForViewerOf(env: Env, webcastId: string, pageLanguage: string | undefined, now: number): Promise<ViewerResource[]> {
  const database = db(env.DB);
  const [[webcast], rows] = await Promise.all([
    database.select({ attendee_options: webcasts.attendee_options, language: webcasts.language }).from(webcasts).where(eq(webcasts.id, webcastId)),
    database.select().from(resources).where(eq(resources.webcast_id, webcastId)).orderBy(asc(resources.position), asc(resources.created_at), asc(resources.id)),
  ]);
  if (!webcast) throw new ApiError("not_found");
  const language: ResourceLanguage = resourceLanguageFor(pageLanguage, webcast.language);
  const shown = resourcesForViewer(rows, webcast.attendee_options.view_resources ?? DEFAULT_ATTENDEE_OPTIONS.view_resources, language);
  return Promise.all(
    shown.map(async (row): Promise<ViewerResource> => {
      const url =
        row.kind === "file" && row.file_key !== null
          ? await signFileUrl(env, { key: row.file_key, expires_in_s: PLAYBACK_URL_TTL_S, ...(row.file_name ? { download_name: row.file_name } : {}) }, now)
          : row.kind === "email"
            ? mailtoUrl(row.url ?? "")
            : (row.url ?? "");
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        kind: row.kind,
        url,
        ...(row.kind === "file" && row.file_name ? { file_name: row.file_name } : {}),
        ...(row.language ? { language: row.language } : {}),
      };
    }),
  );
}
