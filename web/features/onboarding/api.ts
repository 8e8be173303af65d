import type { Onboarding } from "../../../domain/onboarding/schema.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";

/**
 * POST /api/onboarding (docs/identity-api.md "Onboarding"): names the new owner's organization and
 * its contact details, ends the setup step, answers the updated user. 422 field errors, 409 when
 * there is no setup left; a 401 goes to login (the global SPEC §8 handler).
 */
export async function completeOnboarding(input: Onboarding) {
  const { data } = await unwrap(api.api.onboarding.$post({ json: input }));
  return data;
}
