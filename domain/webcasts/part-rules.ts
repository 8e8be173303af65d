import { canForWebcast, permissionWebcast } from "../permissions/can.ts";
import type { Permission } from "../permissions/permissions.ts";
import type { WEBCAST_PART_TABLES } from "../sync/tables.ts";
import { type MutationContext, MutationRejected, type MutationTx, type OrganizationRules, type SyncRow } from "../sync/types.ts";
import { WEBCAST_MESSAGES } from "./messages.ts";
import type { WebcastRow } from "./record.ts";
import { type LocalizedText } from "../validation/localized.ts";

export type WebcastPartTable = (typeof WEBCAST_PART_TABLES)[number];

/**
 * What every mutator of a webcast's part (domain/webcasts/parts.ts) checks first: the webcast
 * exists (else `not_found`, "it was deleted") and the actor holds `permission` for it — the
 * organization's permission or, for producer permissions (SPEC §6: control room, slides, polls,
 * questions), being a speaker flagged `is_producer` on that webcast. Returns the webcast.
 */
export async function webcastFor(tx: MutationTx, webcastId: string, permission: Permission, ctx: MutationContext): Promise<WebcastRow> {
  const webcast = await tx.get("webcasts", webcastId);
  if (!webcast) throw new MutationRejected("not_found", WEBCAST_MESSAGES.not_found);
  const speakers = (await tx.list("webcast_speakers", webcast.organization_id)).filter((speaker) => speaker.webcast_id === webcast.id);
  if (!canForWebcast(ctx.actor, permission, permissionWebcast(webcast, speakers))) throw new MutationRejected("forbidden", WEBCAST_MESSAGES.update_forbidden);
  return webcast;
}

/**
 * The part row a mutation names (update, delete), with its webcast checked by `webcastFor`; a
 * missing row is `not_found` with the part's own `gone` message ("This poll no longer exists…").
 */
export async function partFor<T extends WebcastPartTable>(
  tx: MutationTx,
  table: T,
  id: string,
  permission: Permission,
  ctx: MutationContext,
  gone: LocalizedText,
): Promise<{ row: SyncRow<T>; webcast: WebcastRow }> {
  const row = await tx.get(table, id);
  if (!row) throw new MutationRejected("not_found", gone);
  const webcast = await webcastFor(tx, row.webcast_id, permission, ctx);
  return { row, webcast };
}

/** The rows of `table` that belong to `webcastId` (parts are listed by organization, then filtered). */
export async function partsOf<T extends WebcastPartTable>(tx: MutationTx, table: T, webcast: Pick<WebcastRow, "id" | "organization_id">): Promise<SyncRow<T>[]> {
  return (await tx.list(table, webcast.organization_id)).filter((row) => row.webcast_id === webcast.id);
}

/**
 * The organization's rules, or null where they are not known (a browser without them: the
 * server judges). The server must provide them: a store without the lookup is a wiring error,
 * not a reason to skip limits.
 */
export async function organizationRules(tx: MutationTx, ctx: MutationContext, organizationId: number): Promise<OrganizationRules | null> {
  if (!tx.organization) {
    if (ctx.location === "server") throw new Error("ServerStore.read.organization is required on the server");
    return null;
  }
  const rules = await tx.organization(organizationId);
  if (!rules) throw new MutationRejected("not_found", WEBCAST_MESSAGES.organization_not_found);
  return rules;
}
