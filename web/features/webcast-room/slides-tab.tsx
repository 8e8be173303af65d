import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { RoomTabProps } from "./tabs.ts";
import { SHORTCUT_KEYS } from "./use-room-shortcuts.ts";

export interface SlidesTabProps extends RoomTabProps {
  /** The slide asked for last (a change still pending), else the room's. */
  targetSlide: number;
  previousSlide(): void;
  nextSlide(): void;
}

/**
 * Slides (SPEC §3 current_slide_index): the slide viewers see, with previous/next and their keys.
 * The slide files themselves (upload, approval, thumbnails) come with the media issue: until then
 * the control room moves the index that viewers and replay follow.
 */
export function SlidesTab({ webcast, live, may, targetSlide, previousSlide, nextSlide }: SlidesTabProps) {
  const shown = live.current_slide_index + 1;
  const target = targetSlide + 1;
  return (
    <div className="control-room__sections">
      <section className="card" aria-labelledby="room-slide-title">
        <h2 id="room-slide-title" className="card__title">
          <Trans>Current slide</Trans>
        </h2>
        <p className="control-room__slide" aria-live="polite" data-testid="room-slide">
          <Trans>Slide {shown}</Trans>
          {target !== shown ? (
            <span className="muted" data-testid="room-slide-target">
              {" "}
              <Trans>(going to slide {target}…)</Trans>
            </span>
          ) : null}
        </p>
        {may("slide.set") ? (
          <div className="control-room__actions">
            <button type="button" className="button" disabled={targetSlide === 0} aria-keyshortcuts={SHORTCUT_KEYS.previousSlide} onClick={previousSlide} data-testid="room-slide-previous">
              <Trans>Previous slide</Trans>
            </button>
            <button type="button" className="button button--primary" aria-keyshortcuts={SHORTCUT_KEYS.nextSlide} onClick={nextSlide} data-testid="room-slide-next">
              <Trans>Next slide</Trans>
            </button>
          </div>
        ) : null}
        <p className="muted" data-testid="slides-later">
          <Trans>Slide files (upload, approval and previews) come with the media library, in a later issue. Until then the control room moves the slide number that viewers and the replay follow.</Trans>{" "}
          <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "content" }}>
            <Trans>The webcast's content</Trans>
          </Link>
        </p>
      </section>
    </div>
  );
}
