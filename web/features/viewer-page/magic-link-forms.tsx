import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { currentLocale } from "../../i18n/i18n.ts";
import { startSso } from "../sso/api.ts";
import { ViewerApiError, requestMagicLink } from "./api.ts";
import { AccessForm, EmailField } from "./access-forms.tsx";
import { markSsoDeparture } from "./pass-store.ts";
import { serverErrors, useSubmit } from "./use-submit.ts";
import { ApiRequestError } from "../../api/errors.ts";

/** "Send me a link" (SPEC §2 magic link): the e-mail gets a one-use link and a PIN. */
export function MagicLinkForm({ webcastId, onSent }: { webcastId: string; onSent(email: string): void }) {
  const submit = useSubmit();
  const [email, setEmail] = useState("");
  return (
    <AccessForm
      title={<Trans>Get a sign-in link by e-mail</Trans>}
      testId="magic-link-form"
      submit={submit}
      button={<Trans>Send me a link</Trans>}
      onSubmit={async () => {
        const address = email.trim();
        if (await submit.run(() => requestMagicLink(webcastId, { email: address, locale: currentLocale() }))) onSent(address);
      }}
    >
      <EmailField value={email} onChange={setEmail} errors={serverErrors(submit.error, "email")} />
    </AccessForm>
  );
}

/**
 * SSO (SPEC §2): the organization's identity provider is found by the e-mail; the provider sends the
 * viewer back to this page, which then signs in with the app session it made (use-viewer-session).
 */
export function SsoForm({ webcastId }: { webcastId: string }) {
  const submit = useSubmit();
  const [email, setEmail] = useState("");
  return (
    <AccessForm
      title={<Trans>Sign in with your organization's account</Trans>}
      testId="sso-form"
      submit={submit}
      button={<Trans>Continue with SSO</Trans>}
      onSubmit={async () => {
        let redirect = "";
        const ok = await submit.run(async () => {
          try {
            redirect = await startSso(email.trim(), `${location.pathname}${location.search}`);
          } catch (cause) {
            throw cause instanceof ApiRequestError ? new ViewerApiError(cause) : cause;
          }
        });
        if (!ok) return;
        markSsoDeparture(webcastId);
        location.assign(redirect);
      }}
    >
      <EmailField value={email} onChange={setEmail} errors={serverErrors(submit.error, "email")} />
    </AccessForm>
  );
}
