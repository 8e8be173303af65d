import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { type CommunicationLanguage, toCommunicationLanguage } from "../../../domain/auth/schemas.ts";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useApiForm } from "../../ui/use-api-form.ts";
import { register, resendValidation } from "./api.ts";
import { NewPasswordFields, useNewPassword } from "./new-password-fields.tsx";
import { AuthCard } from "./public-layout.tsx";

type Details = { organization_name: string; first_name: string; last_name: string; email: string };
const DETAIL_FIELDS = ["organization_name", "first_name", "last_name", "email"] as const;

/** /users/signup: organization self sign-up (SPEC §1), then "check your inbox" with a resend. */
export function SignupPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? <CheckInbox email={sentTo} /> : <SignupForm onRegistered={setSentTo} />;
}

function SignupForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t, i18n } = useLingui();
  const form = useApiForm();
  const password = useNewPassword();
  const [details, setDetails] = useState<Details>({ organization_name: "", first_name: "", last_name: "", email: "" });
  const [language, setLanguage] = useState<CommunicationLanguage>(toCommunicationLanguage(i18n.locale));
  const [missing, setMissing] = useState<Partial<Record<keyof Details, string>>>({});

  const requiredMessage: Record<keyof Details, string> = {
    organization_name: t`Enter the name of your organization.`,
    first_name: t`Enter your first name.`,
    last_name: t`Enter your last name.`,
    email: t`Enter your e-mail address.`,
  };

  const edit = (field: keyof Details, value: string) => {
    setDetails((current) => ({ ...current, [field]: value }));
    setMissing(({ [field]: _cleared, ...rest }) => rest);
    form.clearField(field);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = Object.fromEntries(DETAIL_FIELDS.filter((field) => !details[field].trim()).map((field) => [field, requiredMessage[field]]));
    setMissing(empty);
    password.touchAll();
    if (Object.keys(empty).length > 0 || !password.valid) return;
    const email = details.email.trim();
    const result = await form.submit(() =>
      register({
        organization_name: details.organization_name.trim(),
        first_name: details.first_name.trim(),
        last_name: details.last_name.trim(),
        email,
        ...password.values,
        communication_language: language,
      }),
    );
    if (result.ok) onRegistered(email);
  };

  const errorsOf = (field: keyof Details) => (missing[field] ? [missing[field]] : form.fieldErrors(field));
  return (
    <AuthCard title={<Trans>Create your account</Trans>} testId="signup-page" wide>
      <p className="muted">
        <Trans>Start with your organization: you will be its owner and can invite your team afterwards.</Trans>
      </p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t`Create your account`}>
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <TextField
          label={<Trans>Organization name</Trans>}
          name="organization_name"
          autoComplete="organization"
          value={details.organization_name}
          onChange={(event) => edit("organization_name", event.currentTarget.value)}
          errors={errorsOf("organization_name")}
        />
        <div className="form__row">
          <TextField
            label={<Trans>First name</Trans>}
            name="first_name"
            autoComplete="given-name"
            value={details.first_name}
            onChange={(event) => edit("first_name", event.currentTarget.value)}
            errors={errorsOf("first_name")}
          />
          <TextField
            label={<Trans>Last name</Trans>}
            name="last_name"
            autoComplete="family-name"
            value={details.last_name}
            onChange={(event) => edit("last_name", event.currentTarget.value)}
            errors={errorsOf("last_name")}
          />
        </div>
        <TextField
          label={<Trans>E-mail</Trans>}
          type="email"
          name="email"
          autoComplete="email"
          value={details.email}
          onChange={(event) => edit("email", event.currentTarget.value)}
          errors={errorsOf("email")}
        />
        <NewPasswordFields state={password} serverErrors={form.errors} onEdit={form.clearField} />
        <SelectField
          label={<Trans>Language of your e-mails</Trans>}
          name="communication_language"
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value === "en" ? "en" : "fr")}
          options={[
            { value: "en", label: "English" },
            { value: "fr", label: "Français" },
          ]}
          errors={form.fieldErrors("communication_language")}
        />
        <SubmitButton busy={form.sending}>{form.sending ? <Trans>Creating your account…</Trans> : <Trans>Create my account</Trans>}</SubmitButton>
      </form>
      <p className="auth-links">
        <Trans>
          Already have an account? <Link to="/login">Log in</Link>
        </Trans>
      </p>
    </AuthCard>
  );
}

function CheckInbox({ email }: { email: string }) {
  const { t } = useLingui();
  const form = useApiForm();
  const resend = async () => {
    const result = await form.submit(() => resendValidation(email));
    if (result.ok) toast.success(t`We sent the validation e-mail again.`);
  };
  return (
    <AuthCard title={<Trans>Check your inbox</Trans>} testId="signup-sent">
      <p>
        <Trans>
          We sent an e-mail to <strong>{email}</strong>. Open its link to activate your account, then log in.
        </Trans>
      </p>
      <p className="muted">
        <Trans>If this address already has an account, the e-mail tells you how to log in instead.</Trans>
      </p>
      <p className="muted">
        <Trans>No e-mail after a few minutes? Check your spam folder, or send it again.</Trans>
      </p>
      {form.message ? <FormAlert>{form.message}</FormAlert> : null}
      <div className="form__actions">
        <button type="button" className="button" onClick={() => void resend()} disabled={form.sending} aria-busy={form.sending || undefined}>
          <Trans>Resend the e-mail</Trans>
        </button>
        <Link to="/login" className="button button--primary">
          <Trans>Go to log in</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
