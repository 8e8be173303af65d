import type { SyncScope, SyncTable, WebcastGrant } from "../sync/types.ts";
import { type OnDemandTable, SYNC_TABLES, isOnDemand } from "../sync/tables.ts";
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
  // The library is the organization's, read like its webcasts: a premiere playlist (read with the
  // webcast) names its videos. Every role holding media.manage holds webcasts.view too, and the
  // reverse (permissions.ts), so either permission gives the same readers.
  media: { permission: "webcasts.view" },
  // Every speaker presents the deck (the speaker view shows the current slide); a producer speaker
  // or an organizer manages and approves it (SPEC §6 "slides", the mutators' slides.manage).
  slides: { permission: "webcasts.view", spoken: true },
  premiere_videos: { permission: "webcasts.view" },
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

/** Whether a speaker of a webcast (its producer or not) reads that webcast's rows of `table`. */
function readsAsSpeaker(table: SyncTable, isProducer: boolean): boolean {
  const rule = READ_RULES[table];
  return Boolean(rule.spoken || (rule.produced && isProducer));
}

/** Whether `user` reads the rows of `table` of this webcast (every row, or as one of its speakers). */
export function readsOfWebcast(user: PermissionSubject & { id: number }, table: SyncTable, webcast: { organization_id: number; speakers: readonly { id: number; is_producer: boolean }[] }): boolean {
  if (readsAll(user, table, webcast.organization_id)) return true;
  const speaker = webcast.speakers.find((entry) => entry.id === user.id);
  return speaker !== undefined && readsAsSpeaker(table, speaker.is_producer);
}

/**
 * What `user` pulls in the main pull of the organizations they belong to (`organizationIds`; every
 * organization for a super admin), given the webcasts they speak in: each table in the
 * organizations where they read all of it, and by webcast where they read it as a speaker or
 * producer only. The on-demand tables (viewers, `ON_DEMAND_TABLES`) are never part of it: they come
 * per webcast (`webcastPullScope`), when a device opens the webcast.
 */
export function readScope(user: PermissionSubject, organizationIds: readonly number[], spoken: readonly SpokenWebcast[] = []): SyncScope {
  const scope = Object.fromEntries(SYNC_TABLES.map((table) => [table, isOnDemand(table) ? [] : organizationIds.filter((id) => readsAll(user, table, id))])) as { [T in SyncTable]: number[] };
  const byWebcast: { [T in SyncTable]?: WebcastGrant[] } = {};
  for (const table of SYNC_TABLES) {
    if (isOnDemand(table)) continue;
    const grants = new Map<number, string[]>();
    for (const { webcastId, organizationId, isProducer } of spoken) {
      if (!organizationIds.includes(organizationId) || scope[table].includes(organizationId) || !readsAsSpeaker(table, isProducer)) continue;
      grants.set(organizationId, [...(grants.get(organizationId) ?? []), webcastId]);
    }
    if (grants.size > 0) byWebcast[table] = [...grants].map(([organizationId, webcastIds]) => ({ organizationId, webcastIds: webcastIds.sort() }));
  }
  return Object.keys(byWebcast).length > 0 ? { ...scope, byWebcast } : scope;
}

/**
 * The scope of an on-demand pull (docs/sync.md "Viewers on demand"): the rows of `table` of one
 * webcast (and the table's deletions in its organization: a deleted row's webcast is unknown),
 * nothing else. The caller has checked the user reads them (`readsAll(user, table, organizationId)`).
 */
export function webcastPullScope(table: OnDemandTable, webcast: { id: string; organization_id: number }): SyncScope {
  const empty = Object.fromEntries(SYNC_TABLES.map((name) => [name, []])) as unknown as { [T in SyncTable]: number[] };
  return { ...empty, byWebcast: { [table]: [{ organizationId: webcast.organization_id, webcastIds: [webcast.id] }] } };
}
