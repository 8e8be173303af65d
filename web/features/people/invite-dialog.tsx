import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { type Person, type PersonKind, addPerson } from "./api.ts";
import { FormAlert, SubmitButton, TextField } from "../../ui/form.tsx";
import { useApiForm } from "../../ui/use-api-form.ts";
import { KIND_TEXTS } from "./kind-labels.ts";
import { Modal } from "./modal.tsx";

/**
 * Add or invite someone by e-mail (POST …/people). The worker refuses a user who already holds an
 * equal or higher role (SPEC §5) with a 422 on `email`, shown under the field.
 */
export function InviteDialog(props: { organizationId: number; kind: PersonKind; onClose(): void; onAdded(person: Person, emailSent: boolean): void }) {
  const { t, i18n } = useLingui();
  const form = useApiForm();
  const [draft, setDraft] = useState({ email: "", first_name: "", last_name: "" });

  const field = (name: keyof typeof draft) => ({
    name,
    value: draft[name],
    errors: form.fieldErrors(name),
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [name]: event.target.value }));
      form.clearField(name);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const email = draft.email.trim();
    if (email === "") {
      form.setErrors({ email: [t`Enter an e-mail address.`] });
      return;
    }
    const first = draft.first_name.trim();
    const last = draft.last_name.trim();
    const result = await form.submit(() =>
      addPerson(props.organizationId, { kind: props.kind, email, ...(first ? { first_name: first } : {}), ...(last ? { last_name: last } : {}) }),
    );
    if (result.ok) props.onAdded(result.value.data, result.value.email_sent !== false);
  };

  return (
    <Modal title={i18n._(KIND_TEXTS[props.kind].invite)} onClose={props.onClose} testId="invite-dialog">
      <form className="form" onSubmit={submit} noValidate>
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <TextField label={<Trans>E-mail</Trans>} type="email" autoComplete="off" required {...field("email")} />
        <TextField label={<Trans>First name</Trans>} autoComplete="off" {...field("first_name")} />
        <TextField label={<Trans>Last name</Trans>} autoComplete="off" {...field("last_name")} />
        <p className="field__hint">
          <Trans>Someone without an account receives an invitation e-mail to set their password.</Trans>
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={props.onClose}>
            <Trans>Cancel</Trans>
          </button>
          <SubmitButton busy={form.sending}>
            <Trans>Invite</Trans>
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
