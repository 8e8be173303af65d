import type { UiLocale } from "../i18n/locales.ts";
import { limitReachedMessage, withinLimit } from "../organizations/index.ts";
import type { ResourceRow } from "../resources/record.ts";
import { type MutationContext, MutationRejected, type MutationTx } from "../sync/types.ts";
import { renderedInEveryLocale } from "../validation/localized.ts";
import { organizationRules, partsOf } from "../webcasts/part-rules.ts";
import type { WebcastRow } from "../webcasts/record.ts";

/**
 * max_media, "media per webcast" (SPEC §3, domain/organizations/limits.ts), counted in one place
 * for the two mutator files that add media to a webcast: its resources carrying an uploaded file
 * (domain/resources/mutators.ts) and its premiere videos (domain/premiere-videos/mutators.ts).
 */

/**
 * Whether a resource is one of the webcast's media: a resource carrying an uploaded file. Links
 * and e-mail addresses store nothing, so they are not media.
 */
export function isMedium(row: Pick<ResourceRow, "kind" | "file_key">): boolean {
  return row.kind === "file" && row.file_key !== null;
}

/** What counts against max_media on a webcast, from its rows: files among its resources, plus its premiere videos. */
export function webcastMediaCount(resources: readonly Pick<ResourceRow, "kind" | "file_key">[], premiereVideos: number): number {
  return resources.filter(isMedium).length + premiereVideos;
}

/**
 * Refuses `adding` media more than the organization's max_media allows on this webcast, given what
 * it holds now (its stored resources and premiere videos, as the change reads them). A change that
 * adds none passes, so a webcast already over a lowered limit may still shrink, reorder or swap a
 * file. The refusal's field error goes under `field` (`file` for a resource, `videos` for a
 * playlist). Skipped where the organization's rules are not known (a browser without them: the
 * server judges).
 *
 * Caller: a mutator that has authorized the change (`webcasts.update` on the webcast).
 */
export async function checkMediaLimit(tx: MutationTx, ctx: MutationContext, webcast: Pick<WebcastRow, "id" | "organization_id">, adding: number, field: string): Promise<void> {
  if (adding <= 0) return;
  const organization = await organizationRules(tx, ctx, webcast.organization_id);
  if (!organization) return;
  const held = webcastMediaCount(await partsOf(tx, "resources", webcast), (await partsOf(tx, "premiere_videos", webcast)).length);
  const check = withinLimit(organization, "max_media", held, adding);
  if (check.ok) return;
  const message = (locale: UiLocale) => limitReachedMessage("max_media", check.limit, locale);
  throw new MutationRejected("limit_reached", renderedInEveryLocale(message), { [field]: [message(ctx.locale)] });
}
