import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { SlideCanvas } from "./slide-canvas.tsx";
import type { DeckState } from "./use-deck.ts";
import "./slides.css";

export interface DeckStageProps {
  state: DeckState;
  /** The slide to show, 0-based (the room's `current_slide_index`). */
  index: number;
  size?: "large" | "small";
  /** What to say when the webcast has no deck (the audience: nothing at all). */
  empty?: ReactNode;
  testId?: string;
}

/** A deck's slide at `index`, or why it is not shown (loading, no deck, offline, an error with a retry). */
export function DeckStage({ state, index, size = "large", empty = null, testId }: DeckStageProps) {
  const number = index + 1;
  switch (state.status) {
    case "none":
      return <>{empty}</>;
    case "loading":
      return (
        <div className="slide-stage slide-stage--note" data-size={size} aria-busy="true" data-testid={testId} data-status="loading">
          <p className="muted">
            <Trans>Loading the slides…</Trans>
          </p>
        </div>
      );
    case "offline":
      return (
        <div className="slide-stage slide-stage--note" data-size={size} data-testid={testId} data-status="offline">
          <p className="muted">
            <Trans>The slides cannot be shown offline on this device: they load once the connection is back.</Trans>
          </p>
        </div>
      );
    case "error":
      return (
        <div className="slide-stage slide-stage--note" data-size={size} data-testid={testId} data-status="error">
          <p>
            <Trans>The slides could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={state.retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      );
    case "ready": {
      const count = state.deck.page_count;
      if (number > count) {
        return (
          <div className="slide-stage slide-stage--note" data-size={size} data-testid={testId} data-status="past-end">
            <p className="muted">
              <Trans>Slide {number} is past the end of the deck: its last slide is {count}.</Trans>
            </p>
          </div>
        );
      }
      return (
        <div className="slide-stage" data-size={size} data-testid={testId} data-status="ready">
          <SlideCanvas document={state.document} page={number} pageCount={count} size={size} />
        </div>
      );
    }
  }
}
