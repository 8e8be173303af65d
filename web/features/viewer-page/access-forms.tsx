import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import { PIN_LENGTH, type SignInBody } from "../../../domain/viewer-page/api.ts";
import { SubmitButton, TextField } from "../../ui/form.tsx";
import { AccessError } from "./access-error.tsx";
import { serverErrors, useSubmit } from "./use-submit.ts";

/** What every access form shares: the sign-in call and whether the webcast's password is asked. */
export interface AccessFormProps {
  enter(body: SignInBody): Promise<void>;
  passwordRequired: boolean;
  onNewLink?: () => void;
}

type Submit = ReturnType<typeof useSubmit>;

/** A form of the access panel: its heading, the refusal, the fields and the submit. */
export function AccessForm(props: { title: ReactNode; testId: string; submit: Submit; onSubmit(): Promise<void>; onNewLink?: (() => void) | undefined; button: ReactNode; children: ReactNode }) {
  const { submit } = props;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void props.onSubmit();
  };
  return (
    <form className="viewer-page__form" noValidate onSubmit={onSubmit} data-testid={props.testId}>
      <h3 className="viewer-page__form-title">{props.title}</h3>
      <AccessError error={submit.error} onNewLink={props.onNewLink} />
      {props.children}
      <SubmitButton busy={submit.busy} disabled={submit.blocked}>
        {props.button}
      </SubmitButton>
    </form>
  );
}

/** The webcast's own password (access control), added to any form when the webcast asks for it. */
export function WebcastPasswordField({ shown, value, onChange, errors }: { shown: boolean; value: string; onChange(value: string): void; errors: readonly string[] }) {
  const { t } = useLingui();
  if (!shown) return null;
  return (
    <TextField label={t`Webcast password`} type="password" autoComplete="off" value={value} onChange={(event) => onChange(event.currentTarget.value)} errors={errors} testId="webcast-password" />
  );
}

function withPassword<T extends SignInBody>(body: T, passwordRequired: boolean, webcastPassword: string): T {
  return passwordRequired ? { ...body, webcast_password: webcastPassword } : body;
}

export function EmailField({ value, onChange, errors }: { value: string; onChange(value: string): void; errors: readonly string[] }) {
  const { t } = useLingui();
  return (
    <TextField label={t`E-mail`} type="email" autoComplete="email" inputMode="email" value={value} onChange={(event) => onChange(event.currentTarget.value)} errors={errors} testId="access-email" />
  );
}

/** The PIN of the e-mail sent (SPEC §2 "PIN"): digits only, filled from the message by the phone's keyboard. */
export function PinForm({ email, enter, passwordRequired, onNewLink }: AccessFormProps & { email: string }) {
  const { t } = useLingui();
  const submit = useSubmit();
  const [pin, setPin] = useState("");
  const [webcastPassword, setWebcastPassword] = useState("");
  return (
    <AccessForm
      title={<Trans>Enter the PIN</Trans>}
      testId="pin-form"
      submit={submit}
      onNewLink={onNewLink}
      button={<Trans>Sign in</Trans>}
      onSubmit={() => submit.run(() => enter(withPassword({ method: "pin", email, pin }, passwordRequired, webcastPassword))).then(() => undefined)}
    >
      <TextField
        label={t`PIN (${PIN_LENGTH} digits)`}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={PIN_LENGTH}
        value={pin}
        onChange={(event) => setPin(event.currentTarget.value.replace(/\D/g, "").slice(0, PIN_LENGTH))}
        errors={serverErrors(submit.error, "pin")}
        testId="access-pin"
      />
      <WebcastPasswordField shown={passwordRequired} value={webcastPassword} onChange={setWebcastPassword} errors={serverErrors(submit.error, "webcast_password")} />
    </AccessForm>
  );
}

/** E-mail with a second secret: the control number or the viewer's own password (SPEC §2, §6). */
export function SecretForm({ kind, enter, passwordRequired }: AccessFormProps & { kind: "control_number" | "password" }) {
  const { t } = useLingui();
  const submit = useSubmit();
  const [email, setEmail] = useState("");
  const [secret, setSecret] = useState("");
  const [webcastPassword, setWebcastPassword] = useState("");
  const body = (): SignInBody => (kind === "control_number" ? { method: kind, email, control_number: secret } : { method: kind, email, password: secret });
  return (
    <AccessForm
      title={kind === "control_number" ? <Trans>Sign in with your control number</Trans> : <Trans>Sign in with your password</Trans>}
      testId={`${kind}-form`}
      submit={submit}
      button={<Trans>Sign in</Trans>}
      onSubmit={() => submit.run(() => enter(withPassword(body(), passwordRequired, webcastPassword))).then(() => undefined)}
    >
      <EmailField value={email} onChange={setEmail} errors={serverErrors(submit.error, "email")} />
      <TextField
        label={kind === "control_number" ? t`Control number` : t`Password`}
        type={kind === "password" ? "password" : "text"}
        autoComplete={kind === "password" ? "current-password" : "off"}
        value={secret}
        onChange={(event) => setSecret(event.currentTarget.value)}
        errors={serverErrors(submit.error, kind)}
        testId={`access-${kind}`}
      />
      <WebcastPasswordField shown={passwordRequired} value={webcastPassword} onChange={setWebcastPassword} errors={serverErrors(submit.error, "webcast_password")} />
    </AccessForm>
  );
}

/** A guest comes in with a name if they like (public webcasts without registration). */
export function GuestForm({ enter, passwordRequired }: AccessFormProps) {
  const { t } = useLingui();
  const submit = useSubmit();
  const [name, setName] = useState("");
  const [webcastPassword, setWebcastPassword] = useState("");
  return (
    <AccessForm
      title={<Trans>Watch as a guest</Trans>}
      testId="guest-form"
      submit={submit}
      button={<Trans>Join as a guest</Trans>}
      onSubmit={() => submit.run(() => enter(withPassword(name.trim() ? { method: "guest", name: name.trim() } : { method: "guest" }, passwordRequired, webcastPassword))).then(() => undefined)}
    >
      <TextField label={t`Your name (optional)`} autoComplete="name" value={name} onChange={(event) => setName(event.currentTarget.value)} errors={serverErrors(submit.error, "name")} testId="guest-name" />
      <WebcastPasswordField shown={passwordRequired} value={webcastPassword} onChange={setWebcastPassword} errors={serverErrors(submit.error, "webcast_password")} />
    </AccessForm>
  );
}
