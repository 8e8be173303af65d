import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { ROOM_TOGGLES } from "../../../domain/webcast-room/commands.ts";
import { ADAPTIVE_MIN_SPEAKERS, CONFERENCE_LAYOUTS, FOCUS_OPTIONS, FOCUS_TARGETS, SCENE_LAYOUTS } from "../../../domain/webcast-room/live-state.ts";
import { CONFERENCE_LAYOUT_LABELS, SCENE_LAYOUT_LABELS, TOGGLE_LABELS } from "./labels.ts";
import type { RoomTabProps } from "./tabs.ts";

/**
 * Display (SPEC §4 scene and conference layouts, focus; §7 toggles): each choice is a command to
 * the room; the pressed button shows what the room holds, not what was clicked.
 */
export function DisplayTab({ live, may, send, pendingTypes }: RoomTabProps) {
  const { t, i18n } = useLingui();
  const sceneTitle = useId();
  const conferenceTitle = useId();
  const adaptiveHelp = useId();
  const focusTitle = useId();
  const connected = live.speakers_connected.length;
  const adaptiveBlocked = connected < ADAPTIVE_MIN_SPEAKERS;

  return (
    <div className="control-room__sections">
      <section className="card" aria-labelledby={sceneTitle}>
        <h2 id={sceneTitle} className="card__title">
          <Trans>Scene layout</Trans>
        </h2>
        <div className="control-room__choices" role="group" aria-labelledby={sceneTitle} data-testid="scene-layouts">
          {SCENE_LAYOUTS.map((layout) => (
            <button
              key={layout}
              type="button"
              className="button"
              aria-pressed={live.current_scene_layout === layout}
              disabled={!may("scene.set")}
              onClick={() => live.current_scene_layout !== layout && send({ type: "scene.set", layout })}
              data-layout={layout}
            >
              {i18n._(SCENE_LAYOUT_LABELS[layout])}
            </button>
          ))}
        </div>
        {pendingTypes.has("scene.set") ? <p className="muted">{t`Sending to the room…`}</p> : null}
      </section>

      <section className="card" aria-labelledby={conferenceTitle}>
        <h2 id={conferenceTitle} className="card__title">
          <Trans>Conference layout</Trans>
        </h2>
        {live.is_premiere ? (
          <p className="muted">
            <Trans>A premiere plays its videos: it has no conference layout.</Trans>
          </p>
        ) : (
          <>
            <div className="control-room__choices" role="group" aria-labelledby={conferenceTitle} data-testid="conference-layouts">
              {CONFERENCE_LAYOUTS.map((layout) => {
                const blocked = layout === "adaptive" && adaptiveBlocked;
                return (
                  <button
                    key={layout}
                    type="button"
                    className="button"
                    aria-pressed={live.conference_layout === layout}
                    disabled={!may("control.conference-layout") || blocked}
                    aria-describedby={blocked ? adaptiveHelp : undefined}
                    onClick={() => live.conference_layout !== layout && send({ type: "control.conference-layout", layout })}
                    data-layout={layout}
                  >
                    {i18n._(CONFERENCE_LAYOUT_LABELS[layout])}
                  </button>
                );
              })}
            </div>
            {adaptiveBlocked ? (
              <p id={adaptiveHelp} className="muted" data-testid="adaptive-reason">
                <Trans>
                  The adaptive composition needs at least {ADAPTIVE_MIN_SPEAKERS} speakers connected ({connected} now).
                </Trans>
              </p>
            ) : null}
          </>
        )}
      </section>

      <section className="card" aria-labelledby="room-toggles-title">
        <h2 id="room-toggles-title" className="card__title">
          <Trans>On screen</Trans>
        </h2>
        {ROOM_TOGGLES.map((name) => (
          <label key={name} className="field--checkbox control-room__toggle">
            <input
              type="checkbox"
              checked={live[name]}
              disabled={!may("toggle.set")}
              onChange={(event) => send({ type: "toggle.set", name, enabled: event.target.checked })}
              data-testid={`toggle-${name}`}
            />{" "}
            <span className="control-room__toggle-text">
              <span>{i18n._(TOGGLE_LABELS[name].label)}</span>
              <span className="muted">{i18n._(TOGGLE_LABELS[name].help)}</span>
            </span>
          </label>
        ))}
      </section>

      <section className="card" aria-labelledby={focusTitle}>
        <h2 id={focusTitle} className="card__title">
          <Trans>Focus</Trans>
        </h2>
        <p className="muted">
          <Trans>Brings every viewer to the webcast or to the virtual tables, now or in 15 seconds.</Trans>
        </p>
        {FOCUS_TARGETS.map((target) => (
          <div key={target} className="control-room__choices" role="group" aria-label={target === "webcast" ? t`Focus on the webcast` : t`Focus on the virtual tables`}>
            {FOCUS_OPTIONS.map((option) => (
              <button key={option} type="button" className="button" disabled={!may("control.focus")} onClick={() => send({ type: "control.focus", target, option })} data-testid={`focus-${target}-${option}`}>
                {target === "webcast"
                  ? option === "now"
                    ? t`Webcast: now`
                    : t`Webcast: in 15 seconds`
                  : option === "now"
                    ? t`Virtual tables: now`
                    : t`Virtual tables: in 15 seconds`}
              </button>
            ))}
          </div>
        ))}
        {live.focus ? (
          <p data-testid="room-focus">
            {live.focus.target === "webcast" ? <Trans>Last focus: the webcast</Trans> : <Trans>Last focus: the virtual tables</Trans>} (
            {new Date(live.focus.at).toLocaleTimeString(i18n.locale)})
          </p>
        ) : null}
      </section>
    </div>
  );
}
