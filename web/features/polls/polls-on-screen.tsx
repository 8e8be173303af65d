import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ViewerPollView } from "../../../domain/polls/live.ts";
import type { RequestOutcome } from "../webcast-room/room-client.ts";
import { PollBallot } from "./poll-ballot.tsx";

export interface PollsOnScreenProps {
  polls: readonly ViewerPollView[];
  request(command: { type: "poll.vote"; poll_id: string; option_ids: string[] }): Promise<RequestOutcome>;
}

/**
 * The polls on the viewer's screen (SPEC §3 display "fluid or paginated"): a polling series shown
 * fluid lists its polls one under the other; paginated shows one poll at a time with previous and
 * next, so a phone screen holds one question. The first poll's display decides (a series is shown
 * one way). One poll alone is always shown as it is.
 */
export function PollsOnScreen({ polls, request }: PollsOnScreenProps) {
  const { t } = useLingui();
  const [page, setPage] = useState(0);
  const paginated = polls.length > 1 && polls[0]?.poll.display === "paginated";
  if (!paginated) return polls.map((view) => <PollBallot key={view.poll.id} view={view} request={request} />);
  const index = Math.min(page, polls.length - 1);
  const view = polls[index];
  const total = polls.length;
  const position = index + 1;
  return (
    <div className="polls-pager" data-testid="polls-pager">
      {view ? <PollBallot key={view.poll.id} view={view} request={request} /> : null}
      <nav className="control-room__actions" aria-label={t`Polls on screen`}>
        <button type="button" className="button" disabled={index === 0} onClick={() => setPage(index - 1)} data-testid="polls-previous">
          <Trans>Previous poll</Trans>
        </button>
        <span aria-live="polite" data-testid="polls-position">
          <Trans>
            Poll {position} of {total}
          </Trans>
        </span>
        <button type="button" className="button" disabled={index >= total - 1} onClick={() => setPage(index + 1)} data-testid="polls-next">
          <Trans>Next poll</Trans>
        </button>
      </nav>
    </div>
  );
}
