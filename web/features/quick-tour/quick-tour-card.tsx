import { Trans } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { quickTourState, quickTourTaken, startQuickTour } from "./store.ts";

/**
 * The home screen's "Quick tour" card. The tour is offered, never started on its own: it would
 * cover what people came for. Once taken (finished or skipped) the card offers it again.
 */
export function QuickTourCard() {
  // Re-read when the tour closes.
  const { open } = useSnapshot(quickTourState);
  const taken = !open && quickTourTaken();
  return (
    <section className="card home-tour" aria-labelledby="home-tour-title" data-testid="quick-tour-card">
      <h2 id="home-tour-title" className="card__title">
        <Trans>Quick tour</Trans>
      </h2>
      <p className="muted">{taken ? <Trans>You have taken the tour. Take it again whenever you like.</Trans> : <Trans>New here? Six short steps show where things are.</Trans>}</p>
      <button type="button" className="button" onClick={() => startQuickTour()} data-testid="quick-tour-start">
        {taken ? <Trans>Take it again</Trans> : <Trans>Take the tour</Trans>}
      </button>
    </section>
  );
}
