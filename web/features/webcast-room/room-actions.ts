import { msg } from "@lingui/core/macro";
import type { I18n } from "@lingui/core";
import type { LiveState } from "../../../domain/webcast-room/live-state.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import { phaseAllows } from "../../../domain/webcast-room/reduce.ts";
import { confirm } from "../../ui/confirm.ts";

/** Whether the room takes a start now (domain/webcast-room/reduce.ts `phaseAllows`). */
export function canStart(live: Pick<LiveState, "phase" | "is_premiere">): boolean {
  return phaseAllows(live, "control.start");
}

export function canStop(live: Pick<LiveState, "phase" | "is_premiere">): boolean {
  return phaseAllows(live, "control.stop");
}

/** SPEC §4: start is irreversible and asks first (the button and the shortcut alike). */
export async function confirmStart(i18n: I18n, send: (command: RoomCommand) => void): Promise<boolean> {
  const accepted = await confirm({
    title: i18n._(msg`Start the broadcast?`),
    message: i18n._(msg`Viewers will see the webcast live. Starting cannot be undone.`),
    acceptLabel: i18n._(msg`Start`),
    cancelLabel: i18n._(msg`Cancel`),
  });
  if (accepted) send({ type: "control.start" });
  return accepted;
}

/** SPEC §4: stop is irreversible and asks first. */
export async function confirmStop(i18n: I18n, send: (command: RoomCommand) => void): Promise<boolean> {
  const accepted = await confirm({
    title: i18n._(msg`Stop the broadcast?`),
    message: i18n._(msg`The broadcast ends for every viewer and cannot be started again.`),
    acceptLabel: i18n._(msg`Stop`),
    cancelLabel: i18n._(msg`Cancel`),
  });
  if (accepted) send({ type: "control.stop" });
  return accepted;
}

/**
 * SPEC §4: reset is irreversible and asks first. `newStart` (the new start, as the producer reads
 * it) when the reset reschedules, else the start time is kept.
 */
export async function confirmReset(i18n: I18n, newStart: string | null): Promise<boolean> {
  const irreversible = i18n._(msg`Speakers are disconnected, the broadcast stops and must be started again, and only the latest archive is kept. This cannot be undone.`);
  const start = newStart === null ? i18n._(msg`The start time stays as it is.`) : i18n._(msg`The webcast will start on ${newStart}.`);
  return confirm({
    title: i18n._(msg`Reset the webcast?`),
    message: `${irreversible} ${start}`,
    acceptLabel: i18n._(msg`Reset`),
    cancelLabel: i18n._(msg`Cancel`),
  });
}
