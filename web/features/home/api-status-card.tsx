import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { useOnline } from "../pwa/use-online.ts";
import type { Health } from "./health.ts";
import { useHealth } from "./use-health.ts";

/** Live state of the API (GET /api/health); a clear error and a retry when it cannot be reached. */
export function ApiStatusCard() {
  const headingId = useId();
  const { state, retry } = useHealth();
  const online = useOnline();
  const status = state.kind === "ready" ? state.health.status : state.kind === "error" ? "error" : "loading";

  return (
    <section className="card api-status" aria-labelledby={headingId} aria-busy={state.kind === "loading"} data-testid="api-status" data-status={status}>
      <div className="card__header">
        <h2 id={headingId} className="card__title">
          <Trans>API status</Trans>
        </h2>
        {state.kind === "ready" ? <StatusBadge ok={state.health.status === "ok"} /> : null}
      </div>

      {state.kind === "loading" ? (
        <p className="muted">
          <Trans>Checking the API…</Trans>
        </p>
      ) : null}

      {state.kind === "ready" ? <HealthDetails health={state.health} /> : null}

      {state.kind === "error" ? <HealthError status={state.error.status} message={state.error.message} offline={!online || state.error.isNetworkError} /> : null}

      {state.kind !== "loading" ? (
        // Named by its label alone (WCAG 2.5.3): the card's heading gives the context.
        <button type="button" className="button" onClick={retry}>
          <Trans>Retry</Trans>
        </button>
      ) : null}
    </section>
  );
}

function HealthError({ status, message, offline }: { status: number; message: string; offline: boolean }) {
  return (
    <div className="api-status__error" role="alert">
      {offline ? (
        <p>
          <Trans>The API cannot be reached. Check your connection; the status will refresh when you are back online.</Trans>
        </p>
      ) : (
        <p>
          <Trans>
            The API answered with an error ({status}): {message}
          </Trans>
        </p>
      )}
    </div>
  );
}

function StatusBadge({ ok }: { ok: boolean }) {
  return (
    <span className="badge" data-tone={ok ? "success" : "warning"}>
      {ok ? <Trans>Operational</Trans> : <Trans>Degraded</Trans>}
    </span>
  );
}

function HealthDetails({ health }: { health: Health }) {
  const { applied, total } = health.migrations;
  return (
    <dl className="details">
      <div>
        <dt>
          <Trans>Version</Trans>
        </dt>
        <dd>{health.version}</dd>
      </div>
      <div>
        <dt>
          <Trans>Database (D1)</Trans>
        </dt>
        <dd data-ok={health.d1}>{health.d1 ? <Trans>Reachable</Trans> : <Trans>Unreachable</Trans>}</dd>
      </div>
      <div>
        <dt>
          <Trans>Migrations</Trans>
        </dt>
        <dd data-ok={health.migrations.ok}>
          <Trans>
            {applied} of {total} applied
          </Trans>
        </dd>
      </div>
    </dl>
  );
}
