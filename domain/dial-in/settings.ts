// What the dial-in calls answer (docs/webcasts-api.md "Dial-in").

/**
 * One number of the platform's dial-in pool (worker `DIAL_IN_NUMBERS`): the ISO 3166 country
 * code, the number as callers dial it, and an optional label ("Toll-free").
 */
export interface DialInNumber {
  country: string;
  number: string;
  label?: string;
}

/**
 * GET /api/webcasts/{uid}/dial-in/settings and POST …/phone/reserve: dial-in is on once the
 * webcast holds a reservation and the platform has numbers; callers dial one of `numbers`, then
 * key in `pin`. Off otherwise, without numbers (nothing to dial yet).
 */
export type DialInSettings = { enabled: false; numbers: DialInNumber[] } | { enabled: true; numbers: DialInNumber[]; pin: string };
