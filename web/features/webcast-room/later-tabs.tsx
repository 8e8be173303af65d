import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { RoomTabProps } from "./tabs.ts";

/** Videos: the media library brings them (premiere videos, looped media). */
export function VideosTab({ webcast }: RoomTabProps) {
  return (
    <p className="muted" data-testid="videos-later">
      <Trans>Playing videos during the webcast comes with the media library, in a later issue. Nothing to play yet.</Trans>{" "}
      <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "content" }}>
        <Trans>The webcast's content</Trans>
      </Link>
    </p>
  );
}

/** Questions: the Q&A issue brings the moderation (hide, answered, push to speakers…). */
export function QuestionsTab({ webcast }: RoomTabProps) {
  return (
    <p className="muted" data-testid="questions-later">
      <Trans>Moderating the viewers' questions (hide, mark answered, push to speakers) comes with the Q&A issue. The question wall and anonymous questions are switched in the Display tab.</Trans>{" "}
      <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "qa" }}>
        <Trans>Q&A settings</Trans>
      </Link>
    </p>
  );
}

/** Links: the viewer issue brings the public page and invitation links. */
export function LinksTab({ webcast }: RoomTabProps) {
  return (
    <p className="muted" data-testid="links-later">
      <Trans>The viewers' page and the speakers' join links come with the viewer and live video issues.</Trans>{" "}
      <Link to="/webcasts/$uid/dashboard" params={{ uid: webcast.id }}>
        <Trans>The webcast's dashboard</Trans>
      </Link>
    </p>
  );
}

/** Advanced feed: the live video issue brings the program feed and its streaming outputs. */
export function AdvancedFeedTab({ webcast }: RoomTabProps) {
  return (
    <p className="muted" data-testid="advanced-feed-later">
      <Trans>The program feed and its monitoring come with the live video issue. Streaming outputs are set in the webcast's settings.</Trans>{" "}
      <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "streaming-outputs" }}>
        <Trans>Streaming outputs</Trans>
      </Link>
    </p>
  );
}
