import type { MessageLocale } from "../i18n/locales.ts";

/**
 * Texts of the validation rules (SPEC §5), in the two server languages. Templates keep the
 * spec's `{placeholder}` syntax so they read side by side with it; where the spec quotes a text,
 * the English is that text, word for word ("Another field use this name" included). No
 * authorization involved: pure data.
 */
export const RULE_MESSAGES = {
  // Custom rules (SPEC §5 "Custom rules").
  required: { en: "This field is required", fr: "Ce champ est obligatoire" },
  required_with: {
    en: "This field is required when {targetField} is present.",
    fr: "Ce champ est obligatoire lorsque le champ {targetField} est rempli.",
  },
  domain: { en: "Invalid domain name. Please use the syntax: {host}", fr: "Nom de domaine invalide. Veuillez utiliser la syntaxe : {host}" },
  excluded: { en: "This domain has already been added", fr: "Ce domaine a déjà été ajouté" },
  duplicate_name: { en: "Another field use this name", fr: "Un autre champ utilise ce nom" },
  phone: {
    en: "Invalid phone number. Use 7 to 15 digits, for example +1 514 555-0123.",
    fr: "Numéro de téléphone invalide. Utilisez de 7 à 15 chiffres, par exemple +1 514 555-0123.",
  },
  datetime_invalid: { en: "This date is invalid.", fr: "Cette date est invalide." },
  datetime_after_now: { en: "This date must be in the future.", fr: "Cette date doit être dans le futur." },
  datetime_after: { en: "This date must be after {date}.", fr: "Cette date doit être après {date}." },
  date_not_before_today: { en: "This date cannot be in the past.", fr: "Cette date ne peut pas être passée." },
  at_least_one_translation: {
    en: "Enter this value in at least one language.",
    fr: "Saisissez cette valeur dans au moins une langue.",
  },
  required_translation: { en: "The {language} value is required.", fr: "La valeur en {language} est obligatoire." },
  required_default_translation: {
    en: "The value in the default language ({language}) is required.",
    fr: "La valeur dans la langue par défaut ({language}) est obligatoire.",
  },
  url_format: {
    en: "Invalid URL format: {url}. A URL starts with http:// or https://.",
    fr: "Format d'URL invalide : {url}. Une URL commence par http:// ou https://.",
  },
  url_format_at: {
    en: "Invalid URL format in entry {position}. A URL starts with http:// or https://.",
    fr: "Format d'URL invalide à l'entrée {position}. Une URL commence par http:// ou https://.",
  },
  element_max_length: { en: "Limit reached: at most {max} characters.", fr: "Limite atteinte : au plus {max} caractères." },
  element_max_value: { en: "Limit reached: the maximum is {max}.", fr: "Limite atteinte : le maximum est {max}." },
  decimal_number: { en: "This field must be a number.", fr: "Ce champ doit être un nombre." },
  decimal_no_decimals: { en: "This field cannot have decimals.", fr: "Ce champ ne peut pas avoir de décimales." },
  decimal_max_places: { en: "This field can have at most {max} decimal places.", fr: "Ce champ peut avoir au plus {max} décimales." },
  min_stripe_amount: {
    en: "The amount must be 0 (free) or at least {amount}.",
    fr: "Le montant doit être 0 (gratuit) ou d'au moins {amount}.",
  },
  time_string: { en: "Use the format hh:mm:ss.", fr: "Utilisez le format hh:mm:ss." },
  stream_url: {
    en: "The stream URL must start with {addresses} and have a path after the service address.",
    fr: "L'URL du flux doit commencer par {addresses} et comporter un chemin après l'adresse du service.",
  },

  // Generic form rules (SPEC §5 "Available form rules"), see form-rules.ts.
  alpha: { en: "This field may only contain letters.", fr: "Ce champ ne peut contenir que des lettres." },
  alpha_dash: {
    en: "This field may only contain letters, digits, dashes and underscores.",
    fr: "Ce champ ne peut contenir que des lettres, des chiffres, des tirets et des traits de soulignement.",
  },
  alpha_num: { en: "This field may only contain letters and digits.", fr: "Ce champ ne peut contenir que des lettres et des chiffres." },
  alpha_spaces: { en: "This field may only contain letters and spaces.", fr: "Ce champ ne peut contenir que des lettres et des espaces." },
  between: { en: "This field must be between {min} and {max}.", fr: "Ce champ doit être compris entre {min} et {max}." },
  digits: { en: "This field must be exactly {length} digits.", fr: "Ce champ doit contenir exactement {length} chiffres." },
  email: { en: "This field must be a valid e-mail address.", fr: "Ce champ doit être une adresse e-mail valide." },
  integer: { en: "This field must be a whole number.", fr: "Ce champ doit être un nombre entier." },
  max: { en: "This field may not be longer than {length} characters.", fr: "Ce champ ne peut pas dépasser {length} caractères." },
  min: { en: "This field must be at least {length} characters.", fr: "Ce champ doit contenir au moins {length} caractères." },
  max_value: { en: "This field must be {max} or less.", fr: "Ce champ doit être inférieur ou égal à {max}." },
  min_value: { en: "This field must be {min} or more.", fr: "Ce champ doit être supérieur ou égal à {min}." },
  numeric: { en: "This field may only contain digits.", fr: "Ce champ ne peut contenir que des chiffres." },
  one_of: { en: "This value is not one of the allowed choices.", fr: "Cette valeur ne fait pas partie des choix permis." },
  not_one_of: { en: "This value is not allowed.", fr: "Cette valeur n'est pas permise." },
  regex: { en: "This field format is invalid.", fr: "Le format de ce champ est invalide." },
  size: { en: "The file may not be larger than {size}.", fr: "Le fichier ne peut pas dépasser {size}." },
  url: { en: "This field must be a valid URL.", fr: "Ce champ doit être une URL valide." },
} as const satisfies Record<string, Record<MessageLocale, string>>;

export type RuleMessageKey = keyof typeof RULE_MESSAGES;

/** What every rule returns: null when the value passes, else the message to show. */
export type RuleResult = string | null;

/** The `{names}` of a template, as a union of string literals. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The values a message's placeholders need, typed from its English template. */
export type RuleMessageParams<K extends RuleMessageKey> = Record<Placeholders<(typeof RULE_MESSAGES)[K]["en"]>, string | number>;

type ParamsArgument<K extends RuleMessageKey> = [Placeholders<(typeof RULE_MESSAGES)[K]["en"]>] extends [never] ? [] : [params: RuleMessageParams<K>];

/**
 * The message of a rule in `locale`, its placeholders filled: `ruleMessage("domain", "fr",
 * { host: "example.com" })`. A message without placeholders takes no third argument.
 */
export function ruleMessage<K extends RuleMessageKey>(key: K, locale: MessageLocale, ...params: ParamsArgument<K>): string;
export function ruleMessage(key: RuleMessageKey, locale: MessageLocale, params: Record<string, string | number> = {}): string {
  return RULE_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? formatValue(params[name], locale) : match));
}

/** Numbers in messages: a decimal comma in French ("0,5"); strings are shown as given. */
function formatValue(value: string | number | undefined, locale: MessageLocale): string {
  if (typeof value !== "number") return value ?? "";
  return locale === "fr" ? String(value).replace(".", ",") : String(value);
}

/** "a", "a or b", "a, b or c" (fr: "ou"): the alternatives a message names. */
export function alternatives(items: readonly string[], locale: MessageLocale): string {
  const or = locale === "fr" ? "ou" : "or";
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${or} ${items[items.length - 1]}`;
}
