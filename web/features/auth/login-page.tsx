import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { afterLoginTarget } from "../../../domain/navigation/guard.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "../../ui/form.tsx";
import { useApiForm } from "../../ui/use-api-form.ts";
import { login } from "../session/api.ts";
import { AuthCard } from "./public-layout.tsx";

/**
 * The server's refusal (wrong e-mail or password, unverified or disabled account: it does not tell
 * them apart) is a 422 whose message is repeated under errors.email. Other 422s (a malformed
 * e-mail) carry their own field messages.
 */
function isRefusal(error: ApiRequestError): boolean {
  return error.status === 422 && error.fieldErrors("email").includes(error.message);
}

/** /login: "Failed to log in!" on refusal; success goes to redirect_url, else onboarding/home. */
export function LoginPage({ redirectUrl }: { redirectUrl?: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useApiForm();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const [refused, setRefused] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const required = {
      ...(email.trim() ? {} : { email: t`Enter your e-mail address.` }),
      ...(password ? {} : { password: t`Enter your password.` }),
    };
    setMissing(required);
    setRefused(false);
    if (required.email || required.password) return;
    const result = await form.submit(() => login({ email: email.trim(), password, remember }), {
      message: (error) => (isRefusal(error) ? t`Failed to log in!` : undefined),
    });
    if (result.ok) await navigate({ href: afterLoginTarget(result.value, redirectUrl), replace: true });
    else setRefused(result.error instanceof ApiRequestError && isRefusal(result.error));
  };

  return (
    <AuthCard title={<Trans>Log in</Trans>} testId="login-page">
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t`Log in`}>
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <TextField
          label={<Trans>E-mail</Trans>}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          // A refusal is said once, in the alert above; the field is still marked.
          errors={missing.email ? [missing.email] : refused ? [] : form.fieldErrors("email")}
          {...(refused ? { "aria-invalid": true } : {})}
          autoFocus
        />
        <TextField
          label={<Trans>Password</Trans>}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          errors={missing.password ? [missing.password] : form.fieldErrors("password")}
          {...(refused ? { "aria-invalid": true } : {})}
        />
        <CheckboxField label={<Trans>Remember me</Trans>} name="remember" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />
        <SubmitButton busy={form.sending}>{form.sending ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}</SubmitButton>
      </form>
      <nav className="auth-links" aria-label={t`Account help`}>
        <Link to="/password/request">
          <Trans>Forgot your password?</Trans>
        </Link>
        <Link to="/users/signup">
          <Trans>Create an account</Trans>
        </Link>
        <Link to="/login/sso">
          <Trans>Log in with your organization (SSO)</Trans>
        </Link>
      </nav>
    </AuthCard>
  );
}
