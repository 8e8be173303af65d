import type { FieldErrors } from "../errors/codes.ts";
import type { UiLocale } from "../i18n/locales.ts";
import { email, max } from "../validation/form-rules.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";
import { required } from "../validation/required.ts";
import { ruleMessage } from "../validation/rule-messages.ts";
import { normalizedName } from "../validation/rules.ts";
import { cleanTags } from "../viewers/rules.ts";
import { REGISTRATION_BOUNDS, type RegistrationAnswers, type RegistrationCondition, type RegistrationField, type RegistrationOption } from "./record.ts";

/**
 * A viewer's answers to a webcast's registration form (record.ts; SPEC §3 conditions, §5). Pure:
 * the viewer page runs it as the viewer types (which fields to show, instant errors), the worker
 * again when the registration is posted (the authority: it passes `taken`, the choices already
 * made, so a full option is refused). No authorization: registering is public; the worker checks
 * that the webcast takes registrations before calling these.
 */

/** One answer: a text, an option id, option ids or a tick (record.ts). */
type Answer = RegistrationAnswers[string];

/**
 * Messages of this module that the validation catalogue lacks. In the five languages, like the
 * rule messages they are shown beside ("This field is required"), so a German viewer reads no
 * English among German errors.
 */
export const REGISTRATION_ANSWER_MESSAGES = {
  choice_full: {
    en: "This choice is full: {option}.",
    fr: "Ce choix est complet : {option}.",
    de: "Diese Auswahl ist ausgebucht: {option}.",
    pt: "Esta opção está esgotada: {option}.",
    es: "Esta opción está completa: {option}.",
  },
} as const satisfies Record<string, LocalizedText>;

/**
 * The answer to field `id`, own properties only: an id such as "constructor" must not read
 * `Object.prototype.constructor` off a plain answers object.
 */
function answerOf(answers: RegistrationAnswers, id: string): Answer | undefined {
  return Object.hasOwn(answers, id) ? answers[id] : undefined;
}

function optionOf(field: RegistrationField, id: unknown): RegistrationOption | undefined {
  return typeof id === "string" ? field.options.find((option) => option.id === id) : undefined;
}

/**
 * Whether `condition` holds for the reference field's `answer`. An operator that does not fit the
 * reference's type, a missing value or an option the reference does not have makes the condition
 * false (fail closed: a broken form hides a field rather than asking what it should not). An
 * answer of the wrong kind reads as no answer, as cleanAnswers drops it; so a negative operator
 * (is_not_checked, not_equals, does_not_include) holds while the reference is unanswered.
 */
function conditionHolds(condition: RegistrationCondition, reference: RegistrationField, answer: Answer | undefined): boolean {
  const { operator, value } = condition;
  switch (reference.type) {
    case "checkbox":
      if (operator === "is_checked") return answer === true;
      return operator === "is_not_checked" && answer !== true;
    case "select":
    case "radio": {
      if ((operator !== "equals" && operator !== "not_equals") || !optionOf(reference, value)) return false;
      return (answer === value) === (operator === "equals");
    }
    case "multiselect": {
      if ((operator !== "includes" && operator !== "does_not_include") || !optionOf(reference, value)) return false;
      return (Array.isArray(answer) && answer.includes(value ?? "")) === (operator === "includes");
    }
    case "text":
    case "email": {
      if (value === null) return false;
      // Unanswered reads as the empty text, which is also what cleanAnswers leaves of a blank one.
      const text = normalizedName(typeof answer === "string" ? answer : "");
      const wanted = normalizedName(value);
      if (operator === "equals") return text === wanted;
      if (operator === "not_equals") return text !== wanted;
      if (operator === "includes") return text.includes(wanted);
      return operator === "does_not_include" && !text.includes(wanted);
    }
  }
}

/**
 * The fields shown, in order, given the answers so far: a field with a condition is shown when its
 * reference, an earlier field, is itself shown and the condition holds, so hiding A hides B and C
 * of a chain A → B → C. A reference to an unknown, a later or the same field hides the field.
 */
export function visibleFields(fields: readonly RegistrationField[], answers: RegistrationAnswers): RegistrationField[] {
  const earlier = new Map<string, { field: RegistrationField; shown: boolean }>();
  const shown: RegistrationField[] = [];
  for (const field of fields) {
    const reference = field.condition ? earlier.get(field.condition.field_id) : undefined;
    const visible = field.condition === null || (reference !== undefined && reference.shown && conditionHolds(field.condition, reference.field, answerOf(answers, reference.field.id)));
    if (!earlier.has(field.id)) earlier.set(field.id, { field, shown: visible });
    if (visible) shown.push(field);
  }
  return shown;
}

/** The answer as stored, or undefined when there is nothing to keep (blank, empty, an unticked optional box, a wrong kind, unknown options). */
function cleanAnswer(field: RegistrationField, answer: Answer | undefined): Answer | undefined {
  switch (field.type) {
    case "text":
    case "email": {
      const text = typeof answer === "string" ? answer.trim() : "";
      return text === "" ? undefined : text;
    }
    case "select":
    case "radio":
      return optionOf(field, answer) ? answer : undefined;
    case "multiselect": {
      const ids = Array.isArray(answer) ? [...new Set(answer)].filter((id) => optionOf(field, id)) : [];
      return ids.length === 0 ? undefined : ids;
    }
    case "checkbox":
      return answer === true || (answer === false && field.required) ? answer : undefined;
  }
}

/**
 * The answers to keep: those of shown fields only, texts trimmed, multiselect ids without repeats;
 * blank texts, empty lists, unticked optional boxes, answers of the wrong kind and unknown option
 * ids dropped. Idempotent, and shows the same fields as the answers it cleans.
 */
export function cleanAnswers(fields: readonly RegistrationField[], answers: RegistrationAnswers): RegistrationAnswers {
  const entries = visibleFields(fields, answers).flatMap((field) => {
    const value = cleanAnswer(field, answerOf(answers, field.id));
    return value === undefined ? [] : [[field.id, value] as const];
  });
  // fromEntries defines own properties, so a field id "__proto__" is kept like any other.
  return Object.fromEntries(entries);
}

/** The options the shown fields' answers choose, in order (a ticked box chooses its first option, if any). */
function chosenOptions(fields: readonly RegistrationField[], answers: RegistrationAnswers): RegistrationOption[] {
  return visibleFields(fields, answers).flatMap((field) => {
    const answer = answerOf(answers, field.id);
    if (field.type === "checkbox") return answer === true && field.options[0] ? [field.options[0]] : [];
    if (field.type === "multiselect") return Array.isArray(answer) ? [...new Set(answer)].flatMap((id) => optionOf(field, id) ?? []) : [];
    if (field.type === "select" || field.type === "radio") return optionOf(field, answer) ?? [];
    return [];
  });
}

/** Ids of the options chosen by the shown fields' answers, each once (what `taken` counts). */
export function chosenOptionIds(fields: readonly RegistrationField[], answers: RegistrationAnswers): string[] {
  return [...new Set(chosenOptions(fields, answers).map((option) => option.id))];
}

/** Tags the chosen options give the viewer, in order, each once whatever its case (viewers' cleanTags). */
export function tagsFromAnswers(fields: readonly RegistrationField[], answers: RegistrationAnswers): string[] {
  return cleanTags(chosenOptions(fields, answers).flatMap((option) => option.tags));
}

/** The option's name in `locale`, else English, else any; its id for a nameless one (SPEC §5 forbids those). */
function optionName(option: RegistrationOption, locale: UiLocale): string {
  const names = [option.name[locale], option.name.en, ...Object.values(option.name)];
  return names.find((name) => name !== undefined && name.trim() !== "")?.trim() ?? option.id;
}

/** "This choice is full" for each chosen option whose limit is reached by others' choices. */
function fullChoices(options: readonly RegistrationOption[], taken: ReadonlyMap<string, number> | undefined, locale: UiLocale): string[] {
  return options.flatMap((option) =>
    option.limit !== null && (taken?.get(option.id) ?? 0) >= option.limit ? [localized(REGISTRATION_ANSWER_MESSAGES.choice_full, locale).replace("{option}", optionName(option, locale))] : [],
  );
}

function answerErrors(field: RegistrationField, answer: Answer | undefined, locale: UiLocale, taken: ReadonlyMap<string, number> | undefined): string[] {
  const fail = (message: string | null) => (message === null ? [] : [message]);
  switch (field.type) {
    case "text":
    case "email": {
      // A list or a tick where a text is due only comes from a broken or forged client.
      if (answer !== undefined && typeof answer !== "string") return [ruleMessage("regex", locale)];
      const text = answer?.trim() ?? "";
      return fail((field.required ? required(text, locale) : null) ?? (field.type === "email" ? email(text, locale) : null) ?? max(text, locale, { length: REGISTRATION_BOUNDS.answer }));
    }
    case "select":
    case "radio": {
      if (answer === undefined || answer === "") return field.required ? fail(required(answer, locale)) : [];
      const option = optionOf(field, answer);
      return option ? fullChoices([option], taken, locale) : [ruleMessage("one_of", locale)];
    }
    case "multiselect": {
      const ids = answer === undefined ? [] : answer;
      if (!Array.isArray(ids) || ids.some((id) => !optionOf(field, id))) return [ruleMessage("one_of", locale)];
      if (field.required && ids.length === 0) return fail(required(ids, locale));
      return fullChoices([...new Set(ids)].flatMap((id) => optionOf(field, id) ?? []), taken, locale);
    }
    case "checkbox": {
      if (answer !== undefined && typeof answer !== "boolean") return [ruleMessage("regex", locale)];
      // A required box is a consent: it must be ticked.
      if (field.required && answer !== true) return fail(required(false, locale));
      return answer === true && field.options[0] ? fullChoices([field.options[0]], taken, locale) : [];
    }
  }
}

/**
 * Field errors of the answers (keys `answers.<field id>`, `{}` when valid), shown fields only:
 * required (a required checkbox must be ticked), the kind of answer the field takes, options the
 * field has, a valid e-mail, at most REGISTRATION_BOUNDS.answer characters, and no option whose
 * `limit` is reached: `taken` counts, by option id, the viewers who already chose it (the
 * worker's count, not counting this viewer's own earlier registration). Texts are judged trimmed.
 */
export function registrationAnswerErrors(
  fields: readonly RegistrationField[],
  answers: RegistrationAnswers,
  options: { locale: UiLocale; taken?: ReadonlyMap<string, number> },
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of visibleFields(fields, answers)) {
    const messages = answerErrors(field, answerOf(answers, field.id), options.locale, options.taken);
    if (messages.length > 0) errors[`answers.${field.id}`] = messages;
  }
  return errors;
}
