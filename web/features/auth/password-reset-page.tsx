import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { ApiRequestError } from "../../api/errors.ts";
import { FormAlert, SubmitButton, TextField } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useApiForm } from "../../ui/use-api-form.ts";
import { resetPassword, validateResetToken } from "./api.ts";
import { NewPasswordFields, useNewPassword } from "./new-password-fields.tsx";
import { AuthCard } from "./public-layout.tsx";

type TokenState = { kind: "checking" } | { kind: "valid"; email: string } | { kind: "invalid" } | { kind: "error"; message: string };

/** /password/reset/$token: checks the link first, then asks for the new password. */
export function PasswordResetPage({ token }: { token: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<TokenState>({ kind: "checking" });

  useEffect(() => {
    let current = true;
    validateResetToken(token).then(
      ({ email }) => current && setState({ kind: "valid", email }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && (error.status === 422 || error.status === 404)) setState({ kind: "invalid" });
        else setState({ kind: "error", message: error instanceof ApiRequestError && !error.isNetworkError ? error.message : t`The server cannot be reached. Check your connection and try again.` });
      },
    );
    return () => {
      current = false;
    };
  }, [token, t]);

  if (state.kind === "checking") {
    return (
      <AuthCard title={<Trans>Choose a new password</Trans>} testId="password-reset-checking">
        <p role="status">
          <Trans>Checking your link…</Trans>
        </p>
      </AuthCard>
    );
  }
  if (state.kind === "invalid" || state.kind === "error") {
    return (
      <AuthCard title={<Trans>This link cannot be used</Trans>} testId="password-reset-invalid">
        <FormAlert>
          {state.kind === "error" ? state.message : <Trans>This password reset link has expired or was already used. Ask for a new one.</Trans>}
        </FormAlert>
        <div className="form__actions">
          <Link to="/password/request" className="button button--primary">
            <Trans>Ask for a new link</Trans>
          </Link>
          <Link to="/login" className="button">
            <Trans>Back to log in</Trans>
          </Link>
        </div>
      </AuthCard>
    );
  }
  return <ResetForm token={token} email={state.email} onExpired={() => setState({ kind: "invalid" })} />;
}

function ResetForm({ token, email, onExpired }: { token: string; email: string; onExpired: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useApiForm();
  const password = useNewPassword();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    password.touchAll();
    if (!password.valid) return;
    const result = await form.submit(() => resetPassword({ token, email, ...password.values }));
    if (result.ok) {
      toast.success(t`Your password was changed. Log in with the new one.`);
      await navigate({ to: "/login", replace: true });
    } else if (result.error instanceof ApiRequestError && result.error.fieldErrors("token").length > 0) {
      onExpired();
    }
  };

  return (
    <AuthCard title={<Trans>Choose a new password</Trans>} testId="password-reset-page">
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t`Choose a new password`}>
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <TextField label={<Trans>E-mail</Trans>} type="email" name="email" autoComplete="username" value={email} readOnly />
        <NewPasswordFields state={password} serverErrors={form.errors} onEdit={form.clearField} labels={{ password: <Trans>New password</Trans> }} />
        <SubmitButton busy={form.sending}>
          <Trans>Change my password</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
