import { z } from "zod";
import { UI_LOCALES } from "../i18n/locales.ts";

/**
 * A webcast's registration form (SPEC §3 "Registration form fields: types email, text, select,
 * multiselect, radio, checkbox. Each has a name and options (optional participant limit, tags).
 * Conditions on a reference field: is checked, is not checked, equals, not equals, includes, does
 * not include"; SPEC §5 "needs a name for every field and option (in at least one language).
 * Duplicate field names are refused. A field-option limit may be left empty for no limit").
 *
 * Stored on the synced webcast row (`WebcastSettings.registration_fields`), edited offline in the
 * webcast's access tab; the viewer page renders it; the worker judges the answers with the same
 * rules (domain/registration/answers.ts). The viewer's name and e-mail are always asked, outside
 * these fields. Shared later with the events issue (event registration).
 */
export const REGISTRATION_FIELD_TYPES = ["email", "text", "select", "multiselect", "radio", "checkbox"] as const;
export type RegistrationFieldType = (typeof REGISTRATION_FIELD_TYPES)[number];

/** Types whose answer is one or several of the field's options. */
export const CHOICE_FIELD_TYPES = ["select", "multiselect", "radio"] as const satisfies readonly RegistrationFieldType[];

export const CONDITION_OPERATORS = ["is_checked", "is_not_checked", "equals", "not_equals", "includes", "does_not_include"] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Bounds of a form (not in the spec: decided in docs/decisions.md "Registration form"). */
export const REGISTRATION_BOUNDS = { fields: 30, options: 50, name: 200, answer: 1_000, limit: 1_000_000, tags: 10 } as const;

/** A name per interface language; at least one is non-empty (SPEC §5). */
export const localizedNameSchema = z.partialRecord(z.enum(UI_LOCALES), z.string().max(REGISTRATION_BOUNDS.name));
export type LocalizedName = z.infer<typeof localizedNameSchema>;

export const registrationOptionSchema = z.object({
  /** Stable id (UUID made by the editor): answers and conditions name options by id. */
  id: z.string().min(1).max(64),
  name: localizedNameSchema,
  /** Most viewers who may choose this option; null: no limit (SPEC §5). */
  limit: z.number().int().positive().max(REGISTRATION_BOUNDS.limit).nullable(),
  /** Tags added to the viewer who chooses it (SPEC §3 "tags"). */
  tags: z.array(z.string().min(1).max(50)).max(REGISTRATION_BOUNDS.tags),
});
export type RegistrationOption = z.infer<typeof registrationOptionSchema>;

/**
 * Shown only when the condition on an earlier field (the reference) holds:
 * - is_checked / is_not_checked: the reference is a checkbox; `value` is null;
 * - equals / not_equals: the reference's answer is (is not) the option `value` (select, radio) or the text `value` (text, email);
 * - includes / does_not_include: the reference's answer contains (does not contain) the option
 *   `value` (multiselect), or the text contains `value` (text, email; case-insensitive).
 */
export const registrationConditionSchema = z.object({
  field_id: z.string().min(1).max(64),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.string().max(REGISTRATION_BOUNDS.answer).nullable(),
});
export type RegistrationCondition = z.infer<typeof registrationConditionSchema>;

export const registrationFieldSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(REGISTRATION_FIELD_TYPES),
  name: localizedNameSchema,
  required: z.boolean(),
  /** The choices of select, multiselect and radio; a checkbox may carry one option for its tags and limit; empty otherwise. */
  options: z.array(registrationOptionSchema).max(REGISTRATION_BOUNDS.options),
  condition: registrationConditionSchema.nullable(),
});
export type RegistrationField = z.infer<typeof registrationFieldSchema>;

export const registrationFieldsSchema = z.array(registrationFieldSchema).max(REGISTRATION_BOUNDS.fields);

/**
 * A viewer's answers, by field id: a text (email, text), an option id (select, radio), option ids
 * (multiselect), a boolean (checkbox). Fields hidden by their condition have no answer.
 */
export const registrationAnswersSchema = z.record(z.string().max(64), z.union([z.string().max(REGISTRATION_BOUNDS.answer), z.array(z.string().max(64)).max(REGISTRATION_BOUNDS.options), z.boolean()]));
export type RegistrationAnswers = z.infer<typeof registrationAnswersSchema>;
