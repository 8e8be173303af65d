import { Trans } from "@lingui/react/macro";
import { useLingui } from "@lingui/react";
import { type ReactNode, useMemo, useState } from "react";
import type { FieldErrors } from "../../../domain/errors/codes.ts";
import { messageLocale } from "../../../domain/i18n/locales.ts";
import { newPasswordSchema } from "../../../domain/validation/password.ts";
import { validate } from "../../../domain/validation/parse.ts";
import { TextField } from "../../ui/form.tsx";

export interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}

/**
 * SPEC §5 password rule run in the browser for instant feedback, with the same domain schema the
 * worker enforces. Messages exist in en and fr only (SPEC §1): other UI languages get French, like
 * the server's answers.
 */
export function passwordRuleErrors(values: NewPasswordValues, uiLocale: string): FieldErrors {
  const locale = messageLocale(uiLocale);
  const result = validate(newPasswordSchema(locale), values, locale);
  return result.ok ? {} : result.errors;
}

/**
 * State of a "new password + confirmation" pair: rule messages appear once a field has been typed
 * in (or after a submit attempt), so an empty form is not covered in red at first sight.
 */
export function useNewPassword() {
  const { i18n } = useLingui();
  const [values, setValues] = useState<NewPasswordValues>({ password: "", password_confirmation: "" });
  const [touched, setTouched] = useState({ password: false, password_confirmation: false });
  const ruleErrors = useMemo(() => passwordRuleErrors(values, i18n.locale), [values, i18n.locale]);
  return {
    values,
    ruleErrors,
    valid: Object.keys(ruleErrors).length === 0,
    touched,
    set(field: keyof NewPasswordValues, value: string) {
      setValues((current) => ({ ...current, [field]: value }));
      setTouched((current) => ({ ...current, [field]: true }));
    },
    /** Show every rule message (on submit). */
    touchAll() {
      setTouched({ password: true, password_confirmation: true });
    },
    reset() {
      setValues({ password: "", password_confirmation: "" });
      setTouched({ password: false, password_confirmation: false });
    },
  };
}

export type NewPasswordState = ReturnType<typeof useNewPassword>;

/** The two inputs; `serverErrors` are the SPEC §8 errors of the last answer. */
export function NewPasswordFields({
  state,
  serverErrors,
  onEdit,
  labels,
}: {
  state: NewPasswordState;
  serverErrors: FieldErrors;
  onEdit?: (field: keyof NewPasswordValues) => void;
  labels?: { password?: ReactNode; confirmation?: ReactNode };
}) {
  const shown = (field: keyof NewPasswordValues) =>
    state.touched[field] && state.ruleErrors[field] ? (state.ruleErrors[field] ?? []) : (serverErrors[field] ?? []);
  return (
    <>
      <TextField
        label={labels?.password ?? <Trans>Password</Trans>}
        type="password"
        name="password"
        autoComplete="new-password"
        value={state.values.password}
        onChange={(event) => {
          state.set("password", event.currentTarget.value);
          onEdit?.("password");
        }}
        hint={<Trans>At least 8 characters, with an uppercase letter, a lowercase letter, a digit and a special character.</Trans>}
        errors={shown("password")}
        testId="new-password"
      />
      <TextField
        label={labels?.confirmation ?? <Trans>Confirm the password</Trans>}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={state.values.password_confirmation}
        onChange={(event) => {
          state.set("password_confirmation", event.currentTarget.value);
          onEdit?.("password_confirmation");
        }}
        errors={shown("password_confirmation")}
        testId="new-password-confirmation"
      />
    </>
  );
}
