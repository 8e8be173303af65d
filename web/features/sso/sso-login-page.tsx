import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { FormAlert, SubmitButton, TextField } from "../../ui/form.tsx";
import { useApiForm } from "../../ui/use-api-form.ts";
import { AuthCard } from "../auth/public-layout.tsx";
import { startSso } from "./api.ts";
import { SSO_LOGIN_ERROR_LABELS } from "./login-errors.ts";

/** What the callback puts in `?error=` when it sends the browser back here. */
import type { SsoLoginError } from "../../../domain/sso/messages.ts";

const emailSchema = z.email();

/** Leaves the app for the identity provider (a full page load: the provider is another site). */
const leaveFor = (url: string) => window.location.assign(url);

export interface SsoLoginPageProps {
  error?: SsoLoginError | undefined;
  redirectUrl?: string | undefined;
  /** Where the browser goes to meet the provider; tests replace it. */
  navigate?: (url: string) => void;
}

/**
 * /login/sso (SPEC §2). The e-mail picks the organization whose identity provider signs the
 * person in; the worker answers the provider's address and the browser goes there. The provider
 * comes back through /api/sso/callback, which lands on redirect_url (or home) with a session, or
 * back here with `?error=invalid_user` (SPEC §8 message) or `?error=failed`.
 */
export function SsoLoginPage({ error, redirectUrl, navigate = leaveFor }: SsoLoginPageProps) {
  const { t, i18n } = useLingui();
  const form = useApiForm();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    const problem = !address ? t`Enter your e-mail address.` : emailSchema.safeParse(address).success ? null : t`Enter a valid e-mail address.`;
    setInvalid(problem);
    if (problem) return;
    const result = await form.submit(() => startSso(address, redirectUrl), {
      // The e-mail is well formed, so a 422 means no organization signs this domain in.
      message: (failure) => (failure.status === 422 ? t`No single sign-on is set up for this e-mail address. Log in with your password instead.` : undefined),
    });
    if (result.ok) {
      setLeaving(true);
      navigate(result.value);
    }
  };

  const refused = form.message !== null && form.errors.email !== undefined;
  const busy = form.sending || leaving;
  return (
    <AuthCard title={<Trans>Log in with SSO</Trans>} testId="sso-login-page">
      {error && Object.hasOwn(SSO_LOGIN_ERROR_LABELS, error) ? <FormAlert>{i18n._(SSO_LOGIN_ERROR_LABELS[error])}</FormAlert> : null}
      <p className="muted">
        <Trans>Enter your work e-mail address: we will send you to your organization's sign-in page.</Trans>
      </p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t`Log in with SSO`}>
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <TextField
          label={<Trans>E-mail</Trans>}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            form.clearField("email");
          }}
          errors={invalid ? [invalid] : refused ? [] : form.fieldErrors("email")}
          aria-invalid={refused || invalid !== null || undefined}
          autoFocus
        />
        <SubmitButton busy={busy}>{busy ? <Trans>Redirecting…</Trans> : <Trans>Continue</Trans>}</SubmitButton>
      </form>
      <nav className="auth-links" aria-label={t`Other ways to log in`}>
        <Link to="/login" search={redirectUrl ? { redirect_url: redirectUrl } : {}}>
          <Trans>Log in with a password</Trans>
        </Link>
      </nav>
    </AuthCard>
  );
}
