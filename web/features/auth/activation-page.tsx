import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import { ApiRequestError } from "../../api/errors.ts";
import { FormAlert } from "../../ui/form.tsx";
import { logout } from "../session/api.ts";
import { activateAccount } from "./api.ts";
import { AuthCard } from "./public-layout.tsx";

type ActivationState =
  | { kind: "activating" }
  | { kind: "activated"; email: string }
  | { kind: "signed-in" }
  | { kind: "invalid" }
  | { kind: "error"; message: string };

type Outcome = Exclude<ActivationState, { kind: "activating" }>;

/**
 * One activation request per token and page load: a token is single-use, so a re-render, a
 * remount or React's development double effects must not send it twice (the second would fail).
 */
const attempts = new Map<string, Promise<Outcome>>();

function attemptActivation(token: string, offline: string): Promise<Outcome> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = activateAccount(token).then(
      ({ email }): Outcome => ({ kind: "activated", email }),
      (error: unknown): Outcome => {
        if (!(error instanceof ApiRequestError)) return { kind: "error", message: offline };
        if (error.status === 409) return { kind: "signed-in" };
        if (error.status === 422 || error.status === 404) return { kind: "invalid" };
        return { kind: "error", message: error.isNetworkError ? offline : error.message };
      },
    );
    attempts.set(token, attempt);
    // Only a success is final: after a refusal the person may sign out (409) or retry (network).
    void attempt.then((outcome) => {
      if (outcome.kind !== "activated") attempts.delete(token);
    });
  }
  return attempt;
}

/** /users/activation/$token: activates the account from the validation e-mail (SPEC §1). */
export function ActivationPage({ token }: { token: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<ActivationState>({ kind: "activating" });
  const offline = t`The server cannot be reached. Check your connection and try again.`;

  const run = useCallback(() => {
    let current = true;
    setState({ kind: "activating" });
    void attemptActivation(token, offline).then((outcome) => {
      if (current) setState(outcome);
    });
    return () => {
      current = false;
    };
  }, [token, offline]);

  useEffect(() => run(), [run]);

  const [signingOut, setSigningOut] = useState(false);
  const signOutAndActivate = async () => {
    setSigningOut(true);
    await logout();
    setSigningOut(false);
    run();
  };

  switch (state.kind) {
    case "activating":
      return (
        <AuthCard title={<Trans>Activating your account</Trans>} testId="activation-pending">
          <p role="status">
            <Trans>One moment…</Trans>
          </p>
        </AuthCard>
      );
    case "activated": {
      const email = state.email;
      return (
        <AuthCard title={<Trans>Your account is active</Trans>} testId="activation-done">
          <FormAlert tone="success">
            <Trans>
              Welcome! The account <strong>{email}</strong> is now active. Log in to start.
            </Trans>
          </FormAlert>
          <div className="form__actions">
            <Link to="/login" className="button button--primary">
              <Trans>Log in</Trans>
            </Link>
          </div>
        </AuthCard>
      );
    }
    case "signed-in":
      return (
        <AuthCard title={<Trans>You are already signed in</Trans>} testId="activation-signed-in">
          <FormAlert tone="info">
            <Trans>You are already signed in with another account. Sign out to activate this new account.</Trans>
          </FormAlert>
          <div className="form__actions">
            <button type="button" className="button button--primary" onClick={() => void signOutAndActivate()} disabled={signingOut}>
              <Trans>Sign out</Trans>
            </button>
            <Link to="/home" className="button">
              <Trans>Back to home</Trans>
            </Link>
          </div>
        </AuthCard>
      );
    case "invalid":
      return (
        <AuthCard title={<Trans>This link cannot be used</Trans>} testId="activation-invalid">
          <FormAlert>
            <Trans>This activation link is invalid, has expired or was already used. If your account is active, just log in.</Trans>
          </FormAlert>
          <div className="form__actions">
            <Link to="/login" className="button button--primary">
              <Trans>Log in</Trans>
            </Link>
            <Link to="/users/signup" className="button">
              <Trans>Create an account</Trans>
            </Link>
          </div>
        </AuthCard>
      );
    case "error":
      return (
        <AuthCard title={<Trans>Activating your account</Trans>} testId="activation-error">
          <FormAlert>{state.message}</FormAlert>
          <div className="form__actions">
            <button type="button" className="button button--primary" onClick={() => run()}>
              <Trans>Try again</Trans>
            </button>
          </div>
        </AuthCard>
      );
  }
}
