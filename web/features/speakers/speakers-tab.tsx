import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { limitsOf } from "../../../domain/organizations/limits.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useOnline } from "../pwa/use-online.ts";
import type { WebcastTabProps } from "../webcasts/edit-tabs.ts";
import { OfflineChangesNote, RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import type { SpeakerCandidate } from "./speaker-candidates.ts";
import { SpeakerCount, SpeakerPicker } from "./speaker-picker.tsx";
import { SpeakerRow } from "./speaker-row.tsx";
import { inviteSpeaker } from "./api.ts";
import { useOrganizationRules } from "../webcasts/use-local-webcasts.ts";
import { byPosition, useWebcastParts } from "../webcasts/use-webcast-parts.ts";

/**
 * Speakers tab (SPEC §3 "Speakers are shown or hidden in the lobby, with one producer"): the
 * webcast's speakers in order, read live from the replica. Each change is its own mutation, applied
 * here at once and queued (offline too): adding and reordering send the whole list
 * (`setWebcastSpeakers`, ids and people only, so flags changed elsewhere are kept), the lobby
 * switch and the producer `updateWebcastSpeaker`, removing `removeWebcastSpeaker`. Inviting
 * e-mails the speaker: online only. Without webcasts.update the list is read-only.
 */
export function SpeakersTab({ row, editable }: WebcastTabProps) {
  const { t } = useLingui();
  const engine = useSyncEngine();
  const online = useOnline();
  const parts = useWebcastParts("webcast_speakers", row.id, byPosition);
  const rules = useOrganizationRules(row.organization_id);
  const limit = rules ? limitsOf(rules).max_speakers : null;
  const { run, refusal, busy } = usePartMutations();
  const [invite, setInvite] = useState<{ sending: string | null; error: string | null; sent: Record<string, string> }>({ sending: null, error: null, sent: {} });
  const [announcement, setAnnouncement] = useState("");
  const tableRef = useRef<HTMLTableElement>(null);
  const refocus = useRef<{ id: string; direction: "up" | "down" } | null>(null);

  const speakers = parts?.rows ?? [];
  const now = () => new Date().toISOString();

  // Keyboard reordering keeps the focus on the moved speaker's button once the list has re-rendered.
  useEffect(() => {
    const target = refocus.current;
    if (!target || busy || !tableRef.current) return;
    const button = (direction: string) => tableRef.current?.querySelector<HTMLButtonElement>(`[data-speaker="${target.id}"][data-move="${direction}"]`);
    const preferred = button(target.direction);
    const focusable = preferred && !preferred.disabled ? preferred : button(target.direction === "up" ? "down" : "up");
    if (focusable && !focusable.disabled) focusable.focus();
    refocus.current = null;
  }, [parts, busy]);

  if (!parts) {
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  }

  const listArgs = (list: readonly Pick<WebcastSpeakerRow, "id" | "user_id">[], added?: SpeakerCandidate) => ({
    webcast_id: row.id,
    organization_id: row.organization_id,
    speakers: [...list.map(({ id, user_id }) => ({ id, user_id })), ...(added ? [{ id: uuidv7(), user_id: added.user_id, name: added.name, email: added.email }] : [])],
    now: now(),
  });

  const add = async (candidate: SpeakerCandidate) => {
    if (await run("setWebcastSpeakers", listArgs(speakers, candidate))) setAnnouncement(t`${candidate.name} was added to the speakers.`);
  };

  const move = async (index: number, delta: -1 | 1) => {
    const moved = speakers[index];
    const target = index + delta;
    if (!moved || target < 0 || target >= speakers.length) return;
    const list = speakers.filter((speaker) => speaker.id !== moved.id);
    list.splice(target, 0, moved);
    refocus.current = { id: moved.id, direction: delta < 0 ? "up" : "down" };
    if (await run("setWebcastSpeakers", listArgs(list))) setAnnouncement(t`${moved.name} moved to position ${target + 1}.`);
  };

  const remove = async (speaker: WebcastSpeakerRow) => {
    const accepted = await confirm({
      title: t`Remove this speaker?`,
      message: t`${speaker.name} will no longer be a speaker of this webcast.`,
      acceptLabel: t`Remove`,
      cancelLabel: t`Cancel`,
    });
    if (accepted && (await run("removeWebcastSpeaker", { id: speaker.id }))) setAnnouncement(t`${speaker.name} was removed from the speakers.`);
  };

  const sendInvitation = async (speaker: WebcastSpeakerRow) => {
    setInvite((current) => ({ ...current, sending: speaker.id, error: null }));
    try {
      const answer = await inviteSpeaker(row.id, speaker.id);
      setInvite((current) => ({ sending: null, error: null, sent: { ...current.sent, [speaker.id]: answer.invited_at ?? now() } }));
      engine?.requestSync();
      toast.success(t`The invitation was sent to ${speaker.name}.`);
    } catch (error) {
      const message =
        error instanceof ApiRequestError && !error.isNetworkError ? error.message : t`The server cannot be reached. Check your connection and try again.`;
      setInvite((current) => ({ ...current, sending: null, error: message }));
    }
  };

  const invitedAt = (speaker: WebcastSpeakerRow) => speaker.invited_at ?? invite.sent[speaker.id] ?? null;

  return (
    <section className="webcast-speakers" aria-label={t`Speakers`} data-testid="webcast-speakers">
      {editable ? (
        <OfflineChangesNote />
      ) : (
        <FormAlert tone="info">
          <Trans>You may view this webcast but not change it.</Trans>
        </FormAlert>
      )}
      <RefusalAlert refusal={refusal} />
      {invite.error ? <FormAlert>{invite.error}</FormAlert> : null}
      <SpeakerCount count={speakers.length} limit={limit} />
      {speakers.length === 0 ? (
        <p className="empty-state">
          <Trans>No speakers yet.</Trans>
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table speaker-table" ref={tableRef}>
            <caption className="visually-hidden">
              <Trans>Speakers, in the order they are shown</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>E-mail</Trans>
                </th>
                <th scope="col">
                  <Trans>Producer</Trans>
                </th>
                <th scope="col">
                  <Trans>Shown in the lobby</Trans>
                </th>
                <th scope="col">
                  <Trans>Invitation</Trans>
                </th>
                {editable ? (
                  <th scope="col">
                    <Trans>Actions</Trans>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {speakers.map((speaker, index) => (
                <SpeakerRow
                  key={speaker.id}
                  speaker={speaker}
                  groupName={`producer-${row.id}`}
                  first={index === 0}
                  last={index === speakers.length - 1}
                  editable={editable}
                  busy={busy}
                  unsynced={parts.unsynced.has(speaker.id)}
                  invitedAt={invitedAt(speaker)}
                  invite={{ disabled: !online || invite.sending !== null, sending: invite.sending === speaker.id, offline: !online }}
                  onMove={(delta) => void move(index, delta)}
                  onChange={(patch) => void run("updateWebcastSpeaker", { id: speaker.id, ...patch, now: now() })}
                  onInvite={() => void sendInvitation(speaker)}
                  onRemove={() => void remove(speaker)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editable && speakers.length > 1 ? (
        <p className="muted">
          <Trans>To reorder, use the arrow buttons, or Alt + ↑ / Alt + ↓ on a speaker's row.</Trans>
        </p>
      ) : null}
      {editable && !online && speakers.length > 0 ? (
        <p className="muted" data-testid="invite-offline">
          <Trans>You are offline: invitations are e-mailed by the server and need a connection.</Trans>
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite" data-testid="speaker-announcement">
        {announcement}
      </p>
      {editable ? <SpeakerPicker headingLevel={2} organizationId={row.organization_id} excluded={new Set(speakers.map((speaker) => speaker.user_id))} disabled={busy} onPick={(candidate) => void add(candidate)} /> : null}
    </section>
  );
}
