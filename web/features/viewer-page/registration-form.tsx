import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { FieldErrors } from "../../../domain/errors/index.ts";
import { cleanAnswers, registrationAnswerErrors, visibleFields } from "../../../domain/registration/answers.ts";
import type { RegistrationAnswers, RegistrationField } from "../../../domain/registration/record.ts";
import { required } from "../../../domain/validation/required.ts";
import { email as emailRule } from "../../../domain/validation/form-rules.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { TextField } from "../../ui/form.tsx";
import { register } from "./api.ts";
import { AccessForm, WebcastPasswordField } from "./access-forms.tsx";
import { RegistrationFieldInput } from "./registration-field.tsx";
import { useSubmit } from "./use-submit.ts";

interface Props {
  webcastId: string;
  fields: readonly RegistrationField[];
  passwordRequired: boolean;
  onSent(email: string): void;
}

/**
 * A newcomer's registration (SPEC §3 registration form): name, e-mail and the organizer's fields;
 * conditional fields appear and disappear as the viewer answers (visibleFields), the same rules as
 * the worker judge the answers on submit (registrationAnswerErrors), then the server's errors
 * (keys `name`, `email`, `answers.<id>`) show beside their fields. Success mails a magic link.
 */
export function RegistrationForm({ webcastId, fields, passwordRequired, onSent }: Props) {
  const { t } = useLingui();
  const submit = useSubmit();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [webcastPassword, setWebcastPassword] = useState("");
  const [answers, setAnswers] = useState<RegistrationAnswers>({});
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const locale = currentLocale();
  const errorsOf = (key: string) => [...(clientErrors[key] ?? []), ...(submit.error?.fieldErrors(key) ?? [])];

  const onSubmit = async () => {
    const found: FieldErrors = { ...registrationAnswerErrors(fields, answers, { locale }) };
    const nameError = required(name, locale);
    const emailError = required(email, locale) ?? emailRule(email.trim(), locale);
    if (nameError) found.name = [nameError];
    if (emailError) found.email = [emailError];
    setClientErrors(found);
    submit.setError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(webcastId);
      return;
    }
    const address = email.trim();
    const body = { name: name.trim(), email: address, answers: cleanAnswers(fields, answers), locale, ...(passwordRequired ? { webcast_password: webcastPassword } : {}) };
    if (await submit.run(() => register(webcastId, body))) onSent(address);
  };

  return (
    <div id={`registration-${webcastId}`}>
      <AccessForm title={<Trans>Register</Trans>} testId="registration-form" submit={submit} button={<Trans>Register</Trans>} onSubmit={onSubmit}>
        <TextField label={t`Name`} autoComplete="name" required value={name} onChange={(event) => setName(event.currentTarget.value)} errors={errorsOf("name")} testId="registration-name" />
        <TextField label={t`E-mail`} type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} errors={errorsOf("email")} testId="registration-email" />
        {visibleFields(fields, answers).map((field) => (
          <RegistrationFieldInput
            key={field.id}
            field={field}
            locale={locale}
            answer={answers[field.id]}
            errors={errorsOf(`answers.${field.id}`)}
            onChange={(answer) =>
              setAnswers((current) => {
                const next = { ...current };
                if (answer === undefined) delete next[field.id];
                else next[field.id] = answer;
                return next;
              })
            }
          />
        ))}
        <WebcastPasswordField shown={passwordRequired} value={webcastPassword} onChange={setWebcastPassword} errors={errorsOf("webcast_password")} />
      </AccessForm>
    </div>
  );
}

/** After a refused submit, the first invalid control takes the focus (its errors are read with it). */
function focusFirstInvalid(webcastId: string) {
  requestAnimationFrame(() => document.getElementById(`registration-${webcastId}`)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
