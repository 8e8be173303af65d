import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import type { FieldErrors } from "../../../domain/errors/codes.ts";
import { newPasswordSchema } from "../../../domain/validation/password.ts";
import { validate } from "../../../domain/validation/parse.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert, TextField } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useApiForm } from "../../ui/use-api-form.ts";
import { useOnline } from "../pwa/use-online.ts";
import { setWebcastPassword } from "./api.ts";
import { formMessageLocale } from "./form-support.ts";

/**
 * The access password (SPEC §6: viewers can be restricted by password). It never reaches the
 * browser — the synced row only says `has_password` — so setting or removing it is an online
 * request (PATCH …/access-controls), not a change of the tab's draft. The server's answer shows at
 * once; the row follows with the next pull.
 */
export function AccessPassword({ row, editable }: { row: WebcastRow; editable: boolean }) {
  const { t } = useLingui();
  const online = useOnline();
  const engine = useSyncEngine();
  const form = useApiForm();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [ownErrors, setOwnErrors] = useState<FieldErrors>({});
  // The server's answer, shown while the row still holds the value it had before (until the pull).
  const [answer, setAnswer] = useState<{ before: boolean; hasPassword: boolean } | null>(null);
  const hasPassword = answer && answer.before === row.has_password ? answer.hasPassword : row.has_password;

  const send = async (value: string | null) => {
    const before = row.has_password;
    const result = await form.submit(() => setWebcastPassword(row.id, value));
    if (!result.ok) return;
    setAnswer({ before, hasPassword: result.value.has_password });
    setPassword("");
    setConfirmation("");
    engine?.requestSync();
    toast.success(value === null ? t`The password was removed.` : t`The password was saved.`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const locale = formMessageLocale();
    const checked = validate(newPasswordSchema(locale), { password, password_confirmation: confirmation }, locale);
    if (!checked.ok) {
      setOwnErrors(checked.errors);
      return;
    }
    setOwnErrors({});
    await send(password);
  };

  const remove = async () => {
    const accepted = await confirm({ title: t`Remove the password?`, message: t`Viewers will no longer need a password to enter this webcast.`, acceptLabel: t`Remove`, cancelLabel: t`Cancel` });
    if (accepted) await send(null);
  };

  const errorsOf = (field: string) => [...(ownErrors[field] ?? []), ...form.fieldErrors(field)];
  const disabled = !online || form.sending;
  return (
    <section className="form-section" aria-labelledby="webcast-password-title" data-testid="access-password">
      <h2 id="webcast-password-title" className="form-section__title">
        <Trans>Access password</Trans>
      </h2>
      <p data-testid="password-state">{hasPassword ? <Trans>A password is set.</Trans> : <Trans>No password.</Trans>}</p>
      {editable ? (
        <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t`Access password`}>
          {online ? (
            <p className="muted">
              <Trans>The password is kept on the server only: setting or removing it needs a connection.</Trans>
            </p>
          ) : (
            <FormAlert tone="info">
              <Trans>You are offline. Setting or removing the password needs a connection.</Trans>
            </FormAlert>
          )}
          {form.message ? <FormAlert>{form.message}</FormAlert> : null}
          <div className="form__row">
            <TextField
              label={hasPassword ? t`New password` : t`Password`}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              errors={errorsOf("password")}
              disabled={disabled}
              hint={t`At least 8 characters, with an uppercase letter, a lowercase letter, a digit and a special character.`}
              onChange={(event) => setPassword(event.target.value)}
            />
            <TextField
              label={t`Confirm the password`}
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              errors={errorsOf("password_confirmation")}
              disabled={disabled}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          </div>
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={disabled || password === ""} aria-busy={form.sending || undefined} data-testid="password-save">
              {hasPassword ? <Trans>Change the password</Trans> : <Trans>Set the password</Trans>}
            </button>
            {hasPassword ? (
              <button type="button" className="button button--danger" disabled={disabled} onClick={() => void remove()} data-testid="password-remove">
                <Trans>Remove the password</Trans>
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
