import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { FormAlert, SubmitButton, TextField } from "../../ui/form.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { toast } from "../../ui/toast.ts";
import { useApiForm } from "../../ui/use-api-form.ts";
import { updatePassword } from "./api.ts";
import { NewPasswordFields, useNewPassword } from "./new-password-fields.tsx";

/** /settings/password: current, new and confirmation; the other sessions of the user end. */
export function ChangePasswordPage() {
  const { t } = useLingui();
  const form = useApiForm();
  const password = useNewPassword();
  const [current, setCurrent] = useState("");
  const [missingCurrent, setMissingCurrent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    password.touchAll();
    setMissingCurrent(current === "");
    if (current === "" || !password.valid) return;
    const result = await form.submit(() => updatePassword({ current_password: current, ...password.values }));
    if (result.ok) {
      toast.success(t`Your password was changed. Your other sessions were signed out.`);
      setCurrent("");
      password.reset();
    }
  };

  return (
    <div className="page" data-testid="change-password-page">
      <PageTitle>
        <Trans>Password</Trans>
      </PageTitle>
      <form className="form card" onSubmit={onSubmit} noValidate aria-label={t`Change my password`}>
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <TextField
          label={<Trans>Current password</Trans>}
          type="password"
          name="current_password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => {
            setCurrent(event.currentTarget.value);
            setMissingCurrent(false);
            form.clearField("current_password");
          }}
          errors={missingCurrent ? [t`Enter your current password.`] : form.fieldErrors("current_password")}
        />
        <NewPasswordFields
          state={password}
          serverErrors={form.errors}
          onEdit={form.clearField}
          labels={{ password: <Trans>New password</Trans>, confirmation: <Trans>Confirm the new password</Trans> }}
        />
        <SubmitButton busy={form.sending}>
          <Trans>Change my password</Trans>
        </SubmitButton>
      </form>
    </div>
  );
}
