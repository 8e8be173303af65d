import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { hasFeature } from "../../../domain/organizations/features.ts";
import type { StreamingOutputRow } from "../../../domain/streaming-outputs/record.ts";
import { outputsEditable } from "../../../domain/streaming-outputs/mutators.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import type { WebcastTabProps } from "../webcasts/edit-tabs.ts";
import { OfflineChangesNote, RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { StreamingOutputForm } from "./streaming-output-form.tsx";
import { useOrganizationRules } from "../webcasts/use-local-webcasts.ts";
import { byCreation, useWebcastParts } from "../webcasts/use-webcast-parts.ts";
import { PendingBadge } from "../webcasts/webcast-status.tsx";

/** The stream key as dots, as long as the key up to 16 (its length says little). */
const masked = (key: string) => "•".repeat(Math.min(Math.max(key.length, 8), 16));

/**
 * Streaming outputs tab (SPEC §3: RTMP url, stream key, optional username and password,
 * activated): the webcast's outputs read live from the replica, created, edited, switched on or
 * off and deleted through their mutators (offline too). SPEC §4: only while the webcast is
 * upcoming or resetting (the streaming structure exists once it starts); otherwise read-only with
 * the reason. Without the organization's `allow_rtmp_output`, outputs can only be deleted. Shown
 * only to `webcasts.update` holders (the rows carry credentials and sync only to them).
 */
export function StreamingOutputsTab({ row, editable }: WebcastTabProps) {
  const { t } = useLingui();
  const parts = useWebcastParts("streaming_outputs", row.id, byCreation);
  const rules = useOrganizationRules(row.organization_id);
  const { run, refusal, busy } = usePartMutations();
  const [editing, setEditing] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());

  if (!parts) {
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  }

  const open = outputsEditable(row);
  const allowed = rules === null || hasFeature(rules, "allow_rtmp_output");
  const canChange = editable && open && allowed;
  const canDelete = editable && open;
  const outputs = parts.rows;

  const remove = async (output: StreamingOutputRow) => {
    const accepted = await confirm({
      title: t`Delete this streaming output?`,
      message: t`The webcast will no longer be re-streamed to ${output.rtmp_url}.`,
      acceptLabel: t`Delete`,
      cancelLabel: t`Cancel`,
    });
    if (accepted) await run("deleteStreamingOutput", { id: output.id });
  };

  const toggleKey = (id: string) =>
    setRevealed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className="streaming-outputs" aria-label={t`Streaming outputs`} data-testid="streaming-outputs">
      <p className="muted">
        <Trans>The webcast can be re-streamed to other RTMP services (YouTube, Facebook, a CDN…) while it is on air.</Trans>
      </p>
      {!editable ? (
        <FormAlert tone="info">
          <Trans>You may view this webcast but not change it.</Trans>
        </FormAlert>
      ) : !open ? (
        <FormAlert tone="info">
          <span data-testid="outputs-locked">
            <Trans>Streaming outputs can only be changed before the webcast goes on air, while it is upcoming.</Trans>
          </span>
        </FormAlert>
      ) : !allowed ? (
        <FormAlert tone="info">
          <Trans>RTMP outputs are not enabled for this organization: outputs can be deleted, not added or changed.</Trans>
        </FormAlert>
      ) : (
        <OfflineChangesNote />
      )}
      <RefusalAlert refusal={refusal} />
      {outputs.length === 0 ? (
        <p className="empty-state">
          <Trans>No streaming outputs.</Trans>
        </p>
      ) : (
        <ul className="output-list">
          {outputs.map((output) =>
            editing === output.id ? (
              <li key={output.id} className="output-list__item">
                <StreamingOutputForm webcast={row} output={output} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={output.id} className="output-list__item" data-testid="output-row">
                <dl className="output-list__details">
                  <div>
                    <dt>
                      <Trans>RTMP URL</Trans>
                    </dt>
                    <dd className="output-list__url">{output.rtmp_url}</dd>
                  </div>
                  <div>
                    <dt>
                      <Trans>Stream key</Trans>
                    </dt>
                    <dd>
                      <code data-testid="output-key">{revealed.has(output.id) ? output.stream_key : masked(output.stream_key)}</code>{" "}
                      <button type="button" className="button button--small" aria-pressed={revealed.has(output.id)} data-testid="output-key-toggle" onClick={() => toggleKey(output.id)}>
                        {revealed.has(output.id) ? <Trans>Hide the key</Trans> : <Trans>Show the key</Trans>}
                      </button>
                    </dd>
                  </div>
                  {output.username ? (
                    <div>
                      <dt>
                        <Trans>Username</Trans>
                      </dt>
                      <dd>
                        {output.username} <span className="muted">{output.password ? <Trans>(password set)</Trans> : null}</span>
                      </dd>
                    </div>
                  ) : null}
                </dl>
                <div className="row-actions">
                  {parts.unsynced.has(output.id) ? (
                    <PendingBadge testId="unsynced-badge" />
                  ) : null}
                  <label className="output-list__switch">
                    <input
                      type="checkbox"
                      role="switch"
                      className="switch-field__input"
                      checked={output.activated}
                      disabled={!canChange || busy}
                      data-testid="output-activated"
                      onChange={(event) => void run("updateStreamingOutput", { id: output.id, activated: event.target.checked, now: new Date().toISOString() })}
                    />
                    <Trans>Activated</Trans>
                  </label>
                  {canChange ? (
                    <button type="button" className="button button--small" disabled={busy || editing !== null} data-testid="output-edit" onClick={() => setEditing(output.id)}>
                      <Trans>Edit</Trans>
                    </button>
                  ) : null}
                  {canDelete ? (
                    <button type="button" className="button button--small button--danger" disabled={busy} data-testid="output-delete" onClick={() => void remove(output)}>
                      <Trans>Delete</Trans>
                    </button>
                  ) : null}
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {canChange ? (
        editing === "new" ? (
          <StreamingOutputForm webcast={row} output={null} onDone={() => setEditing(null)} />
        ) : (
          <button type="button" className="button button--primary" disabled={editing !== null} data-testid="output-add" onClick={() => setEditing("new")}>
            <Trans>Add a streaming output</Trans>
          </button>
        )
      ) : null}
    </section>
  );
}
