import { z } from "zod";
import { isPhoneNumber } from "../../../domain/validation/rules.ts";
import type { DialInNumber } from "../../../domain/dial-in/settings.ts";
import { type LocalizedText } from "../../../domain/validation/localized.ts";

/**
 * The platform's dial-in numbers: configuration (like a conferencing service's global dial-in
 * numbers), the wrangler var `DIAL_IN_NUMBERS`, a JSON array of `{ country, number, label? }`.
 * In wrangler.toml it is a TOML array (a JSON value); set in the dashboard or as a secret it is
 * a JSON string: both are read here, the one place that parses it. Every webcast's reservation
 * shares these numbers; its PIN tells the calls apart. The telephony bridge that answers them
 * comes with the media work.
 */

/** More numbers than any conferencing service lists per country set; a bigger value is a mistake. */
const MAX_NUMBERS = 100;

const dialInNumber = z.strictObject({
  /** ISO 3166-1 alpha-2, upper case ("CA"). */
  country: z.string().regex(/^[A-Z]{2}$/),
  /** As callers dial it (SPEC §5 phone number rule: 7–15 digits, spaces, dots or dashes). */
  number: z.string().trim().refine(isPhoneNumber),
  label: z.string().trim().min(1).max(100).optional(),
}) satisfies z.ZodType<DialInNumber>;

const pool = z.array(dialInNumber).max(MAX_NUMBERS);

/**
 * The configured numbers, or none: dial-in is then unavailable (reserving is refused, settings
 * say off). A malformed value is a deploy mistake: it is logged and reads as no numbers rather
 * than failing every webcast's settings.
 */
export function dialInPool(value: unknown): readonly DialInNumber[] {
  if (value === undefined || value === null || value === "") return [];
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      console.error("dial-in: DIAL_IN_NUMBERS is not JSON");
      return [];
    }
  }
  const result = pool.safeParse(parsed);
  if (!result.success) {
    console.error("dial-in: DIAL_IN_NUMBERS is invalid", JSON.stringify(result.error.issues));
    return [];
  }
  return result.data;
}

/** Reserving without numbers configured (409: the platform's state, not the request, is the problem). */
export const DIAL_IN_MESSAGES = {
  unavailable: {
    en: "Phone dial-in is not available: no dial-in numbers are configured on this platform.",
    fr: "L'accès par téléphone n'est pas disponible : aucun numéro d'accès n'est configuré sur cette plateforme.",
  },
} as const satisfies Record<string, LocalizedText>;
