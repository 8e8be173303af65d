import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { FormAlert, SubmitButton, TextField } from "../../ui/form.tsx";
import { useApiForm } from "../../ui/use-api-form.ts";
import { requestPasswordReset } from "./api.ts";
import { AuthCard } from "./public-layout.tsx";

/**
 * /password/request. The answer is the same whether the account exists or not (no enumeration),
 * so the screen says "if an account exists" rather than confirming anything.
 */
export function PasswordRequestPage() {
  const { t } = useLingui();
  const form = useApiForm();
  const [email, setEmail] = useState("");
  const [missing, setMissing] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(!email.trim());
    if (!email.trim()) return;
    const result = await form.submit(() => requestPasswordReset(email.trim()));
    if (result.ok) setSent(true);
  };

  if (sent) {
    const address = email.trim();
    return (
      <AuthCard title={<Trans>Check your inbox</Trans>} testId="password-request-sent">
        <FormAlert tone="success">
          <Trans>
            If an account exists for <strong>{address}</strong>, we sent it a link to choose a new password. The link is valid for one
            hour.
          </Trans>
        </FormAlert>
        <p className="auth-links">
          <Link to="/login">
            <Trans>Back to log in</Trans>
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={<Trans>Forgot your password?</Trans>} testId="password-request-page">
      <p className="muted">
        <Trans>Enter the e-mail address of your account and we will send you a link to choose a new password.</Trans>
      </p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t`Reset my password`}>
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <TextField
          label={<Trans>E-mail</Trans>}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setMissing(false);
          }}
          errors={missing ? [t`Enter your e-mail address.`] : form.fieldErrors("email")}
        />
        <SubmitButton busy={form.sending}>
          <Trans>Send the link</Trans>
        </SubmitButton>
      </form>
      <p className="auth-links">
        <Link to="/login">
          <Trans>Back to log in</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
