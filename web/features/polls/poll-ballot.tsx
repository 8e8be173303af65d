import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { ViewerPollView } from "../../../domain/polls/live.ts";
import type { RequestOutcome } from "../webcast-room/room-client.ts";
import "./live-polls.css";

export interface PollBallotProps {
  view: ViewerPollView;
  request(command: { type: "poll.vote"; poll_id: string; option_ids: string[] }): Promise<RequestOutcome>;
}

/**
 * One poll on the viewer's screen: the ballot while open (one choice or several), then "closed",
 * "compiling" or the results (bars with their percentages in words; the recommended option only
 * with the results). The room's refusal of a vote is shown as it said it.
 */
export function PollBallot({ view, request }: PollBallotProps) {
  const { t, i18n } = useLingui();
  const { poll, state, ballot, results } = view;
  const [chosen, setChosen] = useState<readonly string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [voted, setVoted] = useState(false);
  const name = useId();
  const selected = chosen ?? ballot ?? [];
  const changed = chosen !== null && (ballot === null || chosen.length !== ballot.length || chosen.some((id) => !ballot.includes(id)));

  const toggle = (optionId: string, on: boolean) => {
    setVoted(false);
    if (!poll.multiple_choice) setChosen([optionId]);
    else setChosen(on ? [...selected.filter((id) => id !== optionId), optionId] : selected.filter((id) => id !== optionId));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (selected.length === 0) return;
    setBusy(true);
    setRefusal(null);
    const order = poll.options.map((option) => option.id).filter((id) => selected.includes(id));
    const outcome = await request({ type: "poll.vote", poll_id: poll.id, option_ids: order });
    setBusy(false);
    if (outcome.ok) {
      setChosen(null);
      setVoted(true);
    } else if (outcome.code !== "closed") setRefusal(outcome.message);
  };

  const textOf = (optionId: string) => poll.options.find((option) => option.id === optionId)?.text ?? "";
  const percent = (value: number) => `${new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(value)} %`;

  return (
    <form className="poll-ballot" onSubmit={(event) => void submit(event)} data-testid="poll-ballot" data-poll={poll.id} data-state={state}>
      <fieldset disabled={state !== "open" || busy}>
        <legend>{poll.title}</legend>
        {poll.description ? <p className="muted">{poll.description}</p> : null}
        {state === "results" && results ? (
          <ul className="control-room__list" aria-label={t`Results: ${poll.title}`} data-testid="poll-results">
            {results.options.map((option) => (
              <li key={option.option_id} className="poll-ballot__result" data-recommended={option.recommended}>
                <span className="poll-ballot__result-text">
                  <span>
                    {textOf(option.option_id)}
                    {option.recommended ? (
                      <>
                        {" "}
                        <span className="badge" data-tone="success">
                          <Trans>Recommended</Trans>
                        </span>
                      </>
                    ) : null}
                    {ballot?.includes(option.option_id) ? (
                      <>
                        {" "}
                        <span className="badge">
                          <Trans>Your choice</Trans>
                        </span>
                      </>
                    ) : null}
                  </span>
                  <span>{percent(option.percent)}</span>
                </span>
                <span className="live-results__bar" aria-hidden="true">
                  <span className="live-results__fill" data-recommended={option.recommended} style={{ width: `${Math.max(0, Math.min(100, option.percent))}%` }} />
                </span>
              </li>
            ))}
            <li className="muted">
              <Plural value={results.voters} one="# voter" other="# voters" />
            </li>
          </ul>
        ) : (
          poll.options.map((option) => (
            <label key={option.id} className="poll-ballot__option">
              <input
                type={poll.multiple_choice ? "checkbox" : "radio"}
                name={name}
                value={option.id}
                checked={selected.includes(option.id)}
                onChange={(event) => toggle(option.id, event.target.checked)}
              />
              <span>{option.text}</span>
            </label>
          ))
        )}
        {state === "open" ? (
          <>
            {poll.multiple_choice ? (
              <p className="muted">
                <Trans>Choose one or more answers.</Trans>
              </p>
            ) : null}
            <button type="submit" className="button button--primary" disabled={selected.length === 0 || (ballot !== null && !changed)} aria-busy={busy || undefined} data-testid="poll-vote">
              {ballot === null ? <Trans>Vote</Trans> : <Trans>Change my vote</Trans>}
            </button>
          </>
        ) : null}
      </fieldset>
      <p role="status" className="muted" data-testid="poll-status">
        {state === "closed" ? <Trans>Voting is closed.</Trans> : null}
        {state === "compiling" ? <Trans>Compiling the results…</Trans> : null}
        {state === "open" && voted ? <Trans>Your vote is counted.</Trans> : null}
        {state === "open" && !voted && ballot !== null && !changed ? <Trans>You voted. You can change your vote while the poll is open.</Trans> : null}
      </p>
      {refusal ? (
        <p className="form-alert" role="alert" data-testid="poll-refusal">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
