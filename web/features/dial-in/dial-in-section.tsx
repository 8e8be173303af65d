import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { can } from "../../../domain/permissions/can.ts";
import type { DialInNumber, DialInSettings } from "../../../domain/dial-in/settings.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { FormAlert } from "../../ui/form.tsx";
import { LoadError } from "../../ui/list-controls.tsx";
import { useApiForm } from "../../ui/use-api-form.ts";
import { useResource } from "../../ui/use-resource.ts";
import { useOnline } from "../pwa/use-online.ts";
import { useCurrentUser } from "../session/store.ts";
import { useWebcastSynced } from "../webcasts/use-webcast-synced.ts";

/**
 * GET /api/webcasts/{uid}/dial-in/settings. Not through the global SPEC §8 handler: a failure is a
 * state of this section (with a retry), not a page to leave.
 */
async function fetchDialIn(uid: string, signal: AbortSignal): Promise<DialInSettings> {
  const { data } = await unwrap(api.api.webcasts[":id"]["dial-in"].settings.$get({ param: { id: uid } }, { init: { signal } }), { global: false });
  return data;
}

/** POST /api/webcasts/{uid}/phone/reserve: the numbers and the webcast's PIN (the same again once reserved). */
async function reserveDialIn(uid: string): Promise<DialInSettings> {
  const { data } = await unwrap(api.api.webcasts[":id"].phone.reserve.$post({ param: { id: uid } }));
  return data;
}

/** "123456789" → "123 456 789": read aloud and keyed in by groups. */
const groupedPin = (pin: string) => pin.replace(/(\d{3})(?=\d)/g, "$1 ");

/** What a phone dials for the number (`tel:` keeps digits and the leading +). */
const telHref = (entry: DialInNumber) => `tel:${entry.number.replace(/[^\d+]/g, "")}`;

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLocale()], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Phone dial-in of the access tab (SPEC §7 phone/reserve, dial-in/settings): the platform's
 * dial-in numbers and the webcast's conference PIN, which speakers use to join by phone. They are
 * kept on the server only (the PIN is not synced), so the section needs a connection: offline it
 * says so. Without a reservation, editors may reserve (webcasts.update); others only read.
 * Shown to those the server lets read it only (`webcasts.view` in the webcast's organization, as
 * its route guard asks: a speaker's role lacks it), and asked for once the webcast is synced.
 */
export function DialInSection({ row, editable }: { row: Pick<WebcastRow, "id" | "organization_id">; editable: boolean }) {
  const { t } = useLingui();
  const online = useOnline();
  const form = useApiForm();
  const user = useCurrentUser();
  const synced = useWebcastSynced(row.id);
  // The guard of GET dial-in/settings (worker/features/webcasts/settings-routes.ts).
  const mayRead = can(user, "webcasts.view", row.organization_id);
  const key = online && mayRead && synced === true ? `dial-in:${row.id}` : null;
  const loaded = useResource(key, (signal) => fetchDialIn(row.id, signal));
  // The reservation's answer shows at once, whatever the last load said.
  const [reserved, setReserved] = useState<DialInSettings | null>(null);
  const settings = reserved ?? (loaded.dataKey === key ? loaded.data : undefined);

  const reserve = async () => {
    const result = await form.submit(() => reserveDialIn(row.id));
    if (result.ok) setReserved(result.value);
  };

  const body = () => {
    if (!online) {
      return (
        <FormAlert tone="info">
          <Trans>You are offline. Phone dial-in needs a connection.</Trans>
        </FormAlert>
      );
    }
    if (synced === false) {
      return (
        <p className="muted" data-testid="dial-in-not-synced">
          <Trans>This webcast has not reached the server yet: phone dial-in can be set up once it is synced.</Trans>
        </p>
      );
    }
    if (!settings && loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
    if (!settings) {
      return (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      );
    }
    if (settings.enabled) {
      return (
        <dl className="details" data-testid="dial-in-numbers">
          {settings.numbers.map((entry) => (
            <div key={`${entry.country} ${entry.number}`} data-testid="dial-in-number">
              <dt>{entry.label ? `${countryName(entry.country)} (${entry.label})` : countryName(entry.country)}</dt>
              <dd>
                <a href={telHref(entry)}>{entry.number}</a>
              </dd>
            </div>
          ))}
          <div>
            <dt>
              <Trans>Conference PIN</Trans>
            </dt>
            <dd data-testid="dial-in-pin">{groupedPin(settings.pin)}</dd>
          </div>
        </dl>
      );
    }
    return (
      <>
        <p data-testid="dial-in-state">
          <Trans>No dial-in numbers are reserved for this webcast.</Trans>
        </p>
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        {editable ? (
          <div className="form__actions">
            <button type="button" className="button button--primary" disabled={form.sending} aria-busy={form.sending || undefined} onClick={() => void reserve()} data-testid="dial-in-reserve">
              {form.sending ? t`Reserving…` : t`Reserve dial-in numbers`}
            </button>
          </div>
        ) : null}
      </>
    );
  };

  if (!mayRead) return null;
  return (
    <section className="form-section" aria-labelledby="webcast-dial-in-title" data-testid="dial-in-section">
      <h2 id="webcast-dial-in-title" className="form-section__title">
        <Trans>Phone dial-in</Trans>
      </h2>
      <p className="muted">
        <Trans>Speakers can join by phone: they dial one of the numbers, then key in the conference PIN.</Trans>
      </p>
      {body()}
    </section>
  );
}
