import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { phaseLabel } from "./labels.ts";
import { PremiereWaiting, premiereRetryAt } from "./premiere-waiting.tsx";
import { canStart, canStop, confirmStart, confirmStop } from "./room-actions.ts";
import type { RoomTabProps } from "./tabs.ts";
import { SHORTCUT_KEYS } from "./use-room-shortcuts.ts";

/** Go live (SPEC §4): start and stop, both irreversible, both confirmed. */
export function GoLiveTab({ live, may, send, pendingTypes }: RoomTabProps) {
  const { i18n } = useLingui();
  const startHelp = useId();
  const stage = i18n._(phaseLabel(live));
  if (!may("control.start")) {
    return (
      <div className="control-room__sections">
        <p className="muted" data-testid="go-live-readonly">
          <Trans>The producer starts and stops the broadcast. Stage now: {stage}.</Trans>
        </p>
        <PremiereWaiting live={live} />
      </div>
    );
  }
  const startable = canStart(live);
  const waiting = premiereRetryAt(live) !== null;
  return (
    <div className="control-room__sections">
      <section className="card" aria-labelledby="room-start-title">
        <h2 id="room-start-title" className="card__title">
          <Trans>Start the broadcast</Trans>
        </h2>
        <PremiereWaiting live={live} />
        <p id={startHelp} className="muted">
          {waiting && startable ? (
            <Trans>You may also try to start it now: it starts only if a place is free.</Trans>
          ) : startable ? (
            <Trans>Everything is ready. Starting cannot be undone.</Trans>
          ) : live.is_premiere ? (
            <Trans>A premiere starts by itself at its scheduled time; once prepared, you may also start it now.</Trans>
          ) : (
            <Trans>Prepare the webcast and activate its source first (Prepare tab).</Trans>
          )}
        </p>
        <button
          type="button"
          className="button button--primary"
          disabled={!startable || pendingTypes.has("control.start")}
          aria-describedby={startHelp}
          aria-keyshortcuts={SHORTCUT_KEYS.goLive}
          onClick={() => void confirmStart(i18n, send)}
          data-testid="room-start"
        >
          {pendingTypes.has("control.start") ? <Trans>Starting…</Trans> : <Trans>Start the broadcast…</Trans>}
        </button>
      </section>
      <section className="card" aria-labelledby="room-stop-title">
        <h2 id="room-stop-title" className="card__title">
          <Trans>Stop the broadcast</Trans>
        </h2>
        <p className="muted">
          <Trans>Stopping ends the broadcast for every viewer; the recording becomes the archive.</Trans>
        </p>
        <button
          type="button"
          className="button"
          disabled={!canStop(live) || pendingTypes.has("control.stop")}
          onClick={() => void confirmStop(i18n, send)}
          data-testid="room-stop"
        >
          {pendingTypes.has("control.stop") ? <Trans>Stopping…</Trans> : <Trans>Stop the broadcast…</Trans>}
        </button>
      </section>
    </div>
  );
}

/** The keyboard shortcuts (the page header shows them on every tab). */
export function ShortcutKeys() {
  return (
    <>
      <dl className="details" data-testid="room-shortcuts">
        <dt>
          <kbd>←</kbd> / <kbd>PageUp</kbd>
        </dt>
        <dd>
          <Trans>Previous slide</Trans>
        </dd>
        <dt>
          <kbd>→</kbd> / <kbd>PageDown</kbd>
        </dt>
        <dd>
          <Trans>Next slide</Trans>
        </dd>
        <dt>
          <kbd>Shift</kbd> + <kbd>L</kbd>
        </dt>
        <dd>
          <Trans>Start the broadcast (asks for confirmation)</Trans>
        </dd>
      </dl>
      <p className="muted">
        <Trans>They work anywhere on this page, except while typing in a field or moving between tabs.</Trans>
      </p>
    </>
  );
}
