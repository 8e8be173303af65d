import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import type { ResourceRow } from "../../../domain/resources/record.ts";
import type { ResourceKind } from "../../../domain/resources/mutators.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { confirm } from "../../ui/confirm.ts";
import { LANGUAGE_LABELS } from "../webcasts/labels.ts";
import { OfflineChangesNote, RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { RESOURCE_KIND_LABELS } from "../polls/poll-labels.ts";
import { MoveButtons, moveKey, swapped, useMoveFocus } from "../webcasts/reorder-controls.tsx";
import { ResourceEditor } from "./resource-editor.tsx";
import { ResourceUploads } from "./resource-uploads.tsx";
import { resourceDownloadUrl } from "./api.ts";
import { byPosition, useWebcastParts } from "../webcasts/use-webcast-parts.ts";
import { PendingBadge } from "../webcasts/webcast-status.tsx";

const isHttp = (url: string) => /^https?:\/\//i.test(url);

/** Where a resource leads: its link, a mailto, or its file's download (each only when it is safe to link). */
function ResourceTarget({ resource }: { resource: ResourceRow }) {
  if (resource.kind === "file") {
    return resource.file_name ? (
      <a href={resourceDownloadUrl(resource.id)} download={resource.file_name} data-testid="resource-download">
        {resource.file_name}
      </a>
    ) : null;
  }
  if (!resource.url) return null;
  if (resource.kind === "email") return <a href={`mailto:${resource.url}`}>{resource.url}</a>;
  return isHttp(resource.url) ? (
    <a href={resource.url} target="_blank" rel="noopener noreferrer">
      {resource.url}
    </a>
  ) : (
    <span>{resource.url}</span>
  );
}

/**
 * Resources of the content tab (SPEC §2, §3: title, description, language, a file, a link or an
 * e-mail address), read live from the replica in order. Showing or hiding them
 * (`setResourcesVisibility`), reordering, adding a link or an address, editing and deleting are
 * mutations, offline too; a file goes on the upload client (offline, it waits for the network) and
 * its resource is made once it is in; the files still being sent are listed under the resources.
 * Read-only without webcasts.update (producers included: resources are the organizer's content).
 */
export function ResourcesSection({ row, editable }: { row: Pick<WebcastRow, "id" | "organization_id">; editable: boolean }) {
  const { t, i18n } = useLingui();
  const [editorUpload, setEditorUpload] = useState<string | null>(null);
  const parts = useWebcastParts("resources", row.id, byPosition);
  const { run, refusal, busy } = usePartMutations();
  const [editing, setEditing] = useState<{ id: string | null; kind: ResourceKind } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  const focusMoved = useMoveFocus(listRef, parts);
  const now = () => new Date().toISOString();
  const scope = { organization_id: row.organization_id, webcast_id: row.id };
  const resources = parts?.rows ?? [];

  const setVisible = (list: readonly ResourceRow[], visible: boolean) => run("setResourcesVisibility", { ...scope, resources: list.map(({ id }) => ({ id, visible })), now: now() });

  const move = async (index: number, delta: -1 | 1) => {
    const moved = resources[index];
    const neighbour = resources[index + delta];
    if (!moved || !neighbour) return;
    focusMoved(moved.id, delta);
    const ids = swapped(resources.map((resource) => resource.id), moved.id, neighbour.id);
    if (await run("reorderResources", { ...scope, ids, now: now() })) setAnnouncement(t`“${moved.title}” moved to position ${index + delta + 1}.`);
  };

  const remove = async (resource: ResourceRow) => {
    const accepted = await confirm({ title: t`Delete this resource?`, message: t`Attendees will no longer find “${resource.title}” among the resources.`, acceptLabel: t`Delete`, cancelLabel: t`Cancel` });
    if (accepted && (await run("deleteResource", { id: resource.id }))) setAnnouncement(t`The resource “${resource.title}” was deleted.`);
  };

  return (
    <section className="form-section" aria-labelledby="webcast-resources-title" data-testid="resources-section">
      <h2 id="webcast-resources-title" className="form-section__title">
        <Trans>Resources</Trans>
      </h2>
      <p className="muted">
        <Trans>Documents, links and contact addresses offered to attendees. Only visible resources are shown, when “View resources” is on.</Trans>
      </p>
      {editable ? <OfflineChangesNote /> : null}
      <RefusalAlert refusal={refusal} />
      {parts === undefined ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : resources.length === 0 ? (
        <p className="empty-state">
          <Trans>No resources.</Trans>
        </p>
      ) : (
        <ol className="resource-list" ref={listRef}>
          {resources.map((resource, index) =>
            editing?.id === resource.id ? (
              <li key={resource.id} className="resource-list__item">
                <ResourceEditor webcast={row} resource={resource} kind={resource.kind} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li
                key={resource.id}
                className="resource-list__item"
                data-testid="resource-row"
                data-resource-id={resource.id}
                onKeyDown={(event) => {
                  const delta = editable ? moveKey(event) : null;
                  if (delta === null) return;
                  event.preventDefault();
                  void move(index, delta);
                }}
              >
                <div className="resource-list__main">
                  <strong>{resource.title}</strong> <span className="badge">{i18n._(RESOURCE_KIND_LABELS[resource.kind])}</span>{" "}
                  {resource.language ? <span className="badge">{i18n._(LANGUAGE_LABELS[resource.language])}</span> : null}{" "}
                  {parts.unsynced.has(resource.id) ? (
                    <PendingBadge testId="unsynced-badge" />
                  ) : null}
                  <div className="resource-list__target">
                    <ResourceTarget resource={resource} />
                  </div>
                  {resource.description ? <p className="resource-list__description">{resource.description}</p> : null}
                </div>
                <div className="row-actions">
                  {editable ? (
                    <label className="resource-list__switch">
                      <input
                        type="checkbox"
                        role="switch"
                        className="switch-field__input"
                        checked={resource.visible}
                        disabled={busy}
                        data-testid="resource-visible"
                        onChange={(event) => void setVisible([resource], event.target.checked)}
                      />
                      <Trans>Visible</Trans>
                      <span className="visually-hidden"> {resource.title}</span>
                    </label>
                  ) : (
                    <span className="badge" data-testid="resource-visibility">
                      {resource.visible ? <Trans>Visible</Trans> : <Trans>Hidden</Trans>}
                    </span>
                  )}
                  {editable ? (
                    <>
                      <MoveButtons id={resource.id} name={resource.title} first={index === 0} last={index === resources.length - 1} disabled={busy} testId="resource" onMove={(delta) => void move(index, delta)} />
                      <button type="button" className="button button--small" disabled={busy || editing !== null} data-testid="resource-edit" onClick={() => setEditing({ id: resource.id, kind: resource.kind })}>
                        <Trans>Edit</Trans>
                      </button>
                      <button type="button" className="button button--small button--danger" disabled={busy} data-testid="resource-delete" onClick={() => void remove(resource)}>
                        <Trans>Delete</Trans>
                      </button>
                    </>
                  ) : null}
                </div>
              </li>
            ),
          )}
        </ol>
      )}
      {editable && resources.length > 1 ? (
        <div className="row-actions">
          <button type="button" className="button button--small" disabled={busy || resources.every((resource) => resource.visible)} data-testid="resources-show-all" onClick={() => void setVisible(resources, true)}>
            <Trans>Show all</Trans>
          </button>
          <button type="button" className="button button--small" disabled={busy || resources.every((resource) => !resource.visible)} data-testid="resources-hide-all" onClick={() => void setVisible(resources, false)}>
            <Trans>Hide all</Trans>
          </button>
          <span className="muted">
            <Trans>To reorder, use the arrow buttons, or Alt + ↑ / Alt + ↓ on a resource.</Trans>
          </span>
        </div>
      ) : null}
      <ResourceUploads webcastId={row.id} except={editing?.id === null ? editorUpload : null} />
      {editable ? (
        editing?.id === null ? (
          <ResourceEditor webcast={row} resource={null} kind={editing.kind} onDone={() => setEditing(null)} onUploadChange={setEditorUpload} />
        ) : (
          <div className="row-actions resource-add">
            <button type="button" className="button" disabled={editing !== null} data-testid="resource-add-link" onClick={() => setEditing({ id: null, kind: "link" })}>
              <Trans>Add a link</Trans>
            </button>
            <button type="button" className="button" disabled={editing !== null} data-testid="resource-add-email" onClick={() => setEditing({ id: null, kind: "email" })}>
              <Trans>Add an e-mail address</Trans>
            </button>
            <button type="button" className="button" disabled={editing !== null} data-testid="resource-add-file" onClick={() => setEditing({ id: null, kind: "file" })}>
              <Trans>Add a file</Trans>
            </button>
          </div>
        )
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
