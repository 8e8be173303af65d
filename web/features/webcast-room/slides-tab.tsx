import { Trans, useLingui } from "@lingui/react/macro";
import { canForWebcast, permissionWebcast } from "../../../domain/permissions/can.ts";
import { useCurrentUser } from "../session/store.ts";
import { DeckActions, DeckStatus } from "../slides/deck-actions.tsx";
import { DeckStage } from "../slides/deck-stage.tsx";
import { DeckUpload } from "../slides/deck-upload.tsx";
import { SlideThumbnails } from "../slides/slide-thumbnails.tsx";
import { useDeckRow, useStaffDeck } from "../slides/use-deck.ts";
import type { RoomTabProps } from "./tabs.ts";
import { SHORTCUT_KEYS } from "./use-room-shortcuts.ts";

export interface SlidesTabProps extends RoomTabProps {
  /** The slide asked for last (a change still pending), else the room's. */
  targetSlide: number;
  previousSlide(): void;
  nextSlide(): void;
  /** Asks the room for slide `index` (0-based): a thumbnail was chosen. */
  goToSlide(index: number): void;
}

/**
 * Slides (SPEC §3 slides, current_slide_index): the slide viewers see, drawn from the webcast's
 * PDF deck, with previous/next (and their keys) and thumbnails to jump for whoever runs the room;
 * the next slide beside it (the speaker's view: speakers follow here, read-only). Whoever holds
 * slides.manage uploads, approves and deletes the deck; viewers see it only once approved.
 * Without a deck the room still moves the slide number that viewers and the replay follow.
 */
export function SlidesTab({ webcast, speakers, live, may, targetSlide, previousSlide, nextSlide, goToSlide }: SlidesTabProps) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const row = useDeckRow(webcast.id);
  const deck = useStaffDeck(row);
  const manage = canForWebcast(user, "slides.manage", permissionWebcast(webcast, speakers));
  const steer = may("slide.set");
  const current = live.current_slide_index;
  const shown = current + 1;
  const target = targetSlide + 1;
  const pageCount = row ? row.page_count : null;
  const atEnd = pageCount !== null && targetSlide >= pageCount - 1;
  const hasNext = deck.status === "ready" && shown < deck.deck.page_count;

  return (
    <div className="slides-tab">
      <section className="card slides-tab__current" aria-labelledby="room-slide-title">
        <h2 id="room-slide-title" className="card__title">
          <Trans>Current slide</Trans>
        </h2>
        <p className="control-room__slide" aria-live="polite" data-testid="room-slide">
          {pageCount === null ? <Trans>Slide {shown}</Trans> : <Trans>Slide {shown} of {pageCount}</Trans>}
          {target !== shown ? (
            <span className="muted" data-testid="room-slide-target">
              {" "}
              <Trans>(going to slide {target}…)</Trans>
            </span>
          ) : null}
        </p>
        <DeckStage state={deck} index={current} testId="room-slide-stage" />
        {steer ? (
          <div className="control-room__actions">
            <button type="button" className="button" disabled={targetSlide === 0} aria-keyshortcuts={SHORTCUT_KEYS.previousSlide} onClick={previousSlide} data-testid="room-slide-previous">
              <Trans>Previous slide</Trans>
            </button>
            <button type="button" className="button button--primary" disabled={atEnd} aria-keyshortcuts={SHORTCUT_KEYS.nextSlide} onClick={nextSlide} data-testid="room-slide-next">
              <Trans>Next slide</Trans>
            </button>
          </div>
        ) : null}
        {hasNext ? (
          <div className="slides-tab__next">
            <p className="slides-tab__next-label muted">
              <Trans>Coming next</Trans>
            </p>
            <DeckStage state={deck} index={current + 1} size="small" testId="room-slide-next-preview" />
          </div>
        ) : null}
      </section>

      {steer && deck.status === "ready" ? (
        <section className="card slides-tab__thumbnails" aria-labelledby="room-thumbnails-title">
          <h2 id="room-thumbnails-title" className="card__title">
            <Trans>Go to a slide</Trans>
          </h2>
          <SlideThumbnails document={deck.document} pageCount={deck.deck.page_count} current={current} onGo={goToSlide} />
        </section>
      ) : null}

      <section className="card slides-tab__deck" aria-labelledby="room-deck-title" data-testid="room-deck">
        <h2 id="room-deck-title" className="card__title">
          <Trans>The deck</Trans>
        </h2>
        {row ? (
          <DeckStatus deck={row} />
        ) : row === null ? (
          <p className="muted" data-testid="deck-none">
            {manage
              ? t`No slides yet: upload the deck as a PDF. Until then the control room moves the slide number that viewers and the replay follow.`
              : t`No slides for this webcast yet.`}
          </p>
        ) : null}
        {manage && row ? <DeckActions deck={row} /> : null}
        {manage && row !== undefined ? <DeckUpload webcast={webcast} hasDeck={row !== null} /> : null}
      </section>
    </div>
  );
}
