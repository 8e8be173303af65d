import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useSnapshot } from "valtio";
import { isUiLocale } from "../../../domain/i18n/locales.ts";
import { formatBytes } from "../../../domain/validation/form-rules.ts";
import type { StoredUpload } from "../../local/db.ts";
import { confirm } from "../../ui/confirm.ts";
import { FieldErrors } from "../../ui/form.tsx";
import { type LiveUpload, uploadLive } from "./upload-live.ts";
import { cancelUpload, dismissUpload, reattachFile } from "./upload-queue.ts";
import "./uploads.css";

/** What one upload shows: its state, from the stored facts and the live ones. */
export type UploadView = "queued" | "offline" | "retrying" | "uploading" | "finishing" | "needs-file" | "done" | "failed" | "canceled";

export function uploadView(upload: Pick<StoredUpload, "status">, live: Pick<LiveUpload, "waiting"> | undefined): UploadView {
  switch (upload.status) {
    case "done":
    case "failed":
    case "canceled":
      return upload.status;
    case "completing":
    case "finishing":
      return live?.waiting === "network" ? "offline" : live?.waiting === "server" ? "retrying" : "finishing";
    default:
      if (live?.waiting === "file") return "needs-file";
      if (live?.waiting === "network") return "offline";
      if (live?.waiting === "server") return "retrying";
      return upload.status === "queued" && !live ? "queued" : "uploading";
  }
}

/** 150 → "3 min" (rounded up), 40 → "40 s", 4000 → "1 h 7 min", in the reader's language. */
export function formatDuration(seconds: number, locale: string): string {
  const unit = (value: number, name: "second" | "minute" | "hour") => new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), "second");
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(minutes % 60, "minute")}`;
}

/** One upload of this device: name, a progress bar, "12.5 MB of 1.2 GB · 8.1 MB/s · 2 min left", its state and actions. */
export function UploadProgress({ upload }: { upload: StoredUpload }) {
  const { t, i18n } = useLingui();
  const locale = isUiLocale(i18n.locale) ? i18n.locale : "fr";
  const live = useSnapshot(uploadLive)[upload.id];
  const view = uploadView(upload, live);
  const id = useId();
  const [fileError, setFileError] = useState<string[]>([]);
  const name = upload.file_name;
  const sent = view === "done" ? upload.size : (live?.sent ?? upload.uploaded_bytes);
  const total = upload.size;
  const active = view !== "done" && view !== "failed" && view !== "canceled";

  const sentBytes = formatBytes(sent, locale);
  const totalBytes = formatBytes(total, locale);
  const facts = [t`${sentBytes} of ${totalBytes}`];
  if (view === "uploading" && live?.speed) {
    const speed = formatBytes(live.speed, locale);
    facts.push(t`${speed}/s`);
  }
  if (view === "uploading" && typeof live?.seconds_left === "number") {
    const duration = formatDuration(live.seconds_left, locale);
    facts.push(t`${duration} left`);
  }

  const cancel = async () => {
    const accepted = await confirm({
      title: t`Cancel this upload?`,
      message: t`“${name}” will not be uploaded, and what was sent of it is deleted.`,
      acceptLabel: t`Cancel the upload`,
      cancelLabel: t`Keep uploading`,
    });
    if (accepted) await cancelUpload(upload.id);
  };

  const reattach = async (file: File | undefined) => {
    if (!file) return;
    const same = await reattachFile(upload.id, file);
    setFileError(same ? [] : [t`This is not the same file: choose “${name}” again.`]);
  };

  return (
    <article className="upload" aria-labelledby={`${id}-name`} data-testid="upload" data-state={view}>
      <p id={`${id}-name`} className="upload__name">
        <strong>{name}</strong>
      </p>
      {view === "failed" || view === "canceled" ? null : (
        <progress className="progress" max={total} value={sent} aria-label={t`Upload of ${name}`} aria-describedby={`${id}-state`} />
      )}
      <p id={`${id}-state`} className="muted" aria-live="polite">
        <UploadState view={view} />
        {view === "failed" || view === "canceled" ? null : ` · ${facts.join(" · ")}`}
      </p>
      {view === "failed" && upload.error ? (
        <p className="form-alert" role="alert">
          {upload.error}
        </p>
      ) : null}
      {view === "needs-file" ? (
        <div className="field">
          <label htmlFor={`${id}-file`} className="field__label">
            <Trans>Choose “{name}” again to finish uploading it</Trans>
          </label>
          <input id={`${id}-file`} type="file" aria-invalid={fileError.length > 0 || undefined} onChange={(event) => void reattach(event.currentTarget.files?.[0])} />
          <FieldErrors errors={fileError} />
        </div>
      ) : null}
      <div className="form__actions">
        {active ? (
          <button type="button" className="button" onClick={() => void cancel()}>
            <Trans>Cancel</Trans>
          </button>
        ) : (
          <button type="button" className="button" onClick={() => void dismissUpload(upload.id)}>
            <Trans>Remove from the list</Trans>
          </button>
        )}
      </div>
    </article>
  );
}

function UploadState({ view }: { view: UploadView }) {
  switch (view) {
    case "queued":
      return <Trans>Waiting to start</Trans>;
    case "offline":
      return <Trans>Waiting for the network</Trans>;
    case "retrying":
      return <Trans>The server is busy: trying again</Trans>;
    case "uploading":
      return <Trans>Uploading</Trans>;
    case "finishing":
      return <Trans>Finishing</Trans>;
    case "needs-file":
      return <Trans>Paused: this device did not keep the file</Trans>;
    case "done":
      return <Trans>Uploaded</Trans>;
    case "failed":
      return <Trans>Not uploaded</Trans>;
    case "canceled":
      return <Trans context="upload">Canceled</Trans>;
  }
}
