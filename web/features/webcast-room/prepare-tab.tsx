import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { apiStatusOf } from "../../../domain/webcast-room/live-state.ts";
import { phaseAllows } from "../../../domain/webcast-room/reduce.ts";
import { STATE_LABELS, SOURCE_TYPE_LABELS } from "../webcasts/labels.ts";
import { phaseLabel } from "./labels.ts";
import { confirmReset } from "./room-actions.ts";
import type { RoomTabProps } from "./tabs.ts";

/**
 * Prepare (SPEC §4 flow): where the webcast is, prepare it (upcoming), activate its source (RTMP
 * encoder or virtual meeting room, once prepared; a premiere plays its own videos), and reset.
 */
export function PrepareTab({ webcast, live, may, send, pendingTypes }: RoomTabProps) {
  const { t, i18n } = useLingui();
  const [keepStart, setKeepStart] = useState(true);
  const sourceHelp = useId();
  const resetHelp = useId();
  const sourceReady = phaseAllows(live, "control.rtmp.activate");
  const resettable = phaseAllows(live, "room.reset");

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
        </dl>
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

      {may("room.reset") ? (
        <section className="card" aria-labelledby="room-reset-title">
          <h2 id="room-reset-title" className="card__title">
            <Trans>Reset</Trans>
          </h2>
          <p id={resetHelp} className="muted">
            <Trans>A reset disconnects the speakers, stops the broadcast (it must be started again) and keeps only the latest archive.</Trans>
          </p>
          <fieldset className="form__group" disabled={!resettable}>
            <legend>
              <Trans>After the reset</Trans>
            </legend>
            <label className="field--checkbox">
              <input type="radio" name="reset-start" checked={keepStart} onChange={() => setKeepStart(true)} /> <Trans>Keep the start time</Trans>
            </label>
            <label className="field--checkbox">
              <input type="radio" name="reset-start" checked={!keepStart} onChange={() => setKeepStart(false)} /> <Trans>Reschedule (choose the new date in the webcast's details)</Trans>
            </label>
          </fieldset>
          <p className="control-room__actions">
            <button
              type="button"
              className="button"
              disabled={!resettable || pendingTypes.has("room.reset")}
              aria-describedby={resetHelp}
              onClick={() => void confirmReset(i18n, keepStart, send)}
              data-testid="room-reset"
            >
              <Trans>Reset the webcast…</Trans>
            </button>
            {!keepStart ? (
              <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "details" }}>
                <Trans>Change the date in the details</Trans>
              </Link>
            ) : null}
          </p>
        </section>
      ) : null}
    </div>
  );
}
