import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { ApiRequestError } from "../api/errors.ts";
import type { PageMeta } from "../api/pagination.ts";

/** Search box of the management lists; submits the trimmed text (empty = everything). */
export function SearchForm({ value, label, onSearch }: { value: string; label: string; onSearch(q: string): void }) {
  const { t } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" className="search-form" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" value={draft} placeholder={label} onChange={(event) => setDraft(event.target.value)} />
      <button type="submit" className="button">
        {t`Search`}
      </button>
    </form>
  );
}

/** "Page 2 of 5" with previous/next; hidden when everything fits on one page. */
export function Pagination({ meta, onPage }: { meta: PageMeta; onPage(page: number): void }) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(meta.total / Math.max(1, meta.per_page)));
  const { page, total } = meta;
  return (
    <div className="pagination">
      <span className="muted" data-testid="result-count">
        <Plural value={total} one="# result" other="# results" />
      </span>
      {pages > 1 ? (
        <nav aria-label={t`Pagination`} className="pagination__nav">
          <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t`Previous`}
          </button>
          <span aria-current="page">
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t`Next`}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      {children}
    </div>
  );
}

/** A failed load with a retry; nothing when the global SPEC §8 handler already navigated away. */
export function LoadError({ error, onRetry }: { error: ApiRequestError; onRetry(): void }) {
  if (error.handled) return null;
  return (
    <div className="callout" data-tone="danger" role="alert">
      <p>
        {error.isNetworkError ? (
          <Trans>The server cannot be reached. Check your connection and try again.</Trans>
        ) : (
          error.message
        )}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
