import type { CommunicationLanguage } from "../../../domain/auth/schemas.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";

/**
 * Password and registration calls (docs/identity-api.md), through the typed `hc` client. All but
 * the signed-in password change skip the global SPEC §8 handler: their screens show every answer
 * themselves (a 404 or 401 there is an answer, not a page to leave for).
 */
const local = { global: false } as const;

export interface NewPassword {
  password: string;
  password_confirmation: string;
}

/** POST /api/password/email: always the same answer (no enumeration). */
export function requestPasswordReset(email: string) {
  return unwrap(api.api.password.email.$post({ json: { email } }), local);
}

/** POST /api/password/validate-token: the e-mail the token belongs to; 422 `errors.token` when unusable. */
export function validateResetToken(token: string) {
  return unwrap(api.api.password["validate-token"].$post({ json: { token } }), local);
}

/** POST /api/password/reset: single-use token, ends every session of the account. */
export function resetPassword(input: { token: string; email: string } & NewPassword) {
  return unwrap(api.api.password.reset.$post({ json: input }), local);
}

/** POST /api/password/update (signed in; a 401 goes to login): ends the user's other sessions. */
export function updatePassword(input: { current_password: string } & NewPassword) {
  return unwrap(api.api.password.update.$post({ json: input }));
}

export interface Registration extends NewPassword {
  organization_name: string;
  first_name: string;
  last_name: string;
  email: string;
  communication_language: CommunicationLanguage;
}

/** POST /api/users/register: a self-serve organization and its owner (pending), validation e-mail sent. */
export function register(input: Registration) {
  return unwrap(api.api.users.register.$post({ json: input }), local);
}

/** POST /api/users/register/resend: always the same answer. */
export function resendValidation(email: string) {
  return unwrap(api.api.users.register.resend.$post({ json: { email } }), local);
}

/** POST /api/users/activation: 409 when a session is open, 422 `errors.token` when unusable. */
export function activateAccount(token: string) {
  return unwrap(api.api.users.activation.$post({ json: { token } }), local);
}
