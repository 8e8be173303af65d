import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import type { FieldErrors } from "../../../domain/errors/codes.ts";
import { HOME_PATH } from "../../../domain/navigation/guard.ts";
import { messageLocale } from "../../../domain/i18n/locales.ts";
import { onboardingSchema } from "../../../domain/onboarding/schema.ts";
import { validate } from "../../../domain/validation/parse.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { FormAlert, SubmitButton, TextField } from "../../ui/form.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { useApiForm } from "../../ui/use-api-form.ts";
import { fetchProfile } from "../session/api.ts";
import { setSessionUser, useCurrentUser } from "../session/store.ts";
import { completeOnboarding } from "./api.ts";

type Values = { name: string; email: string; phone: string };

/** What sign-up already knows: the organization the user owns (named at sign-up) and their e-mail. */
function initialValues(user: ProfileUser): Values {
  const owned = user.accounts.find((account) => account.role === "owner");
  return { name: owned?.name ?? "", email: user.email, phone: "" };
}

/**
 * /onboarding: the setup step of self sign-up (SPEC §2, §5 "Organization name is required at
 * setup"). The route guard holds a user with `onboarding_required` here; on success the session's
 * user is replaced by the server's answer (no longer onboarding) and the user lands on home.
 */
export function OnboardingPage() {
  const user = useCurrentUser();
  return (
    <div className="page" data-testid="onboarding-page">
      <PageTitle>
        <Trans>Set up your organization</Trans>
      </PageTitle>
      <p className="muted">
        <Trans>One last step: check your organization's name and how to reach it. You can change these later in the organization's settings.</Trans>
      </p>
      {user ? <OnboardingForm key={user.id} user={user} /> : null}
    </div>
  );
}

function OnboardingForm({ user }: { user: ProfileUser }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const form = useApiForm();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => initialValues(user));
  const [ruleErrors, setRuleErrors] = useState<FieldErrors>({});
  // Bumped by every refused submit: focus then moves to the first field in error.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [refusals]);

  const edit = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setRuleErrors(({ [field]: _cleared, ...rest }) => rest);
    form.clearField(field);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The worker's own rules first (domain/onboarding), for instant feedback in en or fr (SPEC §1).
    const locale = messageLocale(i18n.locale);
    const checked = validate(onboardingSchema(locale), values, locale);
    if (!checked.ok) {
      setRuleErrors(checked.errors);
      setRefusals((count) => count + 1);
      return;
    }
    const result = await form.submit(() => completeOnboarding(values), {
      message: (error) => (error.status === 409 ? null : undefined),
    });
    if (result.ok) {
      setSessionUser(result.value);
      await navigate({ to: HOME_PATH, replace: true });
      return;
    }
    if (result.error instanceof ApiRequestError && result.error.status === 409) {
      // Already set up (another tab, or a second click): the fresh user lets the guard send them home.
      await fetchProfile();
      await navigate({ to: HOME_PATH, replace: true });
      return;
    }
    setRefusals((count) => count + 1);
  };

  const errorsOf = (field: keyof Values) => ruleErrors[field] ?? form.fieldErrors(field);
  return (
    <form ref={formRef} className="form card" onSubmit={onSubmit} noValidate aria-label={t`Set up your organization`} data-testid="onboarding-form">
      {form.message ? <FormAlert>{form.message}</FormAlert> : null}
      <TextField
        label={<Trans>Organization name</Trans>}
        name="name"
        autoComplete="organization"
        required
        value={values.name}
        onChange={(event) => edit("name", event.currentTarget.value)}
        errors={errorsOf("name")}
      />
      <TextField
        label={<Trans>Contact e-mail</Trans>}
        hint={<Trans>Where we write about your organization and its billing.</Trans>}
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => edit("email", event.currentTarget.value)}
        errors={errorsOf("email")}
      />
      <TextField
        label={<Trans>Phone (optional)</Trans>}
        type="tel"
        name="phone"
        autoComplete="tel"
        value={values.phone}
        onChange={(event) => edit("phone", event.currentTarget.value)}
        errors={errorsOf("phone")}
      />
      <div className="form__actions">
        <SubmitButton busy={form.sending}>{form.sending ? <Trans>Saving…</Trans> : <Trans>Continue</Trans>}</SubmitButton>
      </div>
    </form>
  );
}
