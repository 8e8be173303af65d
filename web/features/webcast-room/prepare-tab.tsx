import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useMemo, useState } from "react";
import type { FieldErrors } from "../../../domain/errors/codes.ts";
import { type WallTime, utcToWallTime, wallTimeToUtc } from "../../../domain/time/wall-time.ts";
import { datetimeAfter } from "../../../domain/validation/datetime.ts";
import { required } from "../../../domain/validation/required.ts";
import { apiStatusOf } from "../../../domain/webcast-room/live-state.ts";
import { phaseAllows } from "../../../domain/webcast-room/reduce.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { SelectField, TextField } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useApiForm } from "../../ui/use-api-form.ts";
import { useOnline } from "../pwa/use-online.ts";
import { formMessageLocale } from "../webcasts/form-support.ts";
import { formatWebcastStart } from "../webcasts/format.ts";
import { STATE_LABELS, SOURCE_TYPE_LABELS } from "../webcasts/labels.ts";
import { phaseLabel } from "./labels.ts";
import { PremiereWaiting } from "./premiere-waiting.tsx";
import { confirmReset } from "./room-actions.ts";
import { resetAndReschedule } from "./room-api.ts";
import type { RoomTabProps } from "./tabs.ts";
import { timeZoneOptions } from "../webcasts/webcast-fields.tsx";

/**
 * Prepare (SPEC §4 flow): where the webcast is, prepare it (upcoming), activate its source (RTMP
 * encoder or virtual meeting room, once prepared; a premiere plays its own videos), and reset.
 */
export function PrepareTab({ webcast, live, may, send, pendingTypes, connected, mayEditWebcast }: RoomTabProps) {
  const { t, i18n } = useLingui();
  const sourceHelp = useId();
  const sourceReady = phaseAllows(live, "control.rtmp.activate");

  return (
    <div className="control-room__sections">
      <section className="card" aria-labelledby="room-phase-title">
        <h2 id="room-phase-title" className="card__title">
          <Trans>Where the webcast is</Trans>
        </h2>
        <dl className="details">
          <dt>
            <Trans>Stage</Trans>
          </dt>
          <dd data-testid="prepare-phase">{i18n._(phaseLabel(live))}</dd>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>{i18n._(STATE_LABELS[apiStatusOf(live)])}</dd>
          <dt>
            <Trans>Source</Trans>
          </dt>
          <dd>{live.source ? i18n._(SOURCE_TYPE_LABELS[live.source]) : live.is_premiere ? t`Premiere videos` : t`Not activated yet`}</dd>
          <dt>
            <Trans>Scheduled start</Trans>
          </dt>
          <dd data-testid="prepare-start">{formatWebcastStart(webcast, i18n.locale)}</dd>
        </dl>
        <PremiereWaiting live={live} />
        {may("control.prepare") ? (
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={!phaseAllows(live, "control.prepare") || pendingTypes.has("control.prepare")}
              onClick={() => send({ type: "control.prepare" })}
              data-testid="room-prepare"
            >
              {pendingTypes.has("control.prepare") ? <Trans>Preparing…</Trans> : <Trans>Prepare the webcast</Trans>}
            </button>
          </p>
        ) : null}
        {live.phase !== "upcoming" && may("control.prepare") ? (
          <p className="muted">
            <Trans>The webcast is prepared once; the media pipeline takes a few seconds.</Trans>
          </p>
        ) : null}
      </section>

      {live.is_premiere || !may("control.rtmp.activate") ? null : (
        <section className="card" aria-labelledby="room-source-title">
          <h2 id="room-source-title" className="card__title">
            <Trans>Activate the source</Trans>
          </h2>
          <p id={sourceHelp} className="muted">
            {sourceReady ? (
              <Trans>Choose what viewers will see: the stream of your encoder (RTMP) or the virtual meeting room.</Trans>
            ) : (
              <Trans>Prepare the webcast first: the source can be activated once it is prepared.</Trans>
            )}{" "}
            {webcast.source_type ? <Trans>The webcast's details name this source: {i18n._(SOURCE_TYPE_LABELS[webcast.source_type])}.</Trans> : null}
          </p>
          <div className="control-room__actions">
            <button
              type="button"
              className="button"
              disabled={!sourceReady || pendingTypes.has("control.rtmp.activate")}
              aria-describedby={sourceHelp}
              aria-pressed={live.source === "rtmp"}
              onClick={() => send({ type: "control.rtmp.activate" })}
              data-testid="room-activate-rtmp"
            >
              <Trans>Activate the RTMP source</Trans>
            </button>
            <button
              type="button"
              className="button"
              disabled={!sourceReady || pendingTypes.has("control.vmr.activate")}
              aria-describedby={sourceHelp}
              aria-pressed={live.source === "vmr"}
              onClick={() => send({ type: "control.vmr.activate" })}
              data-testid="room-activate-vmr"
            >
              <Trans>Activate the virtual meeting room</Trans>
            </button>
          </div>
        </section>
      )}

      {may("room.reset") ? <ResetSection webcast={webcast} live={live} connected={connected} send={send} pendingTypes={pendingTypes} mayEditWebcast={mayEditWebcast} /> : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Reset (SPEC §4: irreversible; keep the start time or reschedule)

interface Schedule extends WallTime {
  timezone: string;
}

/** The webcast's start as its organizer planned it: the wall time in its own zone. */
function scheduleOf(webcast: Pick<WebcastRow, "event_start_date_time" | "timezone">): Schedule {
  return { ...utcToWallTime(webcast.event_start_date_time, webcast.timezone), timezone: webcast.timezone };
}

/** The form's own checks (SPEC §5 required, datetime_after now), in the validation texts' language; the server judges again. */
function scheduleErrors(schedule: Schedule, now: Date): FieldErrors {
  const locale = formMessageLocale();
  const errors: FieldErrors = {};
  const dateMissing = required(schedule.date, locale);
  const timeMissing = required(schedule.time, locale);
  if (dateMissing) errors.date = [dateMissing];
  if (timeMissing) errors.time = [timeMissing];
  if (dateMissing || timeMissing) return errors;
  const start = wallTimeToUtc(schedule, schedule.timezone);
  const late = datetimeAfter(start ?? "invalid", locale, { now });
  if (late) errors.date = [late];
  return errors;
}

/** Where the server's field errors show: the start instant under the date (as in the webcast's form), the zone under its field. */
const SERVER_FIELDS: Record<string, "date" | "timezone"> = {
  scheduled_start: "date",
  event_start_date_time: "date",
  timezone: "timezone",
};

type ResetSectionProps = Pick<RoomTabProps, "webcast" | "live" | "connected" | "send" | "pendingTypes" | "mayEditWebcast">;

/**
 * Reset (SPEC §4, §7 `POST reset {scheduled_start, timezone}`), confirmed first. Keeping the start
 * time is a room command (queued like the others while disconnected). Rescheduling is the REST
 * call, which resets the room and then moves the webcast's start: it needs the network, and its
 * field errors ("must be after now", in the user's language) show under the fields. The new start
 * is a change of the webcast, which the server makes as its `updateWebcast`: only someone who may
 * edit the webcast is offered it (a producer speaker keeps the start time).
 */
function ResetSection({ webcast, live, connected, send, pendingTypes, mayEditWebcast }: ResetSectionProps) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const engine = useSyncEngine();
  const form = useApiForm();
  const [keepStart, setKeepStart] = useState(true);
  const [schedule, setSchedule] = useState<Schedule>(() => scheduleOf(webcast));
  const [ownErrors, setOwnErrors] = useState<FieldErrors>({});
  const resetHelp = useId();
  const offlineHelp = useId();
  const rescheduleHelp = useId();
  const zoneOptions = useMemo(() => timeZoneOptions(schedule.timezone), [schedule.timezone]);
  const resettable = phaseAllows(live, "room.reset");
  const reachable = connected && online;

  // The server's errors by the form's fields; those of no field here show as a notice.
  const serverErrors: FieldErrors = {};
  for (const [field, messages] of Object.entries(form.errors)) {
    const target = SERVER_FIELDS[field];
    if (target) (serverErrors[target] ??= []).push(...messages);
  }
  const errorsOf = (field: "date" | "time" | "timezone") => [...new Set([...(ownErrors[field] ?? []), ...(serverErrors[field] ?? [])])];

  const change = (patch: Partial<Schedule>) => {
    setSchedule((current) => ({ ...current, ...patch }));
    setOwnErrors({});
    // The start is date, time and zone together: any of them changes what the server judged.
    for (const field of Object.keys(SERVER_FIELDS)) form.clearField(field);
  };

  const chooseKeepStart = (keep: boolean) => {
    setKeepStart(keep);
    setOwnErrors({});
    form.setErrors({});
    // Rescheduling starts from the webcast's start as it is now.
    if (!keep) setSchedule(scheduleOf(webcast));
  };

  const reschedule = async () => {
    const errors = scheduleErrors(schedule, new Date());
    setOwnErrors(errors);
    const start = wallTimeToUtc(schedule, schedule.timezone);
    if (Object.keys(errors).length > 0 || start === null) return;
    const startText = formatWebcastStart({ event_start_date_time: start, timezone: schedule.timezone }, i18n.locale);
    if (!(await confirmReset(i18n, startText))) return;
    const result = await form.submit(() => resetAndReschedule(webcast.id, { scheduled_start: start, timezone: schedule.timezone }), { message: () => null });
    if (result.ok) {
      // The webcast's new start comes with the next pull; the room's reset comes over the socket.
      engine?.requestSync();
      setKeepStart(true);
      toast.success(t`The webcast is being reset. Its new start: ${startText}.`);
      return;
    }
    const error = result.error;
    if (!(error instanceof ApiRequestError)) {
      toast.error(t`Something went wrong. Please try again.`);
      return;
    }
    if (error.handled) return;
    if (error.isNetworkError) {
      toast.error(t`The server cannot be reached. Check your connection and try again.`);
      return;
    }
    const elsewhere = Object.entries(error.errors).flatMap(([field, messages]) => (SERVER_FIELDS[field] ? [] : messages));
    const placed = Object.keys(error.errors).some((field) => SERVER_FIELDS[field]);
    if (!placed || elsewhere.length > 0) toast.error([error.message, ...elsewhere].join(" "));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!keepStart) return reschedule();
    if (await confirmReset(i18n, null)) send({ type: "room.reset", keep_start: true });
  };

  const busy = form.sending || pendingTypes.has("room.reset");
  const blockedOffline = !keepStart && !reachable;
  const describedBy = [resetHelp, blockedOffline ? offlineHelp : null].filter(Boolean).join(" ");
  return (
    <section className="card" aria-labelledby="room-reset-title">
      <h2 id="room-reset-title" className="card__title">
        <Trans>Reset</Trans>
      </h2>
      <p id={resetHelp} className="muted">
        <Trans>A reset disconnects the speakers, stops the broadcast (it must be started again) and keeps only the latest archive.</Trans>
      </p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="room-reset-title" data-testid="room-reset-form">
        <fieldset className="form__group" disabled={!resettable || form.sending}>
          <legend>
            <Trans>After the reset</Trans>
          </legend>
          <label className="field--checkbox">
            <input type="radio" name="reset-start" value="keep" checked={keepStart} onChange={() => chooseKeepStart(true)} data-testid="room-reset-keep" />{" "}
            <Trans>Keep the start time</Trans>
          </label>
          <label className="field--checkbox">
            <input
              type="radio"
              name="reset-start"
              value="reschedule"
              checked={!keepStart}
              disabled={!mayEditWebcast}
              aria-describedby={mayEditWebcast ? undefined : rescheduleHelp}
              onChange={() => chooseKeepStart(false)}
              data-testid="room-reset-reschedule"
            />{" "}
            <Trans>Reschedule: choose the new start</Trans>
          </label>
          {mayEditWebcast ? null : (
            <p id={rescheduleHelp} className="muted" data-testid="room-reschedule-forbidden">
              <Trans>Only those who may edit the webcast can give it a new start: ask one of its organizers.</Trans>
            </p>
          )}
        </fieldset>
        {keepStart ? null : (
          <fieldset className="form__group" disabled={!resettable || form.sending} data-testid="room-reschedule">
            <legend>
              <Trans>New start</Trans>
            </legend>
            <div className="form__row">
              <TextField label={t`Start date`} name="reset_start_date" type="date" required value={schedule.date} errors={errorsOf("date")} onChange={(event) => change({ date: event.target.value })} />
              <TextField label={t`Start time`} name="reset_start_time" type="time" required value={schedule.time} errors={errorsOf("time")} onChange={(event) => change({ time: event.target.value })} />
            </div>
            <SelectField
              label={t`Time zone`}
              name="reset_timezone"
              value={schedule.timezone}
              errors={errorsOf("timezone")}
              hint={t`The webcast's time zone, unless you choose another.`}
              options={zoneOptions}
              onChange={(event) => change({ timezone: event.target.value })}
            />
          </fieldset>
        )}
        {blockedOffline ? (
          <p id={offlineHelp} className="control-room__callout" data-tone="warning" data-testid="room-reschedule-offline">
            <Trans>Rescheduling needs a connection to the server: it is possible again once the control room is connected. Keeping the start time works offline (the reset is sent once connected).</Trans>
          </p>
        ) : null}
        <p className="control-room__actions">
          <button
            type="submit"
            className="button"
            disabled={!resettable || busy || blockedOffline}
            aria-busy={form.sending || undefined}
            aria-describedby={describedBy}
            data-testid="room-reset"
          >
            {form.sending ? <Trans>Resetting…</Trans> : keepStart ? <Trans>Reset the webcast…</Trans> : <Trans>Reset and reschedule…</Trans>}
          </button>
        </p>
      </form>
    </section>
  );
}
