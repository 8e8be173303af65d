import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PollingAction, RoomCommandType, RoomToggle } from "../../../domain/webcast-room/commands.ts";
import type { ConferenceLayout, LiveState, RoomPhase, SceneLayout } from "../../../domain/webcast-room/live-state.ts";
import type { ControlRoomTab } from "./tabs.ts";

/** SPEC §4 interface statuses of the room's phases (a premiere on air reads "Premiering"). */
export const PHASE_LABELS: Record<RoomPhase, MessageDescriptor> = {
  upcoming: msg`Upcoming`,
  preparing: msg`Preparing`,
  prepared: msg`Prepared`,
  ready: msg`Ready`,
  starting: msg`Starting`,
  live: msg`Live`,
  stopping: msg`Stopping`,
  archived: msg`After`,
  canceled: msg`Canceled`,
  resetting: msg`Resetting`,
};

export function phaseLabel(live: Pick<LiveState, "phase" | "is_premiere">): MessageDescriptor {
  return live.phase === "live" && live.is_premiere ? msg`Premiering` : PHASE_LABELS[live.phase];
}

/** SPEC §2 control room tabs. */
export const TAB_LABELS: Record<ControlRoomTab, MessageDescriptor> = {
  prepare: msg`Prepare`,
  "go-live": msg`Go live`,
  speakers: msg`Speakers`,
  slides: msg`Slides`,
  videos: msg`Videos`,
  polls: msg`Polls`,
  questions: msg`Questions`,
  stats: msg`Stats`,
  display: msg`Display`,
  links: msg`Links`,
  "advanced-feed": msg`Advanced feed`,
};

/** SPEC §4 scene layouts. */
export const SCENE_LAYOUT_LABELS: Record<SceneLayout, MessageDescriptor> = {
  "video-only": msg`Video only`,
  "video-presentation": msg`Video and presentation`,
  "presentation-only": msg`Presentation only`,
};

/** SPEC §4 conference layouts. */
export const CONFERENCE_LAYOUT_LABELS: Record<ConferenceLayout, MessageDescriptor> = {
  "main-speaker": msg`Main speaker`,
  "four-main-speakers": msg`Four main speakers`,
  "one-main-33": msg`One main speaker plus up to 33`,
  adaptive: msg`Adaptive composition`,
  "one-main-7": msg`One main speaker plus 7`,
  "one-main-21": msg`One main speaker plus 21`,
  "two-main-8": msg`Two main speakers plus 8`,
  "two-main-21": msg`Two main speakers plus 21`,
  nine: msg`Nine speakers`,
  sixteen: msg`Sixteen speakers`,
  "twenty-five": msg`Twenty-five speakers`,
};

/** SPEC §7 toggles. */
export const TOGGLE_LABELS: Record<RoomToggle, { label: MessageDescriptor; help: MessageDescriptor }> = {
  poster_overlay: { label: msg`Poster overlay`, help: msg`Shows the webcast's poster over the video.` },
  question_wall: { label: msg`Question wall`, help: msg`Shows the viewers' questions on screen.` },
  anonymous_questions: { label: msg`Anonymous questions`, help: msg`Viewers may ask questions without their name.` },
};

/** SPEC §4 poll actions. */
export const POLLING_ACTION_LABELS: Record<PollingAction, MessageDescriptor> = {
  publish: msg`Publish`,
  republish: msg`Republish`,
  close: msg`Close`,
  show_results: msg`Show results`,
  dismiss: msg`Dismiss`,
};

/** SPEC §3 `current_polling.status` (-1 none … 3 results), as the poll badges say it. */
const POLLING_STATUS_LABELS: readonly MessageDescriptor[] = [msg`Unpublished`, msg`Open`, msg`Closed`, msg`Results`];

export function pollingStatusLabel(status: number): MessageDescriptor {
  return POLLING_STATUS_LABELS[status] ?? msg`None`;
}

/** What a pending or refused command did, in a few words. */
export const COMMAND_LABELS: Record<RoomCommandType, MessageDescriptor> = {
  "control.prepare": msg`Prepare`,
  "control.start": msg`Start the broadcast`,
  "control.stop": msg`Stop the broadcast`,
  "control.rtmp.activate": msg`Activate the RTMP source`,
  "control.vmr.activate": msg`Activate the virtual meeting room`,
  "control.focus": msg`Focus`,
  "control.conference-layout": msg`Conference layout`,
  "conference.connect": msg`Conference connection`,
  "control.dial-out": msg`Dial out`,
  "slide.set": msg`Change the slide`,
  "scene.set": msg`Scene layout`,
  "polling.set": msg`Poll action`,
  "toggle.set": msg`Display option`,
  "room.reset": msg`Reset`,
  "poll.vote": msg`Vote`,
  "question.ask": msg`Ask a question`,
  "question.moderate": msg`Moderate a question`,
  "question.patch": msg`Edit a question`,
  "question.upvote": msg`Upvote`,
  "chat.send": msg`Send a message`,
  "chat.delete": msg`Delete a message`,
};
