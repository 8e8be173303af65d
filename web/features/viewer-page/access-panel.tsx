import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { PublicWebcast, SignInBody } from "../../../domain/viewer-page/api.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { requestMagicLink } from "./api.ts";
import { AccessError } from "./access-error.tsx";
import { AccessForm, GuestForm, PinForm, SecretForm, WebcastPasswordField } from "./access-forms.tsx";
import { MagicLinkForm, SsoForm } from "./magic-link-forms.tsx";
import { RegistrationForm } from "./registration-form.tsx";
import { serverErrors, useSubmit } from "./use-submit.ts";
import type { PendingSignIn, ViewerSession } from "./use-viewer-session.ts";

interface Props {
  webcast: PublicWebcast;
  session: Extract<ViewerSession, { status: "signed_out" }>;
  enter(body: SignInBody): Promise<void>;
  enterByLink(body: PendingSignIn): Promise<boolean>;
}

/**
 * The way in for a viewer without a pass (SPEC §2 participant landing): the webcast's methods in
 * `access.methods` order, the registration form when the webcast takes newcomers, and after an
 * e-mail was sent, "Check your e-mail" with the PIN. A refusal of a link's sign-in shows on top.
 */
export function AccessPanel({ webcast, session, enter, enterByLink }: Props) {
  const { access } = webcast;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const panel = useRef<HTMLElement>(null);
  const passwordRequired = access.password_required;
  const byEmail = access.methods.includes("magic_link");
  const registration = byEmail && (access.registration_required || access.methods.includes("guest"));

  const newLink = () => {
    setSentTo(null);
    requestAnimationFrame(() => panel.current?.querySelector<HTMLInputElement>('[data-testid="magic-link-form"] input')?.focus());
  };

  const methods = access.methods.map((method) => {
    switch (method) {
      case "magic_link":
        return <MagicLinkForm key={method} webcastId={webcast.id} onSent={setSentTo} />;
      case "control_number":
      case "password":
        return <SecretForm key={method} kind={method} enter={enter} passwordRequired={passwordRequired} />;
      case "sso":
        return <SsoForm key={method} webcastId={webcast.id} />;
      case "guest":
        return <GuestForm key={method} enter={enter} passwordRequired={passwordRequired} />;
      default:
        // pin: typed after a link was sent; invite: the personal link's token, from the address.
        return null;
    }
  });

  return (
    <section ref={panel} className="viewer-page__access card" aria-labelledby="viewer-access-title" data-testid="viewer-access">
      <h2 id="viewer-access-title" className="card__title">
        {access.registration_required ? <Trans>Register to watch</Trans> : <Trans>Sign in to watch</Trans>}
      </h2>
      <AccessError error={session.error} onNewLink={byEmail ? newLink : undefined} />
      {session.pending ? (
        <PendingPasswordForm pending={session.pending} enterByLink={enterByLink} errors={serverErrors(session.error, "webcast_password")} />
      ) : sentTo !== null ? (
        <CheckEmail webcastId={webcast.id} email={sentTo} enter={enter} passwordRequired={passwordRequired} onOther={newLink} />
      ) : (
        <>
          {registration && access.registration_required ? (
            <RegistrationForm webcastId={webcast.id} fields={access.registration_fields} passwordRequired={passwordRequired} onSent={setSentTo} />
          ) : null}
          {registration && access.registration_required ? (
            <h3 className="viewer-page__or">
              <Trans>Already registered?</Trans>
            </h3>
          ) : null}
          <div className="viewer-page__methods">{methods}</div>
          {registration && !access.registration_required ? (
            // A native disclosure: opening it runs no script (INP: building the form on the tap took
            // ~100 ms on a slow phone); the form is drawn closed from the start.
            <details className="viewer-page__register">
              <summary className="button" data-testid="register-toggle">
                <Trans>New here? Register</Trans>
              </summary>
              <RegistrationForm webcastId={webcast.id} fields={access.registration_fields} passwordRequired={passwordRequired} onSent={setSentTo} />
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

/** After "Send me a link" or a registration: the e-mail's link or its PIN, and another sending. */
function CheckEmail({ webcastId, email, enter, passwordRequired, onOther }: { webcastId: string; email: string; enter(body: SignInBody): Promise<void>; passwordRequired: boolean; onOther(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const resend = useSubmit();
  const [resent, setResent] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="viewer-page__sent" data-testid="check-email">
      <h3 ref={heading} tabIndex={-1} className="viewer-page__form-title">
        <Trans>Check your e-mail</Trans>
      </h3>
      <p>
        <Trans>We sent a sign-in link and a PIN to {email}. Open the link on this device, or type the PIN here.</Trans>
      </p>
      <PinForm email={email} enter={enter} passwordRequired={passwordRequired} onNewLink={onOther} />
      <AccessError error={resend.error} />
      {resent ? (
        <p role="status" data-testid="link-resent">
          <Trans>A new e-mail is on its way.</Trans>
        </p>
      ) : null}
      <div className="viewer-page__actions">
        <button
          type="button"
          className="button"
          disabled={resend.busy || resend.blocked}
          aria-busy={resend.busy || undefined}
          onClick={() => void resend.run(() => requestMagicLink(webcastId, { email, locale: currentLocale() })).then(setResent)}
          data-testid="resend-link"
        >
          <Trans>Send the e-mail again</Trans>
        </button>
        <button type="button" className="button button--link" onClick={onOther}>
          <Trans>Use another e-mail</Trans>
        </button>
      </div>
    </div>
  );
}

/** A link's sign-in (magic link, invitation, SSO return) waits for the webcast's password. */
function PendingPasswordForm({ pending, enterByLink, errors }: { pending: PendingSignIn; enterByLink(body: PendingSignIn): Promise<boolean>; errors: readonly string[] }) {
  const submit = useSubmit();
  const [password, setPassword] = useState("");
  const { t } = useLingui();
  return (
    <AccessForm
      title={t`This webcast is protected by a password`}
      testId="pending-password-form"
      submit={submit}
      button={<Trans>Continue</Trans>}
      onSubmit={() => enterByLink({ ...pending, webcast_password: password }).then(() => undefined)}
    >
      <WebcastPasswordField shown value={password} onChange={setPassword} errors={errors} />
    </AccessForm>
  );
}
