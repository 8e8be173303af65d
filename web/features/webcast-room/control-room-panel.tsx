import { DisplayTab } from "./display-tab.tsx";
import { GoLiveTab } from "./go-live-tab.tsx";
import { QuestionsTab } from "../questions/questions-tab.tsx";
import { AdvancedFeedTab, LinksTab, VideosTab } from "./later-tabs.tsx";
import { SpeakersTab, StatsTab } from "./people-tabs.tsx";
import { PollsTab } from "./polls-tab.tsx";
import { PrepareTab } from "./prepare-tab.tsx";
import { type SlidesTabProps, SlidesTab } from "./slides-tab.tsx";
import type { ControlRoomTab } from "./tabs.ts";

/** The open tab's content (only the open one is rendered: each reads the live state afresh). */
export function ControlRoomPanel({ name, ...props }: SlidesTabProps & { name: ControlRoomTab }) {
  switch (name) {
    case "prepare":
      return <PrepareTab {...props} />;
    case "go-live":
      return <GoLiveTab {...props} />;
    case "speakers":
      return <SpeakersTab {...props} />;
    case "slides":
      return <SlidesTab {...props} />;
    case "videos":
      return <VideosTab {...props} />;
    case "polls":
      return <PollsTab {...props} />;
    case "questions":
      return <QuestionsTab {...props} />;
    case "stats":
      return <StatsTab {...props} />;
    case "display":
      return <DisplayTab {...props} />;
    case "links":
      return <LinksTab {...props} />;
    case "advanced-feed":
      return <AdvancedFeedTab {...props} />;
  }
}
