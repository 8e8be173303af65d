import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import type { FieldErrors as FieldErrorMap } from "../../../domain/errors/codes.ts";
import { messageLocale } from "../../../domain/i18n/locales.ts";
import { SSO_MODES, type SsoMode, identityProviderUpdateSchema } from "../../../domain/sso/index.ts";
import { validate } from "../../../domain/validation/parse.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { FieldErrors, FormAlert, TextField } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useApiForm } from "../../ui/use-api-form.ts";
import { type IdentityProviderPatch, type IdentityProviderSettings, getSsoSettings, saveSsoSettings } from "./api.ts";
import "./sso.css";

interface Draft {
  mode: SsoMode;
  issuer: string;
  client_id: string;
  client_secret: string;
  /** One domain per line. */
  domains: string;
}

const draftOf = (settings: IdentityProviderSettings): Draft => ({
  mode: settings.mode,
  issuer: settings.issuer ?? "",
  client_id: settings.client_id ?? "",
  client_secret: "",
  domains: settings.domains.join("\n"),
});

const domainList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);

/** `domains.2` errors read "<domain>: <message>" under the one domains field. */
function domainErrors(errors: FieldErrorMap, domains: string[]): string[] {
  return Object.entries(errors).flatMap(([field, messages]) => {
    if (field === "domains") return messages;
    const index = /^domains\.(\d+)$/.exec(field)?.[1];
    return index === undefined ? [] : messages.map((message) => `${domains[Number(index)] ?? ""}: ${message}`);
  });
}

export interface SsoSettingsProps {
  organizationId: number;
}

/**
 * An organization's single sign-on (SPEC §3 identity_provider, §4 modes): mode, OpenID Connect
 * issuer, client id, write-only client secret and the e-mail domains that sign in through it.
 * For organizations.administer only (the worker answers 403/404 to anyone else): place it where
 * that permission is held. Rules are checked here first (domain/sso), then by the worker.
 */
export function SsoSettings({ organizationId }: SsoSettingsProps) {
  const { t, i18n } = useLingui();
  const form = useApiForm();
  const modeLegendId = useId();
  const domainsId = useId();
  const [settings, setSettings] = useState<IdentityProviderSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setSettings(null);
    setLoadError(null);
    getSsoSettings(organizationId, controller.signal)
      .then((loaded) => {
        setSettings(loaded);
        setDraft(draftOf(loaded));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || (error instanceof ApiRequestError && error.handled)) return;
        setLoadError(error instanceof ApiRequestError ? error.message : String(error));
      });
    return () => controller.abort();
  }, [organizationId]);

  if (loadError) return <FormAlert>{t`The single sign-on settings could not be loaded.`}</FormAlert>;
  if (!settings || !draft) {
    return (
      <p className="muted" role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => (current ? { ...current, [field]: value } : current));
    form.clearField(field);
  };
  const domains = domainList(draft.domains);
  const callbackUrl = `${window.location.origin}/api/sso/callback`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const patch: IdentityProviderPatch = {
      mode: draft.mode,
      issuer: draft.issuer.trim() || null,
      client_id: draft.client_id.trim() || null,
      domains,
      ...(draft.client_secret ? { client_secret: draft.client_secret } : {}),
    };
    const locale = messageLocale(i18n.locale);
    const checked = validate(identityProviderUpdateSchema(locale), patch, locale);
    const missingSecret = patch.mode !== "off" && !patch.client_secret && !settings.has_client_secret;
    if (!checked.ok || missingSecret) {
      form.setErrors({
        ...(checked.ok ? {} : checked.errors),
        ...(missingSecret ? { client_secret: [t`Enter the client secret to turn single sign-on on.`] } : {}),
      });
      return;
    }
    const result = await form.submit(() => saveSsoSettings(organizationId, patch));
    if (result.ok) {
      setSettings(result.value);
      setDraft(draftOf(result.value));
      toast.success(t`Single sign-on settings saved.`);
    }
  };

  const modes: Record<SsoMode, { label: string; description: ReactNode }> = {
    off: { label: t`Off`, description: <Trans>Nobody signs in through the identity provider.</Trans> },
    open: {
      label: t`Open`,
      description: <Trans>Anyone the provider signs in with one of these domains gets in; newcomers join as viewers.</Trans>,
    },
    restricted: { label: t`Restricted`, description: <Trans>Only people who are already members of this organization sign in.</Trans> },
  };
  const domainMessages = domainErrors(form.errors, domains);

  return (
    <form className="form sso-settings" onSubmit={save} noValidate aria-label={t`Single sign-on`} data-testid="sso-settings">
      {form.message ? <FormAlert>{form.message}</FormAlert> : null}
      <fieldset className="sso-settings__modes" aria-labelledby={modeLegendId}>
        <legend id={modeLegendId} className="field__label">
          <Trans>Single sign-on mode</Trans>
        </legend>
        {SSO_MODES.map((mode) => (
          <label key={mode} className="sso-settings__mode">
            <input type="radio" name="mode" value={mode} checked={draft.mode === mode} onChange={() => set("mode", mode)} />
            <span>
              <strong>{modes[mode].label}</strong>
              <span className="muted"> — {modes[mode].description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={<Trans>Issuer</Trans>}
        hint={<Trans>The OpenID Connect issuer address, e.g. https://login.example.com</Trans>}
        type="url"
        name="issuer"
        value={draft.issuer}
        onChange={(event) => set("issuer", event.currentTarget.value)}
        errors={form.fieldErrors("issuer")}
      />
      <TextField
        label={<Trans>Client ID</Trans>}
        name="client_id"
        autoComplete="off"
        value={draft.client_id}
        onChange={(event) => set("client_id", event.currentTarget.value)}
        errors={form.fieldErrors("client_id")}
      />
      <TextField
        label={<Trans>Client secret</Trans>}
        hint={settings.has_client_secret ? <Trans>A secret is saved. Leave empty to keep it.</Trans> : <Trans>Never shown again once saved.</Trans>}
        type="password"
        name="client_secret"
        autoComplete="new-password"
        value={draft.client_secret}
        onChange={(event) => set("client_secret", event.currentTarget.value)}
        errors={form.fieldErrors("client_secret")}
      />
      <div className="field" data-invalid={domainMessages.length > 0}>
        <label htmlFor={domainsId} className="field__label">
          <Trans>E-mail domains</Trans>
        </label>
        <textarea
          id={domainsId}
          className="field__input"
          name="domains"
          rows={3}
          value={draft.domains}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((current) => (current ? { ...current, domains: value } : current));
            form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([field]) => field !== "domains" && !field.startsWith("domains."))));
          }}
          aria-invalid={domainMessages.length > 0 || undefined}
          aria-describedby={`${domainsId}-hint${domainMessages.length > 0 ? ` ${domainsId}-errors` : ""}`}
        />
        <p id={`${domainsId}-hint`} className="field__hint">
          <Trans>One per line, e.g. example.com. People whose e-mail ends with one of them sign in through this provider.</Trans>
        </p>
        <FieldErrors id={`${domainsId}-errors`} errors={domainMessages} />
      </div>
      <TextField
        label={<Trans>Redirect URI to register at the provider</Trans>}
        name="redirect_uri"
        value={callbackUrl}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={form.sending} aria-busy={form.sending || undefined}>
          {form.sending ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </button>
      </div>
    </form>
  );
}
