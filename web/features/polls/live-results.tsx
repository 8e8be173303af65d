import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { PollBadge, ProducerPollView } from "../../../domain/polls/live.ts";
import { POLL_BADGE_LABELS } from "./live-labels.ts";
import "./live-polls.css";

/** A poll's live badge (SPEC §4 open, closed, results, unpublished; and compiling while it lasts). */
export function PollBadgeView({ badge }: { badge: PollBadge }) {
  const { i18n } = useLingui();
  const tone = badge === "open" ? "success" : badge === "compiling" ? "warning" : undefined;
  return (
    <span className="badge" data-tone={tone} data-badge={badge} data-testid="poll-badge">
      {i18n._(POLL_BADGE_LABELS[badge])}
    </span>
  );
}

const formatWeight = (weight: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(weight);

/**
 * A poll's live tally as horizontal bars: per option its percentage, its voters and its weighted
 * count, the recommended option marked in words (not by colour alone). A table, so a screen reader
 * reads each figure with its column; the bars are decoration beside the written percentage.
 */
export function LiveResults({ tally, caption }: { tally: ProducerPollView; caption: string }) {
  const { t, i18n } = useLingui();
  const { results } = tally;
  return (
    <div className="live-results" data-testid="live-results" data-poll={tally.poll_id}>
      <table className="live-results__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Option</Trans>
            </th>
            <th scope="col" className="live-results__bar-col">
              <Trans>Share</Trans>
            </th>
            <th scope="col" className="live-results__num">
              <Trans>Voters</Trans>
            </th>
            <th scope="col" className="live-results__num">
              <Trans>Weighted</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {results.options.map((option) => (
            <tr key={option.option_id} data-option={option.option_id} data-recommended={option.recommended}>
              <th scope="row" className="live-results__option">
                {option.text}
                {option.recommended ? (
                  <>
                    {" "}
                    <span className="badge" data-tone="success">
                      <Trans>Recommended</Trans>
                    </span>
                  </>
                ) : null}
              </th>
              <td className="live-results__bar-col">
                <span className="live-results__bar" aria-hidden="true">
                  <span className="live-results__fill" data-recommended={option.recommended} style={{ width: `${Math.max(0, Math.min(100, option.percent))}%` }} />
                </span>
                <span className="live-results__percent" data-testid="option-percent">
                  {new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(option.percent)} %
                </span>
              </td>
              <td className="live-results__num" data-testid="option-voters">
                {option.voters}
              </td>
              <td className="live-results__num" data-testid="option-weight">
                {formatWeight(option.weight, i18n.locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted live-results__total" data-testid="live-results-total">
        <Plural value={results.voters} one="# voter" other="# voters" />
        {" · "}
        {t`weighted total ${formatWeight(results.weight, i18n.locale)}`}
        {tally.compiling ? (
          <>
            {" · "}
            <Trans>compiling the results…</Trans>
          </>
        ) : null}
      </p>
    </div>
  );
}
