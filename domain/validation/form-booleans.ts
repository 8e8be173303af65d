/** Form booleans as browsers send them: "1", "true" and "on" are true; "0", "false", "off" and "" false. */
export const FORM_BOOLEANS = ["1", "0", "true", "false", "on", "off", ""] as const;
export type FormBoolean = (typeof FORM_BOOLEANS)[number];

export function isTrue(value: FormBoolean): boolean {
  return value === "1" || value === "true" || value === "on";
}
