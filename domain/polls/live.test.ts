import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRODUCER_PERMISSIONS } from "../permissions/permissions.ts";
import type { RoomActor } from "../webcast-room/actor.ts";
import { POLLING_ACTIONS, type PollingAction } from "../webcast-room/commands.ts";
import { type CurrentPolling, NO_POLLING, POLLING_STATUS } from "../webcast-room/live-state.ts";
import type { Ballot } from "./ballots.ts";
import {
  type LivePoll,
  POLL_TRANSITIONS,
  type PollStatus,
  TALLY_FLUSH_MS,
  applyPollingAction,
  isOnScreen,
  pollAudienceOf,
  pollBadge,
  producerPollView,
  resultsCompiling,
  tallyFlushDue,
  viewerPollView,
  viewerPolls,
} from "./live.ts";
import { POLL_STATUSES, type PollRow } from "./record.ts";
import { applyBallot, emptyTally } from "./tally.ts";

const producer: RoomActor = { role: "producer", user_id: 1, viewer_id: null, grants: [...PRODUCER_PERMISSIONS], locale: "en" };
const pollsOnly: RoomActor = { role: "speaker", user_id: 3, viewer_id: null, grants: ["polls.manage"], locale: "en" };
const speaker: RoomActor = { role: "speaker", user_id: 2, viewer_id: null, grants: [], locale: "fr" };
const viewer: RoomActor = { role: "viewer", user_id: null, viewer_id: "guest:0199aaaa-0000-7000-8000-0000000000ff", grants: [], locale: "en" };

const onScreen = (id: string, status: PollStatus, type: "poll" | "series" = "poll"): CurrentPolling => ({ type, id, status: POLLING_STATUS[status] });
const poll = (id: string, status: PollStatus, series_id: string | null = null): LivePoll => ({ id, status, series_id });

describe("POLL_TRANSITIONS on the poll on screen", () => {
  // [from, action, expected status or the refusal]
  const table: [PollStatus, PollingAction, PollStatus | "poll_wrong_status"][] = [
    ["unpublished", "publish", "open"],
    ["unpublished", "republish", "poll_wrong_status"],
    ["unpublished", "close", "poll_wrong_status"],
    ["unpublished", "show_results", "poll_wrong_status"],
    ["unpublished", "dismiss", "unpublished"],
    ["open", "publish", "open"],
    ["open", "republish", "open"],
    ["open", "close", "closed"],
    ["open", "show_results", "results"],
    ["open", "dismiss", "closed"],
    ["closed", "publish", "poll_wrong_status"],
    ["closed", "republish", "open"],
    ["closed", "close", "closed"],
    ["closed", "show_results", "results"],
    ["closed", "dismiss", "closed"],
    ["results", "publish", "poll_wrong_status"],
    ["results", "republish", "open"],
    ["results", "close", "closed"],
    ["results", "show_results", "results"],
    ["results", "dismiss", "results"],
  ];

  it("covers every status and action", () => {
    expect(table.length).toBe(POLL_STATUSES.length * POLLING_ACTIONS.length);
    for (const [from, action, to] of table) expect(POLL_TRANSITIONS[action][from]).toBe(to === "poll_wrong_status" ? null : to);
  });

  it.each(table)("%s + %s → %s", (from, action, to) => {
    const current = from === "unpublished" ? NO_POLLING : onScreen("p1", from);
    const outcome = applyPollingAction(current, [poll("p1", from)], { kind: "poll", id: "p1", action }, producer);
    if (to === "poll_wrong_status") {
      expect(outcome).toEqual({ ok: false, code: "poll_wrong_status" });
      return;
    }
    if (!outcome.ok) throw new Error(outcome.code);
    expect(outcome.statuses).toEqual(to === from ? [] : [{ poll_id: "p1", status: to }]);
    const expected = action === "dismiss" || (from === "unpublished" && action !== "publish") ? NO_POLLING : onScreen("p1", to);
    expect(outcome.current_polling).toEqual(expected);
    expect(outcome.changed).toBe(to !== from || JSON.stringify(expected) !== JSON.stringify(current));
  });
});

describe("applyPollingAction", () => {
  it("needs polls.manage: the producer, or a speaker granted it; not a plain speaker or a viewer", () => {
    const command = { kind: "poll", id: "p1", action: "publish" } as const;
    expect(applyPollingAction(NO_POLLING, [poll("p1", "unpublished")], command, producer).ok).toBe(true);
    expect(applyPollingAction(NO_POLLING, [poll("p1", "unpublished")], command, pollsOnly).ok).toBe(true);
    expect(applyPollingAction(NO_POLLING, [poll("p1", "unpublished")], command, speaker)).toEqual({ ok: false, code: "not_allowed" });
    expect(applyPollingAction(NO_POLLING, [poll("p1", "unpublished")], command, viewer)).toEqual({ ok: false, code: "not_allowed" });
  });

  it("refuses an unknown poll and a series without polls", () => {
    expect(applyPollingAction(NO_POLLING, [poll("p1", "open")], { kind: "poll", id: "p9", action: "close" }, producer)).toEqual({ ok: false, code: "poll_not_found" });
    expect(applyPollingAction(NO_POLLING, [poll("p1", "open")], { kind: "series", id: "s9", action: "publish" }, producer)).toEqual({ ok: false, code: "series_empty" });
  });

  it("publishing another poll takes the open one off the screen and closes it", () => {
    const outcome = applyPollingAction(onScreen("p1", "open"), [poll("p1", "open"), poll("p2", "unpublished")], { kind: "poll", id: "p2", action: "publish" }, producer);
    expect(outcome).toEqual({
      ok: true,
      current_polling: onScreen("p2", "open"),
      statuses: [
        { poll_id: "p1", status: "closed" },
        { poll_id: "p2", status: "open" },
      ],
      changed: true,
    });
  });

  it("showing the results of an earlier poll puts it back on screen", () => {
    const outcome = applyPollingAction(onScreen("p2", "closed"), [poll("p1", "closed"), poll("p2", "closed")], { kind: "poll", id: "p1", action: "show_results" }, producer);
    expect(outcome).toMatchObject({ ok: true, current_polling: onScreen("p1", "results"), statuses: [{ poll_id: "p1", status: "results" }] });
  });

  it("closing a poll that is not on screen leaves the screen as it is", () => {
    const outcome = applyPollingAction(onScreen("p2", "open"), [poll("p1", "results"), poll("p2", "open")], { kind: "poll", id: "p1", action: "close" }, producer);
    expect(outcome).toMatchObject({ ok: true, current_polling: onScreen("p2", "open"), statuses: [{ poll_id: "p1", status: "closed" }] });
  });

  it("dismissing a poll that is not on screen leaves the screen as it is", () => {
    const outcome = applyPollingAction(onScreen("p2", "open"), [poll("p1", "closed"), poll("p2", "open")], { kind: "poll", id: "p1", action: "dismiss" }, producer);
    expect(outcome).toEqual({ ok: true, current_polling: onScreen("p2", "open"), statuses: [], changed: false });
  });

  describe("a polling series", () => {
    const polls = [poll("p1", "unpublished", "s1"), poll("p2", "unpublished", "s1"), poll("p3", "closed", "s1"), poll("p4", "open")];

    it("publish opens its unpublished polls, puts the series on screen, and closes what was on it", () => {
      const outcome = applyPollingAction(onScreen("p4", "open"), polls, { kind: "series", id: "s1", action: "publish" }, producer);
      expect(outcome).toEqual({
        ok: true,
        current_polling: onScreen("s1", "open", "series"),
        statuses: [
          { poll_id: "p1", status: "open" },
          { poll_id: "p2", status: "open" },
          { poll_id: "p4", status: "closed" },
        ],
        changed: true,
      });
    });

    it("is refused only when the action fits none of its polls", () => {
      const closed = [poll("p1", "closed", "s1"), poll("p2", "results", "s1")];
      expect(applyPollingAction(NO_POLLING, closed, { kind: "series", id: "s1", action: "publish" }, producer)).toEqual({ ok: false, code: "poll_wrong_status" });
      expect(applyPollingAction(NO_POLLING, closed, { kind: "series", id: "s1", action: "republish" }, producer)).toMatchObject({ ok: true, current_polling: onScreen("s1", "open", "series") });
    });

    it("an action on one of its polls keeps the series on screen, with the liveliest status", () => {
      const current = onScreen("s1", "open", "series");
      const open = [poll("p1", "open", "s1"), poll("p2", "open", "s1")];
      const first = applyPollingAction(current, open, { kind: "poll", id: "p1", action: "show_results" }, producer);
      expect(first).toMatchObject({ ok: true, current_polling: onScreen("s1", "open", "series"), statuses: [{ poll_id: "p1", status: "results" }] });
      const second = applyPollingAction(current, [poll("p1", "results", "s1"), poll("p2", "open", "s1")], { kind: "poll", id: "p2", action: "close" }, producer);
      expect(second).toMatchObject({ ok: true, current_polling: onScreen("s1", "results", "series"), statuses: [{ poll_id: "p2", status: "closed" }] });
    });

    it("dismiss takes it off screen and closes its open polls", () => {
      const outcome = applyPollingAction(onScreen("s1", "open", "series"), [poll("p1", "open", "s1"), poll("p2", "results", "s1")], { kind: "series", id: "s1", action: "dismiss" }, producer);
      expect(outcome).toEqual({ ok: true, current_polling: NO_POLLING, statuses: [{ poll_id: "p1", status: "closed" }], changed: true });
    });

    it("viewers see its published polls in order", () => {
      const rows = [
        { ...poll("p2", "open", "s1"), position: 2 },
        { ...poll("p1", "open", "s1"), position: 1 },
        { ...poll("p3", "unpublished", "s1"), position: 0 },
        { ...poll("p4", "closed"), position: 3 },
      ];
      expect(viewerPolls(onScreen("s1", "open", "series"), rows).map((row) => row.id)).toEqual(["p1", "p2"]);
      expect(viewerPolls(NO_POLLING, rows)).toEqual([]);
      expect(isOnScreen(onScreen("s1", "open", "series"), { id: "x", series_id: null })).toBe(false);
    });
  });

  it("property: whatever the producer does, only polls on screen are open", () => {
    const ids = ["p1", "p2", "p3", "p4"];
    const series = (id: string) => (id === "p1" || id === "p2" ? "s1" : id === "p3" ? "s2" : null);
    const command = fc.record({ kind: fc.constantFrom<"poll" | "series">("poll", "series"), index: fc.nat({ max: 3 }), action: fc.constantFrom(...POLLING_ACTIONS) });
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        let current = NO_POLLING;
        let polls: LivePoll[] = ids.map((id) => poll(id, "unpublished", series(id)));
        for (const { kind, index, action } of commands) {
          const id = kind === "poll" ? (ids[index] ?? "p1") : index % 2 === 0 ? "s1" : "s2";
          const outcome = applyPollingAction(current, polls, { kind, id, action }, producer);
          if (!outcome.ok) continue;
          const changes = new Map(outcome.statuses.map((change) => [change.poll_id, change.status]));
          polls = polls.map((one) => ({ ...one, status: changes.get(one.id) ?? one.status }));
          current = outcome.current_polling;
          for (const one of polls) if (one.status === "open") expect(isOnScreen(current, one)).toBe(true);
          if (current.type === "none") expect(current).toEqual(NO_POLLING);
        }
      }),
    );
  });
});

describe("compiling results", () => {
  it("is compiling while voting has stopped and the tally lacks an acknowledged ballot", () => {
    expect(resultsCompiling("closed", { seq: 7 }, 9)).toBe(true);
    expect(resultsCompiling("results", { seq: 7 }, 9)).toBe(true);
    expect(resultsCompiling("closed", { seq: 9 }, 9)).toBe(false);
    expect(resultsCompiling("results", { seq: 0 }, 0)).toBe(false);
    // While open the tally is live (provisional), not compiling; unpublished has nothing to compile.
    expect(resultsCompiling("open", { seq: 7 }, 9)).toBe(false);
    expect(resultsCompiling("unpublished", { seq: 0 }, 3)).toBe(false);
  });

  it("shows the compiling badge meanwhile, the status's badge otherwise", () => {
    expect(pollBadge("results", { seq: 1 }, 2)).toBe("compiling");
    expect(pollBadge("closed", { seq: 1 }, 2)).toBe("compiling");
    expect(pollBadge("results", { seq: 2 }, 2)).toBe("results");
    expect(pollBadge("open", { seq: 1 }, 2)).toBe("open");
    expect(pollBadge("unpublished", { seq: 0 }, 0)).toBe("unpublished");
  });
});

describe("what each sees", () => {
  const row: PollRow = {
    id: "p1",
    organization_id: 1,
    webcast_id: "w1",
    series_id: null,
    title: "Lunch?",
    description: null,
    language: "en",
    options: [
      { id: "a", text: "Pizza" },
      { id: "b", text: "Salad" },
    ],
    recommended_option_id: "b",
    multiple_choice: false,
    display: "fluid",
    position: 0,
    status: "open",
    created_at: "2025-06-01T10:00:00.000Z",
    updated_at: "2025-06-01T10:00:00.000Z",
  };
  const ballots: Ballot[] = [
    { poll_id: "p1", voter_key: "v1", option_ids: ["a"], weight: 3, cast_at: 1, seq: 1 },
    { poll_id: "p1", voter_key: "v2", option_ids: ["b"], weight: 1, cast_at: 2, seq: 2 },
  ];
  const tally = ballots.reduce((sum, one) => applyBallot(sum, null, one), emptyTally(row));
  const mine = ballots[1] ?? null;

  it("producers see the live tally; speakers without polls.manage and viewers only results", () => {
    expect(pollAudienceOf(producer)).toBe("tally");
    expect(pollAudienceOf(pollsOnly)).toBe("tally");
    expect(pollAudienceOf(speaker)).toBe("results");
    expect(pollAudienceOf(viewer)).toBe("results");
  });

  it("a viewer sees an open poll without results and without its recommended option", () => {
    const view = viewerPollView(row, tally, 2, mine);
    expect(view).toEqual({
      poll: { id: "p1", series_id: null, title: "Lunch?", description: null, language: "en", multiple_choice: false, display: "fluid", position: 0, options: row.options },
      state: "open",
      ballot: ["b"],
      results: null,
    });
    expect(JSON.stringify(view)).not.toContain("recommended");
    expect(JSON.stringify(view)).not.toContain("weight");
  });

  it("a viewer sees no results when closed, compiling while compiling, results once shown and compiled", () => {
    expect(viewerPollView({ ...row, status: "closed" }, tally, 2, null)).toMatchObject({ state: "closed", results: null });
    expect(viewerPollView({ ...row, status: "results" }, tally, 3, null)).toMatchObject({ state: "compiling", results: null });
    expect(viewerPollView({ ...row, status: "results" }, tally, 2, mine)).toMatchObject({
      state: "results",
      ballot: ["b"],
      results: {
        voters: 2,
        options: [
          { option_id: "a", percent: 75, recommended: false },
          { option_id: "b", percent: 25, recommended: true },
        ],
      },
    });
    expect(viewerPollView({ ...row, status: "unpublished" }, emptyTally(row), 0, null)).toBeNull();
  });

  it("the producer sees the live tally in every status, weights included", () => {
    for (const status of POLL_STATUSES) {
      const view = producerPollView({ ...row, status }, tally, 2);
      expect(view.results.options.map((option) => [option.weight, option.voters, option.percent])).toEqual([
        [3, 1, 75],
        [1, 1, 25],
      ]);
      expect(view.badge).toBe(status);
    }
    expect(producerPollView({ ...row, status: "closed" }, tally, 5)).toMatchObject({ compiling: true, badge: "compiling" });
  });

  it("the live tally goes out at most every TALLY_FLUSH_MS, and only with something new", () => {
    expect(tallyFlushDue(null, { seq: 0 }, 0)).toBe(false);
    expect(tallyFlushDue(null, { seq: 1 }, 0)).toBe(true);
    expect(tallyFlushDue({ seq: 1, at: 1_000 }, { seq: 2 }, 1_000 + TALLY_FLUSH_MS - 1)).toBe(false);
    expect(tallyFlushDue({ seq: 1, at: 1_000 }, { seq: 2 }, 1_000 + TALLY_FLUSH_MS)).toBe(true);
    expect(tallyFlushDue({ seq: 2, at: 1_000 }, { seq: 2 }, 9_000)).toBe(false);
  });
});
