import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { hasFeature } from "../../../domain/organizations/features.ts";
import type { MediaRow } from "../../../domain/media/record.ts";
import { useLocalDatabase } from "../../local/session-sync.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import { EmptyState } from "../../ui/list-controls.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { OrganizationPicker } from "../people/organization-picker.tsx";
import { useOrganizationChoice } from "../people/use-organization-choice.ts";
import { useCurrentUser } from "../session/store.ts";
import { cancelUpload } from "../uploads/upload-queue.ts";
import { deviceUploads } from "../uploads/uploads-list.tsx";
import { OfflineChangesNote, RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { useOrganizationRules } from "../webcasts/use-local-webcasts.ts";
import type { MediaAnswer } from "./api.ts";
import { MediaAdd } from "./media-add.tsx";
import { MediaCard } from "./media-card.tsx";
import { MediaEditor, MediaPreview } from "./media-editor.tsx";
import { addVideo } from "./media-upload.ts";
import { matchesSearch, useMediaLibrary } from "./use-media.ts";
import "../organizations/management.css";
import "./media.css";

interface FileErrors {
  name: string;
  messages: string[];
}

/**
 * /media (SPEC §2 Management › Video content): the organization's video library, from the replica
 * (`view_media`), so it reads and edits offline. Adding a video makes its row at once and queues
 * its file on the upload client (media-upload.ts); the server reads the file once it has it. Gated
 * by the organization's `allow_video_content` feature.
 */
export function MediaPage() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const searchId = useId();
  const db = useLocalDatabase();
  const { options, selected, choose } = useOrganizationChoice(user, "media.manage");
  const organizationId = selected?.id;
  const rules = useOrganizationRules(organizationId ?? 0);
  // Unknown rules (not pulled yet): the library is offered and the server judges.
  const enabled = rules === null || hasFeature(rules, "allow_video_content");
  const library = useMediaLibrary(organizationId);
  const { run, refusal, busy } = usePartMutations();
  const [query, setQuery] = useState("");
  const [reading, setReading] = useState(false);
  const [fileErrors, setFileErrors] = useState<FileErrors[]>([]);
  const [editing, setEditing] = useState<MediaRow | null>(null);
  const [previewing, setPreviewing] = useState<{ row: MediaRow; answer: MediaAnswer } | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const add = async (files: File[]) => {
    if (organizationId === undefined) return;
    setReading(true);
    setFileErrors([]);
    const refused: FileErrors[] = [];
    try {
      for (const file of files) {
        const result = await addVideo({ organizationId, file, create: (args) => run("createMedia", args) });
        if (result.ok) {
          const name = file.name;
          setAnnouncement(t`“${name}” was added; its file is being uploaded.`);
        } else if ("errors" in result) refused.push({ name: file.name, messages: Object.values(result.errors).flat() });
        else break;
      }
    } finally {
      setFileErrors(refused);
      setReading(false);
    }
  };

  const remove = async (row: MediaRow) => {
    const title = row.title;
    const accepted = await confirm({
      title: t`Delete this video?`,
      message: t`“${title}” and its file will be deleted. Webcasts offering it as a loop or playing it in a premiere will no longer have it.`,
      acceptLabel: t`Delete`,
      cancelLabel: t`Cancel`,
    });
    if (!accepted || !(await run("deleteMedia", { id: row.id }))) return;
    // Its file has nowhere to go any more.
    if (db) for (const upload of await deviceUploads(db, { kind: "video", targetId: row.id })) if (!["done", "failed", "canceled"].includes(upload.status)) await cancelUpload(upload.id);
    setAnnouncement(t`The video “${title}” was deleted.`);
  };

  const rows = library?.rows ?? [];
  const shown = rows.filter((row) => matchesSearch(row, query));
  const organizationName = selected?.name ?? "";

  return (
    <div className="page media-page" data-testid="media-page">
      <div className="page-heading">
        <PageTitle>
          <Trans>Video content</Trans>
        </PageTitle>
      </div>
      <p className="muted media-page__intro">
        <Trans>The organization's videos: loops played before and after webcasts, and the playlists of premieres.</Trans>
      </p>

      {options.length === 0 ? (
        <EmptyState>
          <Trans>You do not manage the videos of any organization.</Trans>
        </EmptyState>
      ) : options.length > 1 ? (
        <OrganizationPicker options={options} selectedId={organizationId} choose={choose} className="media-page__organization" />
      ) : null}

      {organizationId === undefined ? null : !enabled ? (
        <div className="empty-state" data-testid="media-disabled">
          <p>
            <strong>
              <Trans>Video content is not enabled for {organizationName}.</Trans>
            </strong>
          </p>
          <p>
            <Trans>It is part of the organization's plan: ask your iGo contact to turn it on. Videos already in the library are kept.</Trans>
          </p>
        </div>
      ) : (
        <>
          <OfflineChangesNote />
          <RefusalAlert refusal={refusal} />
          <MediaAdd busy={reading} onFiles={(files) => void add(files)} />
          {fileErrors.length > 0 ? (
            <FormAlert>
              <ul className="media-page__file-errors" data-testid="media-file-errors">
                {fileErrors.map(({ name, messages }) => (
                  <li key={name}>
                    <Trans>
                      “{name}” was not added: {messages.join(" ")}
                    </Trans>
                  </li>
                ))}
              </ul>
            </FormAlert>
          ) : null}

          {rows.length > 0 ? (
            <div className="list-toolbar media-page__toolbar">
              <div className="search-form" role="search">
                <label htmlFor={searchId} className="visually-hidden">
                  <Trans>Search by title or description</Trans>
                </label>
                <input id={searchId} type="search" value={query} placeholder={t`Search by title or description`} data-testid="media-search" onChange={(event) => setQuery(event.target.value)} />
              </div>
            </div>
          ) : null}

          {library === undefined ? (
            <p className="muted" aria-busy="true">
              <Trans>Loading…</Trans>
            </p>
          ) : rows.length === 0 ? (
            <EmptyState>
              <Trans>No videos yet. Add one above: it can then loop before or after a webcast, or play in a premiere.</Trans>
            </EmptyState>
          ) : shown.length === 0 ? (
            <EmptyState>
              <Trans>No video matches “{query}”.</Trans>
            </EmptyState>
          ) : (
            <ul className="media-grid" aria-label={t`Videos`} data-testid="media-list">
              {shown.map((row) => (
                <MediaCard
                  key={row.id}
                  row={row}
                  pending={library.pending.has(row.id)}
                  busy={busy}
                  onEdit={setEditing}
                  onDelete={(target) => void remove(target)}
                  onPreview={(target, answer) => setPreviewing({ row: target, answer })}
                />
              ))}
            </ul>
          )}
        </>
      )}

      {editing ? (
        <MediaEditor
          key={editing.id}
          row={editing}
          onClose={(saved) => {
            const title = editing.title;
            setEditing(null);
            if (saved) setAnnouncement(t`The video “${title}” was saved.`);
          }}
        />
      ) : null}
      {previewing?.answer.file_url ? (
        <MediaPreview title={previewing.row.title} fileUrl={previewing.answer.file_url} posterUrl={previewing.answer.poster_url} onClose={() => setPreviewing(null)} />
      ) : null}
      <p className="visually-hidden" aria-live="polite" data-testid="media-announcement">
        {announcement}
      </p>
    </div>
  );
}
