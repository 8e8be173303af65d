import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/**
 * The home screen's quick tour (SPEC §2 "/home shows … a quick tour"), in order. Each step points
 * at the element carrying `data-tour="<id>"`; a step whose element is not shown (no permission to
 * create, the menu folded away on a phone) is left out of that run.
 */
export interface QuickTourStep {
  id: string;
  title: MessageDescriptor;
  text: MessageDescriptor;
}

export const QUICK_TOUR_STEPS: readonly QuickTourStep[] = [
  { id: "featured", title: msg`Your next and last webcast`, text: msg`The next webcast to run and the last one that ended, with their state. Open one to prepare it or to see how it went.` },
  { id: "your-webcasts", title: msg`Your webcasts`, text: msg`The webcasts you created, soonest first. They are kept on this device, so this list works without a connection.` },
  { id: "create-webcast", title: msg`Create a webcast`, text: msg`Five short steps: general information, date and time, speakers, access and attendee options. A draft is saved as you type.` },
  { id: "services", title: msg`Sessions and calendar`, text: msg`Every session of your organizations, as a list with search and status filters, or by month and week in the calendar.` },
  { id: "sync", title: msg`Work offline`, text: msg`Changes are saved on this device first and sent when the network is back. Here you see what is waiting and any change the server refused.` },
  { id: "language", title: msg`Your language`, text: msg`Switch between French, English, Portuguese, Spanish and German at any time.` },
];

/** The control room's quick tour (SPEC §2 full-screen routes: "/webcasts/{uid}/control-room (quick tour)"). */
export const CONTROL_ROOM_TOUR_STEPS: readonly QuickTourStep[] = [
  { id: "room-stage", title: msg`Where the webcast is`, text: msg`The stage of the webcast (upcoming, prepared, ready, live…), as every speaker and viewer sees it, updated as it changes.` },
  { id: "room-connection", title: msg`Connection to the room`, text: msg`Whether this screen is connected. If the network drops, what you do waits here, marked as pending, and is sent once the connection is back.` },
  { id: "room-tabs", title: msg`The control room tabs`, text: msg`Prepare, go live, slides, polls, display and the rest: one tab per task. Start and stop always ask for confirmation.` },
  { id: "room-shortcuts", title: msg`Keyboard shortcuts`, text: msg`Left and right arrows (or Page Up and Page Down) change the slide; Shift + L starts the broadcast after confirmation.` },
];

/** The element a step points at, when it is on the page and shown. */
export function tourTarget(step: QuickTourStep, root: ParentNode = document): HTMLElement | null {
  const element = root.querySelector<HTMLElement>(`[data-tour="${step.id}"]`);
  if (!element) return null;
  // Not rendered (display: none, visibility: hidden) or slid out of the screen (the menu folded away on a phone).
  if (typeof element.checkVisibility === "function" && !element.checkVisibility({ visibilityProperty: true })) return null;
  const box = element.getBoundingClientRect();
  if (box.right < 0 || box.left > window.innerWidth) return null;
  return element;
}
