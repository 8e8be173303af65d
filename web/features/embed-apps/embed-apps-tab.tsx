import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { hasFeature } from "../../../domain/organizations/features.ts";
import type { EmbedAppRow } from "../../../domain/embed-apps/record.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import type { WebcastTabProps } from "../webcasts/edit-tabs.ts";
import { EmbedAppForm } from "./embed-app-form.tsx";
import { EmbedAppPreview } from "./embed-app-preview.tsx";
import { OfflineChangesNote, RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { useOrganizationRules } from "../webcasts/use-local-webcasts.ts";
import { byCreation, useWebcastParts } from "../webcasts/use-webcast-parts.ts";
import { PendingBadge } from "../webcasts/webcast-status.tsx";

/**
 * Embed app tab (SPEC §2 "embed app", §3: title, description, embed code): the webcast's apps in
 * creation order, read live from the replica, created, edited and deleted through their mutators
 * (offline too). The code is previewed on demand, only inside a sandboxed frame. Creating needs the
 * organization's allow_embed_integration_in_webcasts: when this device knows it is off, creation
 * is hidden and says why (editing and deleting stay, to clean up). Read-only without webcasts.update.
 */
export function EmbedAppsTab({ row, editable }: WebcastTabProps) {
  const { t, i18n } = useLingui();
  const parts = useWebcastParts("embed_apps", row.id, byCreation);
  const rules = useOrganizationRules(row.organization_id);
  const { run, refusal, busy } = usePartMutations();
  const [editing, setEditing] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<ReadonlySet<string>>(new Set());

  if (!parts) {
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  }

  const allowed = rules === null || hasFeature(rules, "allow_embed_integration_in_webcasts");
  const apps = parts.rows;

  const togglePreview = (id: string) =>
    setPreviewed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const remove = async (app: EmbedAppRow) => {
    const accepted = await confirm({ title: t`Delete this embed app?`, message: t`The embed app “${app.title}” will be removed from the webcast.`, acceptLabel: t`Delete`, cancelLabel: t`Cancel` });
    if (accepted) await run("deleteEmbedApp", { id: app.id });
  };

  return (
    <section className="embed-apps" aria-label={t`Embed apps`} data-testid="embed-apps-tab">
      <p className="muted">
        <Trans>Third-party apps (a form, a quiz, a live document…) shown to attendees beside the webcast, from the HTML code their provider gives.</Trans>
      </p>
      {!editable ? (
        <FormAlert tone="info">
          <Trans>You may view this webcast but not change it.</Trans>
        </FormAlert>
      ) : !allowed ? (
        <FormAlert tone="info">
          <span data-testid="embed-apps-disabled">
            <Trans>Embedded apps are not enabled for this organization's webcasts, so none can be added. Existing apps can still be edited or deleted.</Trans>
          </span>
        </FormAlert>
      ) : (
        <OfflineChangesNote />
      )}
      {editable && allowed && rules === null ? (
        <p className="muted" data-testid="embed-apps-unknown">
          <Trans>This device does not know your organization's features yet: the server checks that embedded apps are allowed when the change is sent.</Trans>
        </p>
      ) : null}
      <RefusalAlert refusal={refusal} />
      {apps.length === 0 ? (
        <p className="empty-state">
          <Trans>No embed apps.</Trans>
        </p>
      ) : (
        <ul className="embed-app-list">
          {apps.map((app) => {
            const characters = i18n.number([...app.embed_code].length);
            return editing === app.id ? (
              <li key={app.id} className="embed-app-list__item">
                <EmbedAppForm webcast={row} app={app} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={app.id} className="embed-app-list__item" data-testid="embed-app-row">
                <div className="embed-app-list__header">
                  <strong>{app.title}</strong>{" "}
                  {parts.unsynced.has(app.id) ? (
                    <PendingBadge testId="unsynced-badge" />
                  ) : null}
                  <span className="muted">
                    {" "}
                    <Trans>{characters} characters of code</Trans>
                  </span>
                </div>
                {app.description ? <p className="embed-app-list__description">{app.description}</p> : null}
                <div className="row-actions">
                  <button type="button" className="button button--small" aria-expanded={previewed.has(app.id)} data-testid="embed-app-preview" onClick={() => togglePreview(app.id)}>
                    {previewed.has(app.id) ? <Trans>Hide the preview</Trans> : <Trans>Preview</Trans>}
                  </button>
                  {editable ? (
                    <>
                      <button type="button" className="button button--small" disabled={busy || editing !== null} data-testid="embed-app-edit" onClick={() => setEditing(app.id)}>
                        <Trans>Edit</Trans>
                      </button>
                      <button type="button" className="button button--small button--danger" disabled={busy} data-testid="embed-app-delete" onClick={() => void remove(app)}>
                        <Trans>Delete</Trans>
                      </button>
                    </>
                  ) : null}
                </div>
                {previewed.has(app.id) ? <EmbedAppPreview code={app.embed_code} title={app.title} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      {editable && allowed ? (
        editing === "new" ? (
          <EmbedAppForm webcast={row} app={null} onDone={() => setEditing(null)} />
        ) : (
          <button type="button" className="button button--primary" disabled={editing !== null} data-testid="embed-app-add" onClick={() => setEditing("new")}>
            <Trans>Add an embed app</Trans>
          </button>
        )
      ) : null}
    </section>
  );
}
