import type { SyncScope, SyncTable, WebcastGrant } from "../sync/types.ts";
import { SYNC_TABLES } from "../sync/tables.ts";
import { type PermissionSubject, can } from "./can.ts";
import type { Permission } from "./permissions.ts";

/**
 * The one read rule (issue #14 point 1): what each role may read of each synced table, used by the
 * REST reads (their guards) and by the sync pull (`readScope`), so a device never holds what the
 * API would refuse its user. A table is read:
 * - in every organization where the user holds `permission` (super admins everywhere), every row;
 * - and, with `spoken`, in the webcasts the user speaks in (SPEC §6: speakers see the sessions
 *   they speak in), or with `produced` in those they are the producer of, that webcast's rows only.
 * Every column of a readable row is readable: the synced rows hold nothing a reader of the row may
 * not see (secrets such as access and viewer passwords never sync).
 */
export interface ReadRule {
  permission: Permission;
  /** Speakers of a webcast read its rows of this table. */
  spoken?: true;
  /** Producer speakers of a webcast read its rows of this table. */
  produced?: true;
}

export const READ_RULES: { readonly [T in SyncTable]: ReadRule } = {
  // Name, limits, features, deactivation: the organization's own screens (organizers and up).
  organizations: { permission: "organizations.view" },
  webcasts: { permission: "webcasts.view", spoken: true },
  // Names and e-mails of the people invited: personal data.
  viewers: { permission: "viewers.manage" },
  // Who speaks with them: a speaker's session screen shows it.
  webcast_speakers: { permission: "webcasts.view", spoken: true },
  // A producer speaker manages the webcast's polls (SPEC §6).
  polls: { permission: "polls.manage", produced: true },
  polling_series: { permission: "polls.manage", produced: true },
  resources: { permission: "webcasts.view" },
  embed_apps: { permission: "webcasts.view" },
  segments: { permission: "webcasts.view" },
  // Stream keys and credentials: those who may edit the webcast.
  streaming_outputs: { permission: "webcasts.update" },
};

/** A webcast the user speaks in, as the read rule needs it. */
export interface SpokenWebcast {
  webcastId: string;
  organizationId: number;
  isProducer: boolean;
}

/** Whether `user` reads every row of `table` in `organizationId`. */
export function readsAll(user: PermissionSubject, table: SyncTable, organizationId: number): boolean {
  return can(user, READ_RULES[table].permission, organizationId);
}

/** Whether `user` reads the rows of `table` of this webcast (every row, or as one of its speakers). */
export function readsOfWebcast(user: PermissionSubject & { id: number }, table: SyncTable, webcast: { organization_id: number; speakers: readonly { id: number; is_producer: boolean }[] }): boolean {
  if (readsAll(user, table, webcast.organization_id)) return true;
  const rule = READ_RULES[table];
  const speaker = webcast.speakers.find((entry) => entry.id === user.id);
  return Boolean(speaker && (rule.spoken || (rule.produced && speaker.is_producer)));
}

/**
 * What `user` pulls of the organizations they belong to (`organizationIds`; every organization for
 * a super admin), given the webcasts they speak in: each table in the organizations where they read
 * all of it, and by webcast where they read it as a speaker or producer only.
 */
export function readScope(user: PermissionSubject, organizationIds: readonly number[], spoken: readonly SpokenWebcast[] = []): SyncScope {
  const byWebcast: { [T in SyncTable]?: WebcastGrant[] } = {};
  const scope = Object.fromEntries(
    SYNC_TABLES.map((table) => {
      const all = organizationIds.filter((id) => readsAll(user, table, id));
      const rule = READ_RULES[table];
      const grants = new Map<number, string[]>();
      for (const webcast of spoken) {
        if (!organizationIds.includes(webcast.organizationId) || all.includes(webcast.organizationId)) continue;
        if (!(rule.spoken || (rule.produced && webcast.isProducer))) continue;
        grants.set(webcast.organizationId, [...(grants.get(webcast.organizationId) ?? []), webcast.webcastId]);
      }
      if (grants.size > 0) byWebcast[table] = [...grants].map(([organizationId, webcastIds]) => ({ organizationId, webcastIds: [...webcastIds].sort() }));
      return [table, all];
    }),
  ) as { [T in SyncTable]: number[] };
  return Object.keys(byWebcast).length > 0 ? { ...scope, byWebcast } : scope;
}
