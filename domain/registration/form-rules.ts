import type { FieldErrors } from "../errors/codes.ts";
import { UI_LOCALES, type UiLocale } from "../i18n/locales.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";
import { ruleMessage } from "../validation/rule-messages.ts";
import { duplicateNameIndexes } from "../validation/rules.ts";
import { requiresAtLeastOneTranslation } from "../validation/translations.ts";
import { CHOICE_FIELD_TYPES, type ConditionOperator, type LocalizedName, REGISTRATION_BOUNDS, type RegistrationField, type RegistrationFieldType } from "./record.ts";

/**
 * The rules of a registration form as the organizer defines it (SPEC §3, §5), judged the same way
 * by the access tab's editor (offline, before a save), `updateWebcast`/`createWebcast` on the device
 * and on the server, and the REST update. No authorization here: the mutators check
 * `webcasts.update` first. Rules beyond SPEC §5 (docs/decisions.md "Registration form"):
 * - select, multiselect and radio need an option; text and e-mail take none; a checkbox at most one
 *   (its tags and limit);
 * - field ids are unique in the form, option ids in their field (answers and conditions name them);
 * - option names are unique in their field, compared like field names (per language, trimmed,
 *   case-insensitive); a tag has at most 50 characters, an option at most 10 tags;
 * - a condition refers to an EARLIER field (so a form shows in order and never loops), its operator
 *   fits that field's type (`CONDITION_OPERATORS_BY_TYPE`) and its value is an option id of that
 *   field (choice fields), a non-blank text (text, e-mail) or null (checkbox operators).
 */

/** The operators a condition may apply to a reference field of each type. */
export const CONDITION_OPERATORS_BY_TYPE: Readonly<Record<RegistrationFieldType, readonly ConditionOperator[]>> = {
  checkbox: ["is_checked", "is_not_checked"],
  select: ["equals", "not_equals"],
  radio: ["equals", "not_equals"],
  multiselect: ["includes", "does_not_include"],
  text: ["equals", "not_equals", "includes", "does_not_include"],
  email: ["equals", "not_equals", "includes", "does_not_include"],
};

/** What a condition on a field of this type compares with: nothing, one of its options, or a text. */
export function conditionValueKind(type: RegistrationFieldType): "none" | "option" | "text" {
  if (type === "checkbox") return "none";
  return isChoiceType(type) ? "option" : "text";
}

export function isChoiceType(type: RegistrationFieldType): boolean {
  return (CHOICE_FIELD_TYPES as readonly string[]).includes(type);
}

/** How many options a field of this type may hold at least and at most. */
export function optionCountOf(type: RegistrationFieldType): { min: number; max: number } {
  if (isChoiceType(type)) return { min: 1, max: REGISTRATION_BOUNDS.options };
  return type === "checkbox" ? { min: 0, max: 1 } : { min: 0, max: 0 };
}

export const REGISTRATION_FORM_MESSAGES = {
  too_many_fields: { en: `A registration form has at most ${REGISTRATION_BOUNDS.fields} fields.`, fr: `Un formulaire d'inscription compte au plus ${REGISTRATION_BOUNDS.fields} champs.` },
  options_required: { en: "Add at least one option to this field.", fr: "Ajoutez au moins une option à ce champ." },
  no_options: { en: "This type of field has no options.", fr: "Ce type de champ n'a pas d'options." },
  one_option: { en: "A checkbox has at most one option.", fr: "Une case à cocher a au plus une option." },
  too_many_options: { en: `A field has at most ${REGISTRATION_BOUNDS.options} options.`, fr: `Un champ a au plus ${REGISTRATION_BOUNDS.options} options.` },
  duplicate_field_id: { en: "Another field has the same identifier.", fr: "Un autre champ a le même identifiant." },
  duplicate_option_id: { en: "Another option of this field has the same identifier.", fr: "Une autre option de ce champ a le même identifiant." },
  duplicate_option_name: { en: "Another option of this field uses this name.", fr: "Une autre option de ce champ utilise ce nom." },
  name_too_long: { en: `A name has at most ${REGISTRATION_BOUNDS.name} characters.`, fr: `Un nom compte au plus ${REGISTRATION_BOUNDS.name} caractères.` },
  limit: {
    en: `The limit is a whole number from 1 to ${REGISTRATION_BOUNDS.limit.toLocaleString("en")}; leave it empty for no limit.`,
    fr: `La limite est un nombre entier de 1 à ${REGISTRATION_BOUNDS.limit.toLocaleString("fr").replace(/\s/g, " ")} ; laissez-la vide pour aucune limite.`,
  },
  tags: {
    en: `An option has at most ${REGISTRATION_BOUNDS.tags} tags of at most 50 characters.`,
    fr: `Une option a au plus ${REGISTRATION_BOUNDS.tags} étiquettes d'au plus 50 caractères.`,
  },
  condition_reference: { en: "The condition must refer to a field placed before this one.", fr: "La condition doit porter sur un champ placé avant celui-ci." },
  condition_operator: { en: "This condition does not apply to the type of the chosen field.", fr: "Cette condition ne s'applique pas au type du champ choisi." },
  condition_option: { en: "Choose one of the options of the chosen field.", fr: "Choisissez l'une des options du champ choisi." },
  condition_text: { en: "Enter the text to compare with.", fr: "Saisissez le texte à comparer." },
  condition_no_value: { en: "This condition takes no value.", fr: "Cette condition ne prend pas de valeur." },
} as const satisfies Record<string, LocalizedText>;
type Message = keyof typeof REGISTRATION_FORM_MESSAGES;

const TAG_MAX = 50;

/**
 * Field errors of a registration form, keyed `registration_fields.<i>.name`,
 * `registration_fields.<i>.options.<j>.name` / `.limit` / `.tags` / `.id`,
 * `registration_fields.<i>.options`, `registration_fields.<i>.condition`, `registration_fields.<i>.id`,
 * in `locale` (en or fr; other locales read English). Empty: the form may be saved.
 */
export function registrationFormErrors(fields: readonly RegistrationField[], locale: UiLocale): FieldErrors {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => {
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const text = (key: Message) => localized(REGISTRATION_FORM_MESSAGES[key], locale);
  const at = (i: number, rest?: string) => `registration_fields.${i}${rest ? `.${rest}` : ""}`;

  if (fields.length > REGISTRATION_BOUNDS.fields) add("registration_fields", text("too_many_fields"));
  for (const i of duplicateNameIndexes(fields.map((field) => field.id))) add(at(i, "id"), text("duplicate_field_id"));
  for (const i of duplicateNames(fields.map((field) => field.name))) add(at(i, "name"), ruleMessage("duplicate_name", locale));

  fields.forEach((field, i) => {
    nameErrors(field.name, locale).forEach((message) => add(at(i, "name"), message));
    const count = optionCountOf(field.type);
    if (field.options.length < count.min) add(at(i, "options"), text("options_required"));
    else if (field.options.length > count.max) add(at(i, "options"), text(count.max === 0 ? "no_options" : count.max === 1 ? "one_option" : "too_many_options"));

    for (const j of duplicateNameIndexes(field.options.map((option) => option.id))) add(at(i, `options.${j}.id`), text("duplicate_option_id"));
    for (const j of duplicateNames(field.options.map((option) => option.name))) add(at(i, `options.${j}.name`), text("duplicate_option_name"));
    field.options.forEach((option, j) => {
      nameErrors(option.name, locale).forEach((message) => add(at(i, `options.${j}.name`), message));
      if (!validLimit(option.limit)) add(at(i, `options.${j}.limit`), text("limit"));
      if (option.tags.length > REGISTRATION_BOUNDS.tags || option.tags.some((tag) => tag.trim() === "" || [...tag].length > TAG_MAX)) add(at(i, `options.${j}.tags`), text("tags"));
    });

    const message = conditionError(fields, i, locale);
    if (message) add(at(i, "condition"), message);
  });
  return errors;
}

/** A name in at least one language (trimmed), each at most the bound. */
function nameErrors(name: LocalizedName, locale: UiLocale): string[] {
  const messages: string[] = [];
  const missing = requiresAtLeastOneTranslation(name, locale);
  if (missing) messages.push(missing);
  if (Object.values(name).some((value) => value !== undefined && [...value].length > REGISTRATION_BOUNDS.name)) messages.push(localized(REGISTRATION_FORM_MESSAGES.name_too_long, locale));
  return messages;
}

/** The indexes whose name repeats an earlier one in some language (SPEC §5 "Duplicate field names are refused"). */
function duplicateNames(names: readonly LocalizedName[]): number[] {
  const indexes = new Set<number>();
  for (const language of UI_LOCALES) for (const index of duplicateNameIndexes(names.map((name) => name[language]))) indexes.add(index);
  return [...indexes].sort((a, b) => a - b);
}

/** SPEC §5: "A field-option limit may be left empty for no limit"; else a whole number ≥ 1. */
function validLimit(limit: number | null): boolean {
  return limit === null || (Number.isInteger(limit) && limit >= 1 && limit <= REGISTRATION_BOUNDS.limit);
}

function conditionError(fields: readonly RegistrationField[], index: number, locale: UiLocale): string | null {
  const condition = fields[index]?.condition;
  if (!condition) return null;
  const text = (key: Message) => localized(REGISTRATION_FORM_MESSAGES[key], locale);
  const referenceIndex = fields.findIndex((field) => field.id === condition.field_id);
  const reference = fields[referenceIndex];
  if (!reference || referenceIndex >= index) return text("condition_reference");
  if (!CONDITION_OPERATORS_BY_TYPE[reference.type].includes(condition.operator)) return text("condition_operator");
  const kind = conditionValueKind(reference.type);
  if (kind === "none") return condition.value === null ? null : text("condition_no_value");
  if (kind === "option") return reference.options.some((option) => option.id === condition.value) ? null : text("condition_option");
  return condition.value !== null && condition.value.trim() !== "" ? null : text("condition_text");
}
