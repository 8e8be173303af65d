import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { FieldErrors as FieldErrorMap } from "../../../domain/errors/codes.ts";
import { can } from "../../../domain/permissions/can.ts";
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type Webhook, type WebhookEvent, webhookListSchema } from "../../../domain/integrations/webhooks.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { validate } from "../../../domain/validation/parse.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";
import { confirm } from "../../ui/confirm.ts";
import { SwitchField } from "../../ui/form-controls.tsx";
import { CheckboxField, FieldErrors, FormAlert, TextField } from "../../ui/form.tsx";
import { LoadError } from "../../ui/list-controls.tsx";
import { toast } from "../../ui/toast.ts";
import { useApiForm } from "../../ui/use-api-form.ts";
import { useResource } from "../../ui/use-resource.ts";
import { useOnline } from "../pwa/use-online.ts";
import { useCurrentUser } from "../session/store.ts";
import { formMessageLocale } from "../webcasts/form-support.ts";
import { useWebcastSynced } from "../webcasts/use-webcast-synced.ts";

/**
 * GET /api/webcasts/{uid}/integrations. Not through the global SPEC §8 handler: a failure is a
 * state of this section (with a retry), not a page to leave.
 */
async function fetchWebhooks(uid: string, signal: AbortSignal): Promise<Webhook[]> {
  const { data } = await unwrap(api.api.webcasts[":id"].integrations.$get({ param: { id: uid } }, { init: { signal } }), { global: false });
  return data.webhooks;
}

/** POST /api/webcasts/{uid}/integrations: the list replaces the webcast's; answers the stored list. */
async function saveWebhooks(uid: string, webhooks: { url: string; events: WebhookEvent[]; active: boolean }[]): Promise<Webhook[]> {
  const { data } = await unwrap(api.api.webcasts[":id"].integrations.$post({ param: { id: uid }, json: { webhooks } }));
  return data.webhooks;
}

const EVENT_LABELS: Record<WebhookEvent, MessageDescriptor> = {
  "webcast.started": msg`Webcast started`,
  "webcast.ended": msg`Webcast ended`,
  "viewer.registered": msg`Viewer registered`,
  "question.support_desk": msg`Question sent to the support desk`,
};

/** A row of the form: a saved webhook (`id`, `secret`) or one added since the last save. */
interface WebhookDraft {
  key: string;
  id: string | null;
  secret: string | null;
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

const draftsOf = (webhooks: readonly Webhook[]): WebhookDraft[] => webhooks.map((hook) => ({ key: hook.id, id: hook.id, secret: hook.secret, url: hook.url, events: hook.events, active: hook.active }));

/** The secret as dots (its length is fixed, so it says nothing). */
const MASKED = "•".repeat(16);

let nextKey = 0;

/**
 * Integrations of the content tab: the webcast's outgoing webhooks (SPEC §7 `integrations`;
 * docs/webcasts-api.md "Integrations"). Each sends a signed POST to the organizer's URL when one of
 * its events happens. Kept on the server only (the secrets never sync), so the section needs a
 * connection and is for editors only (`webcasts.update` in the webcast's organization, as its
 * route guard asks: others see nothing of it), and is asked for once the webcast is synced. The
 * list is edited here and replaces the stored one on Save; the domain's schema judges it first,
 * with the server's messages.
 */
export function IntegrationsSection({ row }: { row: Pick<WebcastRow, "id" | "organization_id"> }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const form = useApiForm();
  const user = useCurrentUser();
  const synced = useWebcastSynced(row.id);
  // The guard of GET and POST integrations (worker/features/integrations/routes.ts).
  const editable = can(user, "webcasts.update", row.organization_id);
  const key = online && editable && synced === true ? `integrations:${row.id}` : null;
  const loaded = useResource(key, (signal) => fetchWebhooks(row.id, signal));
  // The rows as edited since the last load or save; null: the stored list, unchanged.
  const [edited, setEdited] = useState<WebhookDraft[] | null>(null);
  const [ownErrors, setOwnErrors] = useState<FieldErrorMap>({});
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useState<string | null>(null);
  const [invalidShown, setInvalidShown] = useState(0);
  const [removedCount, setRemovedCount] = useState(0);
  const section = useRef<HTMLElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const stored = loaded.dataKey === key ? loaded.data : undefined;
  const drafts = edited ?? (stored ? draftsOf(stored) : undefined);

  // After a refused save, the first invalid field takes the focus (keyboard and screen readers).
  useEffect(() => {
    if (invalidShown > 0) section.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [invalidShown]);
  // After a removal the focus goes to "Add a webhook" (enabled again by then), not to the page's top.
  useEffect(() => {
    if (removedCount > 0) addButton.current?.focus();
  }, [removedCount]);

  if (!editable) return null;

  const errorsOf = (field: string) => [...(ownErrors[field] ?? []), ...form.fieldErrors(field)];
  const clearErrors = () => {
    setOwnErrors({});
    form.setErrors({});
  };
  /** A field's messages go once it is edited (the others stay until the next save). */
  const clearField = (field: string) => {
    setOwnErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== field)));
    form.clearField(field);
  };
  const change = (index: number, patch: Partial<WebhookDraft>) => {
    if (!drafts) return;
    for (const name of Object.keys(patch)) clearField(`webhooks.${index}.${name}`);
    setEdited(drafts.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  };
  const toggleEvent = (index: number, event: WebhookEvent, on: boolean) => {
    const current = drafts?.[index]?.events ?? [];
    change(index, { events: WEBHOOK_EVENTS.filter((known) => (known === event ? on : current.includes(known))) });
  };
  const add = () => {
    if (!drafts) return;
    const draft: WebhookDraft = { key: `new-${++nextKey}`, id: null, secret: null, url: "", events: [...WEBHOOK_EVENTS], active: true };
    clearErrors();
    setAdded(draft.key);
    setEdited([...drafts, draft]);
  };
  const remove = async (index: number) => {
    const draft = drafts?.[index];
    if (!drafts || !draft) return;
    if (draft.id) {
      const url = draft.url;
      const accepted = await confirm({
        title: t`Remove this webhook?`,
        message: t`Once you save, ${url} will no longer receive events. Its secret is lost: adding the URL again creates a new secret.`,
        acceptLabel: t`Remove`,
        cancelLabel: t`Cancel`,
      });
      if (!accepted) return;
    }
    clearErrors();
    setEdited((current) => (current ?? drafts).filter((item) => item.key !== draft.key));
    setRemovedCount((count) => count + 1);
  };
  const toggleSecret = (id: string) =>
    setRevealed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const copySecret = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t`The secret was copied.`);
    } catch {
      toast.error(t`The secret could not be copied. Show it and copy it by hand.`);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!drafts) return;
    const webhooks = drafts.map((draft) => ({ url: draft.url, events: draft.events, active: draft.active }));
    const locale = formMessageLocale();
    const checked = validate(webhookListSchema(locale), { webhooks }, locale);
    if (!checked.ok) {
      form.setErrors({});
      setOwnErrors(checked.errors);
      setInvalidShown((count) => count + 1);
      return;
    }
    setOwnErrors({});
    const result = await form.submit(() => saveWebhooks(row.id, webhooks));
    if (!result.ok) {
      setInvalidShown((count) => count + 1);
      return;
    }
    loaded.setData(result.value);
    setEdited(null);
    setAdded(null);
    toast.success(t`Integrations saved. New and changed active webhooks were sent a ping event.`);
  };

  const body = () => {
    if (!online) {
      return (
        <FormAlert tone="info">
          <Trans>You are offline. Integrations need a connection.</Trans>
        </FormAlert>
      );
    }
    if (synced === false) {
      return (
        <p className="muted" data-testid="integrations-not-synced">
          <Trans>This webcast has not reached the server yet: integrations can be set up once it is synced.</Trans>
        </p>
      );
    }
    if (!drafts && loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
    if (!drafts) {
      return (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      );
    }
    const full = drafts.length >= WEBHOOK_LIMITS.per_webcast;
    const max = WEBHOOK_LIMITS.per_webcast;
    return (
      <form className="form" noValidate aria-label={t`Webhooks`} onSubmit={(event) => void save(event)} data-testid="integrations-form">
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        {drafts.length === 0 ? (
          <p className="empty-state">
            <Trans>No webhooks.</Trans>
          </p>
        ) : (
          <ul className="output-list">
            {drafts.map((draft, index) => (
              <WebhookRow
                key={draft.key}
                draft={draft}
                index={index}
                disabled={form.sending}
                autoFocus={draft.key === added}
                revealed={draft.id !== null && revealed.has(draft.id)}
                errorsOf={errorsOf}
                eventLabel={(event) => i18n._(EVENT_LABELS[event])}
                onChange={(patch) => change(index, patch)}
                onToggleEvent={(event, on) => toggleEvent(index, event, on)}
                onToggleSecret={() => {
                  if (draft.id) toggleSecret(draft.id);
                }}
                onCopySecret={() => {
                  if (draft.secret) void copySecret(draft.secret);
                }}
                onRemove={() => void remove(index)}
              />
            ))}
          </ul>
        )}
        <FieldErrors errors={errorsOf("webhooks")} />
        <div className="form__actions">
          <button ref={addButton} type="button" className="button" disabled={full || form.sending} onClick={add} data-testid="webhook-add">
            <Trans>Add a webhook</Trans>
          </button>
          <span className="muted">
            <Trans>At most {max} webhooks per webcast.</Trans>
          </span>
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={form.sending || edited === null} aria-busy={form.sending || undefined} data-testid="integrations-save">
            {form.sending ? t`Saving…` : t`Save the webhooks`}
          </button>
          <button
            type="button"
            className="button"
            disabled={form.sending || edited === null}
            onClick={() => {
              clearErrors();
              setEdited(null);
            }}
            data-testid="integrations-discard"
          >
            <Trans>Discard changes</Trans>
          </button>
        </div>
      </form>
    );
  };

  return (
    <section ref={section} className="form-section" aria-labelledby="webcast-integrations-title" data-testid="integrations-section">
      <h2 id="webcast-integrations-title" className="form-section__title">
        <Trans>Integrations</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Webhooks send a POST request to your URL when something happens in this webcast, for example to feed your CRM or an automation tool. Each request is signed: its
          X-Igo-Signature header is the HMAC-SHA256 of the body, keyed with the webhook's secret.
        </Trans>
      </p>
      {body()}
    </section>
  );
}

interface WebhookRowProps {
  draft: WebhookDraft;
  index: number;
  disabled: boolean;
  autoFocus: boolean;
  revealed: boolean;
  errorsOf(field: string): string[];
  eventLabel(event: WebhookEvent): string;
  onChange(patch: Partial<WebhookDraft>): void;
  onToggleEvent(event: WebhookEvent, on: boolean): void;
  onToggleSecret(): void;
  onCopySecret(): void;
  onRemove(): void;
}

/** One webhook: its URL, events, active switch, secret (saved ones) and removal. */
function WebhookRow({ draft, index, disabled, autoFocus, revealed, errorsOf, eventLabel, onChange, onToggleEvent, onToggleSecret, onCopySecret, onRemove }: WebhookRowProps) {
  const { t } = useLingui();
  const id = useId();
  const number = index + 1;
  const field = (name: string) => `webhooks.${index}.${name}`;
  const eventErrors = errorsOf(field("events"));
  const eventErrorsId = eventErrors.length > 0 ? `${id}-events-errors` : undefined;
  return (
    <li className="output-list__item" data-testid="webhook-row">
      <fieldset className="form__group">
        <legend className="form__legend">
          <Trans>Webhook {number}</Trans>
        </legend>
        <TextField
          label={t`Endpoint URL`}
          name={field("url")}
          type="url"
          inputMode="url"
          autoComplete="off"
          maxLength={WEBHOOK_LIMITS.url_length}
          required
          autoFocus={autoFocus}
          value={draft.url}
          errors={errorsOf(field("url"))}
          disabled={disabled}
          hint={t`An https:// address (http:// only for localhost while developing).`}
          onChange={(event) => onChange({ url: event.target.value })}
        />
        <fieldset className="form__group">
          <legend className="form__legend">
            <Trans>Events</Trans>
          </legend>
          {WEBHOOK_EVENTS.map((event) => (
            <CheckboxField
              key={event}
              name={`${field("events")}.${event}`}
              label={
                <>
                  {eventLabel(event)} <code>{event}</code>
                </>
              }
              checked={draft.events.includes(event)}
              disabled={disabled}
              aria-invalid={eventErrors.length > 0 || undefined}
              aria-describedby={eventErrorsId}
              onChange={(input) => onToggleEvent(event, input.target.checked)}
            />
          ))}
          <FieldErrors id={eventErrorsId} errors={eventErrors} />
        </fieldset>
        <SwitchField label={t`Active`} help={t`An inactive webhook receives nothing.`} name={field("active")} checked={draft.active} disabled={disabled} onChange={(active) => onChange({ active })} />
        {draft.id && draft.secret ? (
          <dl className="output-list__details">
            <div>
              <dt>
                <Trans>Signing secret</Trans>
              </dt>
              <dd>
                <code data-testid="webhook-secret">{revealed ? draft.secret : MASKED}</code>{" "}
                <button type="button" className="button button--small" aria-pressed={revealed} onClick={onToggleSecret} data-testid="webhook-secret-toggle">
                  {revealed ? <Trans>Hide the secret</Trans> : <Trans>Show the secret</Trans>}
                </button>{" "}
                <button type="button" className="button button--small" onClick={onCopySecret} data-testid="webhook-secret-copy">
                  <Trans>Copy the secret</Trans>
                </button>
              </dd>
            </div>
          </dl>
        ) : (
          <p className="muted">
            <Trans>A signing secret is created when you save.</Trans>
          </p>
        )}
        <div className="row-actions">
          <button type="button" className="button button--small button--danger" disabled={disabled} aria-label={t`Remove webhook ${number}`} onClick={onRemove} data-testid="webhook-remove">
            <Trans>Remove</Trans>
          </button>
        </div>
      </fieldset>
    </li>
  );
}
