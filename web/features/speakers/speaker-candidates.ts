import { useLiveQuery } from "dexie-react-hooks";
import { PERSON_KINDS, isPersonKind, managePermission } from "../../../domain/organizations/people.ts";
import { can } from "../../../domain/permissions/can.ts";
import { SPEAKER_ROLES } from "../../../domain/speakers/mutators.ts";
import type { ApiRequestError } from "../../api/errors.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { useResource } from "../../ui/use-resource.ts";
import { type PersonKind, listPeople } from "../people/api.ts";
import { useOnline } from "../pwa/use-online.ts";
import { useCurrentUser } from "../session/store.ts";

/** Someone who may be added as a speaker: what `setWebcastSpeakers` copies for a new speaker. */
export interface SpeakerCandidate {
  user_id: number;
  name: string;
  email: string;
  /** Their role, when a people list said it (not known for people read from the replica). */
  role?: PersonKind;
}

export interface SpeakerCandidates {
  candidates: SpeakerCandidate[];
  online: boolean;
  loading: boolean;
  error: ApiRequestError | undefined;
  /** A people list holds more matches than its first page: searching narrows it. */
  truncated: boolean;
  reload(): void;
}

const matches = (candidate: SpeakerCandidate, q: string) => {
  const needle = q.trim().toLowerCase();
  return needle === "" || candidate.name.toLowerCase().includes(needle) || candidate.email.toLowerCase().includes(needle);
};

/**
 * The people who may speak in `organizationId`'s webcasts (SPEC §6: speakers, organizers, admins,
 * owners — `SPEAKER_ROLES`), matching `q`. Online: the first page of each people list the user may
 * read (`<kind>s.manage`; an organizer reads only the speakers), plus the people already speaking
 * in the organization's webcasts, so organizers and admins who spoke before stay offered. Offline:
 * only those, read from `view_webcast_speakers` (the server checks memberships when the change
 * arrives).
 */
export function useSpeakerCandidates(organizationId: number | null, q: string): SpeakerCandidates {
  const engine = useSyncEngine();
  const user = useCurrentUser();
  const online = useOnline();

  const known = useLiveQuery(async () => {
    if (!engine || organizationId === null) return [];
    const rows = await engine.db.view_webcast_speakers.where("organization_id").equals(organizationId).toArray();
    // The latest copy of each person's name and e-mail.
    rows.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    const people = new Map<number, SpeakerCandidate>();
    for (const row of rows) if (!people.has(row.user_id)) people.set(row.user_id, { user_id: row.user_id, name: row.name, email: row.email });
    return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [engine, organizationId]);

  const kinds = organizationId === null ? [] : PERSON_KINDS.filter((kind) => SPEAKER_ROLES.includes(kind) && can(user, managePermission(kind), organizationId));
  const key = online && organizationId !== null && kinds.length > 0 ? `speaker-candidates:${organizationId}:${kinds.join(",")}:${q}` : null;
  const lists = useResource(key, (signal) => Promise.all(kinds.map((kind) => listPeople(organizationId ?? 0, { kind, page: 1, q }, signal))));
  const fetched = key !== null && lists.dataKey === key ? lists.data : undefined;

  const byId = new Map<number, SpeakerCandidate>();
  for (const page of fetched ?? []) {
    for (const person of page.data) byId.set(person.id, { user_id: person.id, name: person.name, email: person.email, ...(isPersonKind(person.role) ? { role: person.role } : {}) });
  }
  for (const person of known ?? []) if (!byId.has(person.user_id) && matches(person, q)) byId.set(person.user_id, person);
  return {
    candidates: [...byId.values()],
    online,
    loading: key !== null && (lists.loading || fetched === undefined) && lists.error === undefined,
    error: key !== null ? lists.error : undefined,
    truncated: (fetched ?? []).some((page) => page.meta.total > page.data.length),
    reload: lists.reload,
  };
}
