import { z } from "zod";
import { organizationMessage } from "../organizations/messages.ts";
import { email, max } from "../validation/form-rules.ts";
import { ruleMessage } from "../validation/rule-messages.ts";
import { phoneNumber } from "../validation/rules.ts";
import { refineWith } from "../validation/zod-rules.ts";

/**
 * The sign-up setup step (SPEC §2 /onboarding, §5 "Organization name is required at setup"):
 * POST /api/onboarding, checked by the page for instant feedback and by the worker as authority.
 * Only the signed-in user themselves, while their `onboarding_required` is set, may send it (the
 * worker checks); no organization permission is involved.
 *
 * Bounds are the organizations columns' own, the same as PATCH /api/organizations/{id}
 * (`organizationUpdateSchema`, schema.test.ts proves they agree). Every text comes from the rule
 * messages (domain/validation) or the organization messages, never zod's defaults.
 */
export const ORGANIZATION_NAME_MAX = 255;
/** The languages the organization messages speak (the name-required text comes from there). */
type Locale = Parameters<typeof organizationMessage>[1];
export const ORGANIZATION_EMAIL_MAX = 255;
export const ORGANIZATION_PHONE_MAX = 50;

/** "" (an emptied input) and null clear an optional setting; omitted keeps it. */
const blankToNull = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? null : value);

export function onboardingSchema(locale: Locale) {
  const nameRequired = organizationMessage("name_required", locale);
  return z.strictObject({
    name: z
      .string({ error: nameRequired })
      .trim()
      .min(1, nameRequired)
      .superRefine(refineWith((value) => max(value, locale, { length: ORGANIZATION_NAME_MAX }))),
    /** The organization's contact e-mail (sign-up stores the owner's). */
    email: z
      .preprocess(
        blankToNull,
        z
          .string({ error: ruleMessage("email", locale) })
          .trim()
          .toLowerCase()
          .superRefine(refineWith((value) => email(value, locale) ?? max(value, locale, { length: ORGANIZATION_EMAIL_MAX })))
          .nullable(),
      )
      .optional(),
    /** The organization's phone number (SPEC §5 phone rule). */
    phone: z
      .preprocess(
        blankToNull,
        z
          .string({ error: ruleMessage("phone", locale) })
          .trim()
          .superRefine(refineWith((value) => max(value, locale, { length: ORGANIZATION_PHONE_MAX }) ?? phoneNumber(value, locale)))
          .nullable(),
      )
      .optional(),
  });
}
export type Onboarding = z.output<ReturnType<typeof onboardingSchema>>;
