import type { MutationCall } from "../../../domain/sync/types.ts";
import { asc, eq } from "drizzle-orm";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import type { SegmentRow } from "../../../domain/segments/record.ts";
import type { Db } from "../../db/client.ts";
import { segments } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { applyCall } from "../sync/apply-mutation.ts";

/** A segment as the REST calls answer it (docs/webcasts-api.md). */
export interface SegmentResource {
  id: string;
  webcast_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export function segmentResource(row: SegmentRow): SegmentResource {
  return { id: row.id, webcast_id: row.webcast_id, name: row.name, created_at: row.created_at, updated_at: row.updated_at };
}

/** The webcast's segments, oldest first (callers authorize). */
export function segmentsOfWebcast(database: Db, webcastId: string): Promise<SegmentRow[]> {
  return database.select().from(segments).where(eq(segments.webcast_id, webcastId)).orderBy(asc(segments.created_at), asc(segments.id));
}

/** The segment as answered, after a write that must have left it there. */
export async function segmentAnswer(database: Db, id: string): Promise<SegmentResource> {
  const [row] = await database.select().from(segments).where(eq(segments.id, id));
  if (!row) throw new ApiError("not_found");
  return segmentResource(row);
}

/**
 * Pushes one segment mutation (sync/apply-mutation.ts `applyMutation`: a fresh mutation id,
 * refusals as SPEC §8 errors). The mutator's field is the row's `name`; the call's is `segment`,
 * so its field errors are answered under `segment`.
 */
export async function applySegmentMutation(env: Env, user: AuthUser, locale: UiLocale, call: MutationCall): Promise<void> {
  try {
    await applyCall(env, user, locale, call);
  } catch (error) {
    const errors = error instanceof ApiError ? error.options.errors : undefined;
    if (!(error instanceof ApiError) || !errors || !("name" in errors)) throw error;
    const { name: messages, ...others } = errors;
    throw new ApiError(error.code, { ...error.options, errors: { ...others, segment: messages ?? [] } });
  }
}
