import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../ui/form.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { toast } from "../../ui/toast.ts";
import { useApiForm } from "../../ui/use-api-form.ts";
import { useLeaveConfirmation } from "../../ui/use-leave-confirmation.ts";
import { setSessionUser, useCurrentUser } from "../session/store.ts";
import { PROFILE_FIELDS, type ProfileChanges, type ProfileField, updateProfile } from "./api.ts";
import { PhotoUpload } from "./photo-upload.tsx";

const CHANGE_KEYS = [...PROFILE_FIELDS, "communication_language"] as const;

function changesOf(user: ProfileUser): ProfileChanges {
  const texts = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, user[field] ?? ""]));
  return {
    first_name: texts.first_name ?? "",
    last_name: texts.last_name ?? "",
    phone: texts.phone ?? "",
    company: texts.company ?? "",
    title: texts.title ?? "",
    organization: texts.organization ?? "",
    role: texts.role ?? "",
    communication_language: user.communication_language,
  };
}

/** /profile: the SPEC §3 user fields, the language of e-mails, and the photo. */
export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <div className="page" data-testid="profile-page">
      <PageTitle>
        <Trans>Profile</Trans>
      </PageTitle>
      {user ? (
        <div className="stack">
          <ProfileForm key={user.id} user={user} />
          <PhotoUpload user={user} />
        </div>
      ) : null}
    </div>
  );
}

function ProfileForm({ user }: { user: ProfileUser }) {
  const { t } = useLingui();
  const form = useApiForm();
  const [saved, setSaved] = useState<ProfileChanges>(() => changesOf(user));
  const [values, setValues] = useState<ProfileChanges>(saved);
  const [missing, setMissing] = useState<Partial<Record<ProfileField, string>>>({});
  const dirty = CHANGE_KEYS.some((key) => values[key] !== saved[key]);
  useLeaveConfirmation(dirty && !form.sending);

  const labels: Record<ProfileField, ReactNode> = {
    first_name: <Trans>First name</Trans>,
    last_name: <Trans>Last name</Trans>,
    phone: <Trans>Phone</Trans>,
    company: <Trans>Company</Trans>,
    title: <Trans>Job title</Trans>,
    organization: <Trans>Organization</Trans>,
    role: <Trans>Role</Trans>,
  };
  const autoComplete: Record<ProfileField, string> = {
    first_name: "given-name",
    last_name: "family-name",
    phone: "tel",
    company: "organization",
    title: "organization-title",
    organization: "off",
    role: "off",
  };

  const edit = (field: keyof ProfileChanges, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== "communication_language") {
      setMissing((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
    }
    form.clearField(field);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty: Partial<Record<ProfileField, string>> = {};
    if (!values.first_name.trim()) empty.first_name = t`Enter your first name.`;
    if (!values.last_name.trim()) empty.last_name = t`Enter your last name.`;
    setMissing(empty);
    if (Object.keys(empty).length > 0) return;
    const result = await form.submit(() => updateProfile(values));
    if (result.ok) {
      setSessionUser(result.value);
      const next = changesOf(result.value);
      setSaved(next);
      setValues(next);
      toast.success(t`Your profile was saved.`);
    }
  };

  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-label={t`Your details`} data-testid="profile-form">
      <h2 className="card__title">
        <Trans>Your details</Trans>
      </h2>
      {form.message ? <FormAlert>{form.message}</FormAlert> : null}
      <TextField label={<Trans>E-mail</Trans>} type="email" name="email" value={user.email} readOnly hint={<Trans>Contact an administrator to change it.</Trans>} />
      <div className="form__row">
        {(["first_name", "last_name"] as const).map((field) => (
          <TextField
            key={field}
            label={labels[field]}
            name={field}
            autoComplete={autoComplete[field]}
            value={values[field]}
            onChange={(event) => edit(field, event.currentTarget.value)}
            errors={missing[field] ? [missing[field]] : form.fieldErrors(field)}
          />
        ))}
      </div>
      {(["phone", "company", "title", "organization", "role"] as const).map((field) => (
        <TextField
          key={field}
          label={labels[field]}
          name={field}
          type={field === "phone" ? "tel" : "text"}
          autoComplete={autoComplete[field]}
          value={values[field]}
          onChange={(event) => edit(field, event.currentTarget.value)}
          errors={form.fieldErrors(field)}
        />
      ))}
      <SelectField
        label={<Trans>Communication language</Trans>}
        hint={<Trans>The language of the e-mails we send you.</Trans>}
        name="communication_language"
        value={values.communication_language}
        onChange={(event) => edit("communication_language", event.currentTarget.value === "en" ? "en" : "fr")}
        options={[
          { value: "en", label: "English" },
          { value: "fr", label: "Français" },
        ]}
        errors={form.fieldErrors("communication_language")}
      />
      <div className="form__actions">
        <SubmitButton busy={form.sending} disabled={!dirty}>
          {form.sending ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </SubmitButton>
      </div>
    </form>
  );
}
