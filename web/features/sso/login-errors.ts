import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { SsoLoginError } from "../../../domain/sso/messages.ts";

/** Why an SSO login ended without a session (SPEC §8 for invalid_user): the app's /login/sso screen and the viewer page say the same. */
export const SSO_LOGIN_ERROR_LABELS: Record<SsoLoginError, MessageDescriptor> = {
  invalid_user: msg`Invalid user. Please contact your administrator.`,
  failed: msg`Single sign-on failed. Please try again.`,
};
