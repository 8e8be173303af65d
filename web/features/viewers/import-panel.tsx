import { Trans, useLingui } from "@lingui/react/macro";
import { type DragEvent, type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { formatBytes } from "../../../domain/validation/form-rules.ts";
import { isUiLocale } from "../../../domain/i18n/locales.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import { type ImportLog, RUNNING_IMPORT, deleteFinishedImportLogs, deleteImportLog, fetchImportLog, fetchImportLogs, importErrorsUrl, uploadViewersCsv } from "./api.ts";
import { IMPORT_STATUS_LABELS } from "./labels.ts";

/** How often a running import is asked for (tests shorten it). */
export const importPolling = { intervalMs: 1_000 };

/** A small file to start from, made here (accepted columns, a comma-separated UTF-8 CSV). */
export const SAMPLE_CSV = [
  "Name,E-mail,Tags,Control number,Vote weight,Password",
  'Ada Lovelace,ada@example.com,"vip, speakers",A-001,1,',
  "Alan Turing,alan@example.com,press,A-002,2,",
  "Grace Hopper,grace@example.com,,,1,s3cret-pass",
].join("\r\n");

const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${SAMPLE_CSV}\r\n`)}`;

/**
 * The CSV import of the viewers tab (docs/viewers-api.md "CSV import"): choose or drop a file,
 * upload it (POST viewers/upload), then follow it (GET upload-logs/{id} every second while it is
 * `importing` or `processing`) with a progress bar, cancel it, read its result (counts, the first
 * row errors, the errors file), and the log history (each finished log deleted alone, or all at
 * once). The server processes the file: online only.
 */
export function ImportPanel({ webcastId, online, synced }: { webcastId: string; online: boolean; synced: boolean }) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const inputId = useId();
  const helpId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const historyTitleRef = useRef<HTMLHeadingElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<{ message: string; details: string[] } | null>(null);
  const [current, setCurrent] = useState<ImportLog | null>(null);
  const [history, setHistory] = useState<ImportLog[] | null>(null);
  const [historyNonce, setHistoryNonce] = useState(0);
  const [pollNonce, setPollNonce] = useState(0);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);
  const available = online && synced;
  const number = (value: number) => new Intl.NumberFormat(i18n.locale).format(value);
  const locale = isUiLocale(i18n.locale) ? i18n.locale : "fr";

  const reloadHistory = useCallback(() => setHistoryNonce((value) => value + 1), []);

  useEffect(() => {
    if (!available) return;
    const controller = new AbortController();
    fetchImportLogs(webcastId, controller.signal).then(
      (logs) => {
        setHistory(logs);
        setHistoryError(null);
        const running = logs.find((log) => RUNNING_IMPORT.has(log.status));
        if (running) setCurrent((known) => known ?? running);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setHistoryError(error instanceof ApiRequestError && !error.isNetworkError ? error.message : t`The server cannot be reached. Check your connection and try again.`);
      },
    );
    return () => controller.abort();
  }, [available, webcastId, historyNonce, t]);

  // Follows a running import: one request at a time, every second.
  useEffect(() => {
    if (!current || !RUNNING_IMPORT.has(current.status) || !available) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchImportLog(webcastId, current.id, controller.signal).then(
        (next) => {
          setCurrent(next);
          if (!RUNNING_IMPORT.has(next.status)) {
            reloadHistory();
            // The viewers it wrote come with the next sync.
            engine?.requestSync();
          } else if (next === current) setPollNonce((value) => value + 1);
        },
        () => {
          if (!controller.signal.aborted) setPollNonce((value) => value + 1);
        },
      );
    }, importPolling.intervalMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [current, available, webcastId, pollNonce, engine, reloadHistory]);

  const choose = (chosen: File | null | undefined) => {
    setUploadError(null);
    setFile(chosen ?? null);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!available) return;
    choose(event.dataTransfer.files[0]);
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setUploadError({ message: t`Choose a CSV file first.`, details: [] });
      inputRef.current?.focus();
      return;
    }
    setUploading(true);
    setUploadError(null);
    try {
      const log = await uploadViewersCsv(webcastId, file);
      setCurrent(log);
      setFile(null);
      if (inputRef.current) inputRef.current.value = "";
      reloadHistory();
    } catch (error) {
      if (error instanceof ApiRequestError && !error.isNetworkError) {
        // 409 "Another file is being processed…", 422 "Invalid CSV file": the server's words.
        const details = [...new Set(Object.values(error.errors).flat())].filter((message) => message !== error.message);
        setUploadError({ message: error.message, details });
      } else setUploadError({ message: t`The server cannot be reached. Check your connection and try again.`, details: [] });
    } finally {
      setUploading(false);
    }
  };

  const cancel = async (log: ImportLog) => {
    const accepted = await confirm({
      title: t`Cancel this import?`,
      message: t`The import of “${log.file_name}” stops after the rows being written: the viewers already imported stay.`,
      acceptLabel: t`Cancel the import`,
      cancelLabel: t`Keep importing`,
    });
    if (!accepted) return;
    try {
      const answer = await deleteImportLog(webcastId, log.id);
      if (answer) setCurrent(answer);
    } catch (error) {
      setUploadError({ message: error instanceof ApiRequestError && !error.isNetworkError ? error.message : t`The server cannot be reached. Check your connection and try again.`, details: [] });
    }
  };

  const removeLog = async (log: ImportLog) => {
    const accepted = await confirm({
      title: t`Delete this import log?`,
      message: t`The log of “${log.file_name}”, its row errors and its file are deleted. The viewers it imported stay.`,
      acceptLabel: t`Delete`,
      cancelLabel: t`Cancel`,
    });
    if (!accepted) return;
    try {
      await deleteImportLog(webcastId, log.id);
      if (current?.id === log.id) setCurrent(null);
      setHistory((logs) => logs?.filter((entry) => entry.id !== log.id) ?? null);
      reloadHistory();
    } catch (error) {
      setHistoryError(error instanceof ApiRequestError && !error.isNetworkError ? error.message : t`The server cannot be reached. Check your connection and try again.`);
    }
  };

  const removeFinishedLogs = async () => {
    const accepted = await confirm({
      title: t`Delete the finished import logs?`,
      message: t`The logs of every finished import of this webcast, their row errors and their files are deleted. The viewers they imported stay; a running import goes on.`,
      acceptLabel: t`Delete`,
      cancelLabel: t`Cancel`,
    });
    if (!accepted) return;
    setClearing(true);
    try {
      await deleteFinishedImportLogs(webcastId);
      if (current && !RUNNING_IMPORT.has(current.status)) setCurrent(null);
      setHistory((logs) => logs?.filter((entry) => RUNNING_IMPORT.has(entry.status)) ?? null);
      setHistoryError(null);
      reloadHistory();
      // The button is gone with the logs: the keyboard focus goes to the history's title.
      historyTitleRef.current?.focus();
    } catch (error) {
      setHistoryError(error instanceof ApiRequestError && !error.isNetworkError ? error.message : t`The server cannot be reached. Check your connection and try again.`);
    } finally {
      setClearing(false);
    }
  };

  const running = current !== null && RUNNING_IMPORT.has(current.status);
  const hasFinished = history?.some((log) => !RUNNING_IMPORT.has(log.status)) ?? false;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  return (
    <section className="viewer-import" aria-labelledby={`${inputId}-title`} data-testid="viewer-import">
      <h2 id={`${inputId}-title`} className="form-section__title">
        <Trans>Import viewers from a CSV file</Trans>
      </h2>
      <div id={helpId} className="viewer-import__help">
        <p>
          <Trans>
            One viewer per row, under a header row. Required columns: the name (a “Name” column, or “First name” and “Last name”) and the e-mail (“E-mail”). Optional:
            “Tags” (separated by commas), “Control number”, “Vote weight” and “Password”.
          </Trans>
        </p>
        <p>
          <Trans>Columns separated by commas or semicolons; the file in UTF-8 or Windows-1252. A viewer already on the list (same e-mail) is updated, not added twice.</Trans>
        </p>
        <p>
          <a href={sampleHref} download="viewers-sample.csv" data-testid="viewer-import-sample">
            <Trans>Download a sample CSV file</Trans>
          </a>
        </p>
      </div>
      {!online ? (
        <div className="callout" role="status" data-testid="viewer-import-offline">
          <p>
            <Trans>You are offline. The server imports the file: connect to the internet to import viewers.</Trans>
          </p>
        </div>
      ) : !synced ? (
        <p className="muted" data-testid="viewer-import-not-synced">
          <Trans>This webcast has not reached the server yet: viewers can be imported once it is synced.</Trans>
        </p>
      ) : null}
      {uploadError ? (
        <FormAlert>
          <span data-testid="viewer-import-error">{uploadError.message}</span>
          {uploadError.details.length > 0 ? (
            <ul className="form-alert__details">
              {uploadError.details.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </FormAlert>
      ) : null}
      <form className="viewer-import__form" onSubmit={(event) => void upload(event)}>
        <div
          className="viewer-import__drop"
          data-dragging={dragging || undefined}
          data-disabled={!available || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            if (available) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="viewer-import-drop"
        >
          <label htmlFor={inputId} className="field__label">
            <Trans>CSV file</Trans>
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            name="file"
            accept=".csv,.txt,text/csv"
            disabled={!available || running}
            aria-describedby={helpId}
            onChange={(event) => choose(event.target.files?.[0])}
            data-testid="viewer-import-file"
          />
          <p className="muted">{file ? t`Chosen: ${file.name} (${formatBytes(file.size, locale)})` : t`Choose a file, or drop it here.`}</p>
        </div>
        <button type="submit" className="button button--primary" disabled={!available || uploading || running} aria-busy={uploading || undefined} data-testid="viewer-import-upload">
          {uploading ? <Trans>Uploading…</Trans> : <Trans>Import the file</Trans>}
        </button>
      </form>

      {current ? (
        <ImportProgress log={current} webcastId={webcastId} number={number} onCancel={() => void cancel(current)} onClose={running ? undefined : () => setCurrent(null)} />
      ) : null}

      <h3 ref={historyTitleRef} className="viewer-import__history-title" tabIndex={-1}>
        <Trans>Previous imports</Trans>
      </h3>
      {historyError ? <FormAlert>{historyError}</FormAlert> : null}
      {available && hasFinished ? (
        <p className="row-actions">
          <button type="button" className="button button--small button--danger" disabled={clearing} aria-busy={clearing || undefined} onClick={() => void removeFinishedLogs()} data-testid="viewer-import-logs-delete-finished">
            <Trans>Delete finished logs</Trans>
          </button>
        </p>
      ) : null}
      {!available ? null : history === null ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : history.length === 0 ? (
        <p className="muted" data-testid="viewer-import-history-empty">
          <Trans>No file imported yet.</Trans>
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="viewer-import-history">
            <caption className="visually-hidden">
              <Trans>Previous imports, newest first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>File</Trans>
                </th>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
                <th scope="col">
                  <Trans>Created</Trans>
                </th>
                <th scope="col">
                  <Trans>Updated</Trans>
                </th>
                <th scope="col">
                  <Trans>Errors</Trans>
                </th>
                <th scope="col">
                  <Trans>Actions</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((log) => (
                <tr key={log.id} data-testid="viewer-import-log">
                  <td>
                    {log.file_name}
                    {log.user ? <span className="muted"> · {log.user.name}</span> : null}
                  </td>
                  <td>{date(log.created_at)}</td>
                  <td>{i18n._(IMPORT_STATUS_LABELS[log.status])}</td>
                  <td>{number(log.created_rows)}</td>
                  <td>{number(log.updated_rows)}</td>
                  <td>{number(log.error_rows)}</td>
                  <td>
                    <span className="row-actions">
                      {log.error_rows > 0 ? (
                        <a className="button button--small" href={importErrorsUrl(webcastId, log.id)} download>
                          <Trans>Errors file</Trans>
                        </a>
                      ) : null}
                      {RUNNING_IMPORT.has(log.status) ? null : (
                        <button type="button" className="button button--small button--danger" aria-label={t`Delete the log of ${log.file_name}`} onClick={() => void removeLog(log)} data-testid="viewer-import-log-delete">
                          <Trans>Delete</Trans>
                        </button>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ImportProgress({ log, webcastId, number, onCancel, onClose }: { log: ImportLog; webcastId: string; number(value: number): string; onCancel(): void; onClose: (() => void) | undefined }) {
  const { t, i18n } = useLingui();
  const running = RUNNING_IMPORT.has(log.status);
  const labels: Record<string, string> = {
    name: t`Name`,
    first_name: t`First name`,
    last_name: t`Last name`,
    email: t`E-mail`,
    tags: t`Tags`,
    control_number: t`Control number`,
    vote_weight: t`Vote weight`,
    password: t`Password`,
  };
  const state = i18n._(IMPORT_STATUS_LABELS[log.status]);
  const done = number(log.processed_rows);
  const total = log.total_rows === null ? null : number(log.total_rows);
  const facts: string[] = [];
  if (total !== null) facts.push(t`${done} / ${total} rows`);
  else facts.push(t`${done} rows`);
  if (running && log.rows_per_second !== null) {
    const speed = number(Math.round(log.rows_per_second));
    facts.push(t`${speed} rows per second`);
  }
  const rowErrors = log.errors.flatMap((entry) => Object.entries(entry.errors).flatMap(([field, messages]) => messages.map((message) => ({ row: entry.row, field, message }))));
  const progress =
    log.total_rows !== null ? { value: log.processed_rows, max: Math.max(1, log.total_rows) } : log.status === "importing" && log.file_size > 0 ? { value: log.bytes_done, max: log.file_size } : null;

  return (
    <div className="viewer-import__current card" data-testid="viewer-import-current" data-status={log.status}>
      <p className="viewer-import__file">
        <strong>{log.file_name}</strong> — <span data-testid="viewer-import-state">{state}</span>
      </p>
      {running ? (
        <div role="status" aria-live="polite">
          {progress ? (
            <progress className="viewer-import__bar" aria-label={t`Import progress`} value={progress.value} max={progress.max} data-testid="viewer-import-progress" />
          ) : (
            <progress className="viewer-import__bar" aria-label={t`Import progress`} data-testid="viewer-import-progress" />
          )}
          <p className="muted" data-testid="viewer-import-facts">
            {facts.join(" · ")}
          </p>
        </div>
      ) : (
        <div role="status">
          <ul className="viewer-import__summary" data-testid="viewer-import-summary">
            <li>{t`Created: ${number(log.created_rows)}`}</li>
            <li>{t`Updated: ${number(log.updated_rows)}`}</li>
            <li>{t`Errors: ${number(log.error_rows)}`}</li>
          </ul>
        </div>
      )}
      {log.failure ? (
        <FormAlert>
          <span data-testid="viewer-import-failure">{log.failure.message}</span>
          {log.failure.errors ? (
            <ul className="form-alert__details">
              {[...new Set(Object.values(log.failure.errors).flat())]
                .filter((message) => message !== log.failure?.message)
                .map((message) => (
                  <li key={message}>{message}</li>
                ))}
            </ul>
          ) : null}
        </FormAlert>
      ) : null}
      {rowErrors.length > 0 ? (
        <div className="table-scroll">
            <table className="data-table viewer-import__errors" data-testid="viewer-import-errors">
              <caption>{log.error_rows > log.errors.length ? t`The first rows in error` : t`Rows in error`}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Row</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Field</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Message</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rowErrors.map((error) => (
                  <tr key={`${error.row}-${error.field}-${error.message}`} data-testid="viewer-import-error-row">
                    <td>{number(error.row)}</td>
                    <td>{labels[error.field] ?? error.field}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
      ) : null}
      <p className="row-actions">
        {running ? (
          <button type="button" className="button button--danger" onClick={onCancel} data-testid="viewer-import-cancel">
            <Trans>Cancel the import</Trans>
          </button>
        ) : null}
        {log.error_rows > 0 ? (
          <a className="button" href={importErrorsUrl(webcastId, log.id)} download data-testid="viewer-import-errors-download">
            <Trans>Download the errors</Trans>
          </a>
        ) : null}
        {onClose ? (
          <button type="button" className="button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        ) : null}
      </p>
    </div>
  );
}
