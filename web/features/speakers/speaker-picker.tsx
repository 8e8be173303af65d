import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { EmptyState, LoadError } from "../../ui/list-controls.tsx";
import { ROLE_LABELS } from "../people/kind-labels.ts";
import { type SpeakerCandidate, useSpeakerCandidates } from "./speaker-candidates.ts";

export interface SpeakerPickerProps {
  /** The webcast's organization (null: not chosen yet, in the wizard). */
  organizationId: number | null;
  /** People already listed (not offered again). */
  excluded: ReadonlySet<number>;
  disabled: boolean;
  onPick(candidate: SpeakerCandidate): void;
  /** Level of its "Add a speaker" heading: 2 right under a page title (the tab), 3 under a step title (the wizard). */
  headingLevel: 2 | 3;
}

/**
 * "Add a speaker" (the speakers tab and the wizard's speakers step): search the organization's
 * people who may speak and add one. Offline, only the people who already speak in the
 * organization's webcasts are known; the picker says the full list needs a connection.
 */
export function SpeakerPicker({ organizationId, excluded, disabled, onPick, headingLevel }: SpeakerPickerProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const [q, setQ] = useState("");
  const { candidates, online, loading, error, truncated, reload } = useSpeakerCandidates(organizationId, q);
  const offered = candidates.filter((candidate) => !excluded.has(candidate.user_id));
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <section className="form-section speaker-picker" aria-labelledby={titleId} data-testid="speaker-picker">
      <Heading id={titleId} className="form-section__title">
        <Trans>Add a speaker</Trans>
      </Heading>
      {organizationId === null ? (
        <p className="muted">
          <Trans>Choose the organization first (general information): its people are offered here.</Trans>
        </p>
      ) : (
        <>
          {online ? null : (
            <p className="muted" data-testid="speaker-picker-offline">
              <Trans>You are offline: only the people who already speak in this organization's webcasts are offered. The full list of people needs a connection.</Trans>
            </p>
          )}
          <PeopleSearch label={t`Search people by name or e-mail`} onSearch={setQ} />
          {error ? <LoadError error={error} onRetry={reload} /> : null}
          {loading ? (
            <p className="muted" aria-busy="true">
              <Trans>Loading…</Trans>
            </p>
          ) : null}
          {!loading && offered.length === 0 ? (
            <EmptyState>{q ? <Trans>Nobody to add matches “{q}”.</Trans> : <Trans>Nobody else to add.</Trans>}</EmptyState>
          ) : null}
          {offered.length > 0 ? (
            <ul className="speaker-picker__list">
              {offered.map((candidate) => (
                <li key={candidate.user_id} className="speaker-picker__item" data-testid="speaker-candidate">
                  <span className="speaker-picker__name">{candidate.name}</span>
                  <span className="muted">{candidate.email}</span>
                  {candidate.role ? <span className="badge">{i18n._(ROLE_LABELS[candidate.role])}</span> : null}
                  <button type="button" className="button button--small" disabled={disabled} onClick={() => onPick(candidate)} aria-label={t`Add ${candidate.name} as a speaker`}>
                    <Trans>Add</Trans>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {truncated ? (
            <p className="muted">
              <Trans>Only the first matches are shown: search to find someone else.</Trans>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The picker's search box. Not a `<form>` (the list controls' SearchForm is one): the wizard is a
 * form already, and a nested form's submit would bubble to it (React) and save the webcast.
 */
function PeopleSearch({ label, onSearch }: { label: string; onSearch(q: string): void }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState("");
  return (
    <div role="search" className="search-form">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={label}
        data-testid="speaker-search"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          onSearch(text.trim());
        }}
      />
      <button type="button" className="button" onClick={() => onSearch(text.trim())}>
        {t`Search`}
      </button>
    </div>
  );
}

/** "3 speakers", with the organization's per-webcast cap when this device knows it. */
export function SpeakerCount({ count, limit }: { count: number; limit: number | null }) {
  return (
    <p className="muted" data-testid="speaker-count">
      {limit === null ? (
        <Plural value={count} one="# speaker" other="# speakers" />
      ) : (
        <Plural value={count} one={`# speaker, at most ${limit} for this webcast`} other={`# speakers, at most ${limit} for this webcast`} />
      )}
    </p>
  );
}
