import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { type ChangeEvent, useId, useState } from "react";
import { SLIDES_LIMITS } from "../../../domain/slides/mutators.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { UPLOAD_ACCEPT } from "../../../domain/uploads/file-types.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { useLocalDatabase } from "../../local/session-sync.ts";
import { confirm } from "../../ui/confirm.ts";
import { FieldErrors } from "../../ui/form.tsx";
import { uploadFileErrors } from "../uploads/upload-check.ts";
import { queueUpload } from "../uploads/upload-queue.ts";
import { UploadsList } from "../uploads/uploads-list.tsx";
import { countPdfPages } from "./pdf-document.ts";
import { SLIDES_FINISH, type SlidesFinishArgs, registerSlidesFinisher } from "./upload-finisher.ts";
import "./slides.css";

registerSlidesFinisher();

export interface DeckUploadProps {
  webcast: Pick<WebcastRow, "id" | "organization_id">;
  /** The deck there is now (choosing a file replaces it, after asking). */
  hasDeck: boolean;
}

/** The newest deck upload of this device for the webcast (its progress stays in view across reloads). */
function useLatestDeckUpload(webcastId: string): string | null | undefined {
  const db = useLocalDatabase();
  return useLiveQuery(async () => {
    if (!db) return null;
    const mine = await db.uploads.filter((upload) => upload.kind === "slides" && upload.webcast_id === webcastId && upload.status !== "canceled").toArray();
    return mine.sort((a, b) => b.created_at.localeCompare(a.created_at))[0]?.target_id ?? null;
  }, [db, webcastId]);
}

/**
 * Choosing the webcast's deck (SPEC §3 slides; docs/uploads.md): a PDF. The upload client's own
 * check runs first (a PowerPoint or Keynote file is refused with the "export a PDF" message, an
 * empty or too large one too, before any request), then pdf.js counts the pages in the browser;
 * then the file is queued and becomes the deck once uploaded (the "slides.set" step). Progress,
 * cancel and refusals are the upload list's.
 */
export function DeckUpload({ webcast, hasDeck }: DeckUploadProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const latest = useLatestDeckUpload(webcast.id);

  async function take(file: File): Promise<void> {
    const check = await uploadFileErrors("slides", file, currentLocale());
    const refused = Object.values(check.errors).flat();
    if (refused.length > 0) return setErrors(refused);
    let page_count: number;
    try {
      page_count = await countPdfPages(file);
    } catch {
      return setErrors([t`This PDF cannot be read: it may be damaged or protected by a password. Export it again and upload the new file.`]);
    }
    if (page_count > SLIDES_LIMITS.pages) {
      const pages = page_count.toLocaleString(i18n.locale);
      const most = SLIDES_LIMITS.pages.toLocaleString(i18n.locale);
      return setErrors([t`This deck has ${pages} pages: a deck may have ${most} at most.`]);
    }
    if (hasDeck) {
      const accepted = await confirm({
        title: t`Replace the slides?`,
        message: t`The new deck replaces the current one once uploaded, and must be approved again before viewers see it.`,
        acceptLabel: t`Replace`,
        cancelLabel: t`Cancel`,
      });
      if (!accepted) return;
    }
    const args: SlidesFinishArgs = { webcast_id: webcast.id, page_count };
    const queued = await queueUpload({ kind: "slides", organization_id: webcast.organization_id, webcast_id: webcast.id, target_id: uuidv7(), file, finish: { type: SLIDES_FINISH, args } });
    if (!queued.ok) setErrors(Object.values(queued.errors).flat());
  }

  async function onChange(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setErrors([]);
    setBusy(true);
    try {
      await take(file);
    } finally {
      setBusy(false);
      // The same file may be chosen again (after a refusal, or to upload it anew).
      input.value = "";
    }
  }

  return (
    <div className="deck-upload stack" data-testid="deck-upload">
      <div className="field" data-invalid={errors.length > 0}>
        <label htmlFor={id} className="field__label">
          {hasDeck ? <Trans>Replace the deck (PDF)</Trans> : <Trans>Upload a deck (PDF)</Trans>}
        </label>
        <input
          id={id}
          type="file"
          name="slides_file"
          accept={UPLOAD_ACCEPT.slides}
          disabled={busy}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={`${id}-hint${errors.length > 0 ? ` ${id}-errors` : ""}`}
          onChange={(event) => void onChange(event)}
          data-testid="deck-file"
        />
        <p id={`${id}-hint`} className="field__hint">
          <Trans>A PDF file. From PowerPoint or Keynote, export the presentation as a PDF first. Uploading continues if the connection drops.</Trans>
        </p>
        <FieldErrors id={`${id}-errors`} errors={errors} />
      </div>
      {busy ? (
        <p className="muted" role="status">
          <Trans>Reading the PDF…</Trans>
        </p>
      ) : null}
      {latest ? <UploadsList kind="slides" targetId={latest} /> : null}
    </div>
  );
}
