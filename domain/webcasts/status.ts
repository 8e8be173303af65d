import type { WebcastApiStatus, WebcastRow } from "./record.ts";

/**
 * The status groups of the sessions list (SPEC §4 "Webcast statuses (interface)"): upcoming
 * (covers preparing to ready, and a reset in progress), live (on air, loops around the show and a
 * premiere playing), after (archived) and canceled. An unknown state counts as upcoming (SPEC §4
 * "defaults to upcoming when unknown").
 */
export const WEBCAST_STATUS_GROUPS = ["upcoming", "live", "after", "canceled"] as const;
export type WebcastStatusGroup = (typeof WEBCAST_STATUS_GROUPS)[number];

const GROUP_OF: Record<WebcastApiStatus, WebcastStatusGroup> = {
  resetting: "upcoming",
  upcoming: "upcoming",
  starting: "live",
  pre_loop: "live",
  live: "live",
  premiering: "live",
  stopping: "live",
  end_loop: "live",
  archived: "after",
  canceled: "canceled",
};

export function statusGroupOf(webcast: Pick<WebcastRow, "state">): WebcastStatusGroup {
  return GROUP_OF[webcast.state] ?? "upcoming";
}

/** What the interface calls the state: a premiere on air shows "premiering" (SPEC §4). */
export function displayedState(webcast: Pick<WebcastRow, "state" | "is_premiere">): WebcastApiStatus {
  if (webcast.is_premiere && webcast.state === "live") return "premiering";
  return webcast.state;
}

/** Case- and accent-insensitive match of a search text against a webcast's title and description. */
export function matchesSearch(webcast: Pick<WebcastRow, "event_title" | "description">, query: string): boolean {
  const fold = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
  const wanted = fold(query.trim());
  if (wanted === "") return true;
  return fold(webcast.event_title).includes(wanted) || fold(webcast.description ?? "").includes(wanted);
}

/**
 * States in which a webcast is over (SPEC §4: archived, canceled): it runs no more, so it takes no
 * place among the webcasts live at the same time (max_simultaneous_webcasts).
 */
export const ENDED_STATES = ["archived", "canceled"] as const satisfies readonly WebcastApiStatus[];

export function isEnded(webcast: Pick<WebcastRow, "state">): boolean {
  return (ENDED_STATES as readonly WebcastApiStatus[]).includes(webcast.state);
}

/**
 * States in which the webcast is on air (SPEC §4): it cannot be deleted ("A live webcast cannot
 * be deleted") and its schedule and type are locked. Loops before and after the show are not on
 * air: a late start can still be rescheduled during the pre-show loop.
 */
export const ON_AIR_STATES: ReadonlySet<WebcastApiStatus> = new Set<WebcastApiStatus>(["starting", "live", "premiering", "stopping"]);

/** Fields an on-air webcast keeps as they are. */
export const ON_AIR_LOCKED_FIELDS = ["event_start_date_time", "duration", "is_premiere", "is_test", "event_type", "source_type", "quality"] as const satisfies readonly (keyof WebcastRow)[];

export function isOnAir(webcast: Pick<WebcastRow, "state">): boolean {
  return ON_AIR_STATES.has(webcast.state);
}
