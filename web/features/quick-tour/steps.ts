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
