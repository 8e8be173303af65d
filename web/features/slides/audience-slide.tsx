import { useLingui } from "@lingui/react/macro";
import type { SceneLayout } from "../../../domain/webcast-room/live-state.ts";
import { DeckStage } from "./deck-stage.tsx";
import { useAudienceDeck } from "./use-deck.ts";
import "./slides.css";

export interface AudienceSlideProps {
  uid: string;
  /** The page's room token (the audience has no session). */
  token: string;
  /** The room's `current_slide_index`. */
  index: number;
  /** The room's scene: no slide in "video only". */
  layout: SceneLayout;
}

/**
 * The slide viewers see on /live/$uid (SPEC §3 current_slide_index), in step with the room, once
 * the deck is approved. Nothing at all without an approved deck (or while asking whether there is
 * one), nor when the scene shows the video only.
 */
export function AudienceSlide({ uid, token, index, layout }: AudienceSlideProps) {
  const { t } = useLingui();
  const state = useAudienceDeck(uid, token, index);
  if (layout === "video-only" || state.status === "none" || (state.status === "loading" && state.deck === null)) return null;
  return (
    <section className="live-slide" aria-label={t`Slides`} data-testid="live-slide">
      <DeckStage state={state} index={index} />
    </section>
  );
}
