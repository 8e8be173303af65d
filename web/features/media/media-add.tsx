import { Trans, useLingui } from "@lingui/react/macro";
import { type DragEvent, useId, useState } from "react";
import { UPLOAD_ACCEPT } from "../../../domain/uploads/file-types.ts";
import { formatBytes } from "../../../domain/validation/form-rules.ts";
import { UPLOAD_MAX_BYTES } from "../../../domain/uploads/rules.ts";
import { isUiLocale } from "../../../domain/i18n/locales.ts";

/**
 * "Add a video": a file input (named, keyboard-reachable, drawn as a button) inside a zone that
 * also takes files dropped on it. Several files may be chosen at once.
 */
export function MediaAdd({ busy, onFiles }: { busy: boolean; onFiles(files: File[]): void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const limit = formatBytes(UPLOAD_MAX_BYTES, isUiLocale(i18n.locale) ? i18n.locale : "fr");

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0 && !busy) onFiles(files);
  };

  return (
    <section
      className="media-drop"
      data-dragging={dragging}
      aria-labelledby={`${id}-title`}
      data-testid="media-add"
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = busy ? "none" : "copy";
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={drop}
    >
      <h2 id={`${id}-title`} className="visually-hidden">
        <Trans>Add a video</Trans>
      </h2>
      <label className="button button--primary media-drop__choose" aria-disabled={busy || undefined}>
        <input
          type="file"
          className="visually-hidden"
          name="media_file"
          accept={UPLOAD_ACCEPT.video}
          multiple
          disabled={busy}
          aria-describedby={`${id}-hint`}
          data-testid="media-file"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            // The same file may be chosen again after a refusal.
            event.currentTarget.value = "";
            if (files.length > 0) onFiles(files);
          }}
        />
        {busy ? <Trans>Reading the video…</Trans> : <Trans>Add a video</Trans>}
      </label>
      <p className="media-drop__or muted" aria-hidden="true">
        <Trans>or drop video files here</Trans>
      </p>
      <p id={`${id}-hint`} className="field__hint">
        {t`MP4, MOV, WebM or MKV, up to ${limit}. Offline, the video is added at once and its file is sent when you are back online.`}
      </p>
    </section>
  );
}
