import type { UiLocale } from "../i18n/locales.ts";
import { decimalSeparator, localized, type LocalizedText } from "./localized.ts";

/**
 * Texts of the validation rules (SPEC §5), in the five interface languages (issue #12: a German,
 * Portuguese or Spanish user no longer reads French errors). Templates keep the spec's
 * `{placeholder}` syntax so they read side by side with it; where the spec quotes a text, the
 * English is that text, word for word ("Another field use this name" included). A text missing in
 * de, pt or es would show in English (localized.ts). No authorization involved: pure data.
 */
export const RULE_MESSAGES = {
  // Custom rules (SPEC §5 "Custom rules").
  required: { en: "This field is required", fr: "Ce champ est obligatoire", de: "Dieses Feld ist erforderlich", pt: "Este campo é obrigatório", es: "Este campo es obligatorio" },
  required_with: {
    en: "This field is required when {targetField} is present.",
    fr: "Ce champ est obligatoire lorsque le champ {targetField} est rempli.",
    de: "Dieses Feld ist erforderlich, wenn das Feld {targetField} ausgefüllt ist.",
    pt: "Este campo é obrigatório quando o campo {targetField} está preenchido.",
    es: "Este campo es obligatorio cuando el campo {targetField} está completado.",
  },
  domain: {
    en: "Invalid domain name. Please use the syntax: {host}",
    fr: "Nom de domaine invalide. Veuillez utiliser la syntaxe : {host}",
    de: "Ungültiger Domainname. Bitte verwenden Sie die Schreibweise: {host}",
    pt: "Nome de domínio inválido. Use a sintaxe: {host}",
    es: "Nombre de dominio no válido. Utilice la sintaxis: {host}",
  },
  excluded: {
    en: "This domain has already been added",
    fr: "Ce domaine a déjà été ajouté",
    de: "Diese Domain wurde bereits hinzugefügt",
    pt: "Este domínio já foi adicionado",
    es: "Este dominio ya se ha añadido",
  },
  duplicate_name: {
    en: "Another field use this name",
    fr: "Un autre champ utilise ce nom",
    de: "Ein anderes Feld verwendet diesen Namen",
    pt: "Outro campo usa este nome",
    es: "Otro campo usa este nombre",
  },
  phone: {
    en: "Invalid phone number. Use 7 to 15 digits, for example +1 514 555-0123.",
    fr: "Numéro de téléphone invalide. Utilisez de 7 à 15 chiffres, par exemple +1 514 555-0123.",
    de: "Ungültige Telefonnummer. Verwenden Sie 7 bis 15 Ziffern, zum Beispiel +1 514 555-0123.",
    pt: "Número de telefone inválido. Use de 7 a 15 dígitos, por exemplo +1 514 555-0123.",
    es: "Número de teléfono no válido. Use de 7 a 15 dígitos, por ejemplo +1 514 555-0123.",
  },
  datetime_invalid: { en: "This date is invalid.", fr: "Cette date est invalide.", de: "Dieses Datum ist ungültig.", pt: "Esta data é inválida.", es: "Esta fecha no es válida." },
  datetime_after_now: {
    en: "This date must be in the future.",
    fr: "Cette date doit être dans le futur.",
    de: "Dieses Datum muss in der Zukunft liegen.",
    pt: "Esta data deve estar no futuro.",
    es: "Esta fecha debe estar en el futuro.",
  },
  datetime_after: {
    en: "This date must be after {date}.",
    fr: "Cette date doit être après {date}.",
    de: "Dieses Datum muss nach {date} liegen.",
    pt: "Esta data deve ser posterior a {date}.",
    es: "Esta fecha debe ser posterior a {date}.",
  },
  date_not_before_today: {
    en: "This date cannot be in the past.",
    fr: "Cette date ne peut pas être passée.",
    de: "Dieses Datum darf nicht in der Vergangenheit liegen.",
    pt: "Esta data não pode estar no passado.",
    es: "Esta fecha no puede estar en el pasado.",
  },
  at_least_one_translation: {
    en: "Enter this value in at least one language.",
    fr: "Saisissez cette valeur dans au moins une langue.",
    de: "Geben Sie diesen Wert in mindestens einer Sprache ein.",
    pt: "Informe este valor em pelo menos um idioma.",
    es: "Introduzca este valor en al menos un idioma.",
  },
  // {language} is the language's name in the message's language (translations.ts LANGUAGE_NAMES).
  required_translation: {
    en: "The {language} value is required.",
    fr: "La valeur en {language} est obligatoire.",
    de: "Der Wert auf {language} ist erforderlich.",
    pt: "O valor em {language} é obrigatório.",
    es: "El valor en {language} es obligatorio.",
  },
  required_default_translation: {
    en: "The value in the default language ({language}) is required.",
    fr: "La valeur dans la langue par défaut ({language}) est obligatoire.",
    de: "Der Wert in der Standardsprache ({language}) ist erforderlich.",
    pt: "O valor no idioma padrão ({language}) é obrigatório.",
    es: "El valor en el idioma predeterminado ({language}) es obligatorio.",
  },
  url_format: {
    en: "Invalid URL format: {url}. A URL starts with http:// or https://.",
    fr: "Format d'URL invalide : {url}. Une URL commence par http:// ou https://.",
    de: "Ungültiges URL-Format: {url}. Eine URL beginnt mit http:// oder https://.",
    pt: "Formato de URL inválido: {url}. Uma URL começa com http:// ou https://.",
    es: "Formato de URL no válido: {url}. Una URL empieza por http:// o https://.",
  },
  url_format_at: {
    en: "Invalid URL format in entry {position}. A URL starts with http:// or https://.",
    fr: "Format d'URL invalide à l'entrée {position}. Une URL commence par http:// ou https://.",
    de: "Ungültiges URL-Format in Eintrag {position}. Eine URL beginnt mit http:// oder https://.",
    pt: "Formato de URL inválido na entrada {position}. Uma URL começa com http:// ou https://.",
    es: "Formato de URL no válido en la entrada {position}. Una URL empieza por http:// o https://.",
  },
  element_max_length: {
    en: "Limit reached: at most {max} characters.",
    fr: "Limite atteinte : au plus {max} caractères.",
    de: "Limit erreicht: höchstens {max} Zeichen.",
    pt: "Limite atingido: no máximo {max} caracteres.",
    es: "Límite alcanzado: como máximo {max} caracteres.",
  },
  element_max_value: {
    en: "Limit reached: the maximum is {max}.",
    fr: "Limite atteinte : le maximum est {max}.",
    de: "Limit erreicht: Der Höchstwert ist {max}.",
    pt: "Limite atingido: o máximo é {max}.",
    es: "Límite alcanzado: el máximo es {max}.",
  },
  decimal_number: {
    en: "This field must be a number.",
    fr: "Ce champ doit être un nombre.",
    de: "Dieses Feld muss eine Zahl sein.",
    pt: "Este campo deve ser um número.",
    es: "Este campo debe ser un número.",
  },
  decimal_no_decimals: {
    en: "This field cannot have decimals.",
    fr: "Ce champ ne peut pas avoir de décimales.",
    de: "Dieses Feld darf keine Nachkommastellen haben.",
    pt: "Este campo não pode ter casas decimais.",
    es: "Este campo no puede tener decimales.",
  },
  decimal_max_places: {
    en: "This field can have at most {max} decimal places.",
    fr: "Ce champ peut avoir au plus {max} décimales.",
    de: "Dieses Feld darf höchstens {max} Nachkommastellen haben.",
    pt: "Este campo pode ter no máximo {max} casas decimais.",
    es: "Este campo puede tener como máximo {max} decimales.",
  },
  min_stripe_amount: {
    en: "The amount must be 0 (free) or at least {amount}.",
    fr: "Le montant doit être 0 (gratuit) ou d'au moins {amount}.",
    de: "Der Betrag muss 0 (kostenlos) oder mindestens {amount} sein.",
    pt: "O valor deve ser 0 (gratuito) ou de pelo menos {amount}.",
    es: "El importe debe ser 0 (gratuito) o de al menos {amount}.",
  },
  time_string: { en: "Use the format hh:mm:ss.", fr: "Utilisez le format hh:mm:ss.", de: "Verwenden Sie das Format hh:mm:ss.", pt: "Use o formato hh:mm:ss.", es: "Use el formato hh:mm:ss." },
  stream_url: {
    en: "The stream URL must start with {addresses} and have a path after the service address.",
    fr: "L'URL du flux doit commencer par {addresses} et comporter un chemin après l'adresse du service.",
    de: "Die Stream-URL muss mit {addresses} beginnen und nach der Adresse des Dienstes einen Pfad enthalten.",
    pt: "A URL de transmissão deve começar com {addresses} e ter um caminho após o endereço do serviço.",
    es: "La URL de transmisión debe empezar por {addresses} y tener una ruta después de la dirección del servicio.",
  },

  // Generic form rules (SPEC §5 "Available form rules"), see form-rules.ts.
  alpha: {
    en: "This field may only contain letters.",
    fr: "Ce champ ne peut contenir que des lettres.",
    de: "Dieses Feld darf nur Buchstaben enthalten.",
    pt: "Este campo só pode conter letras.",
    es: "Este campo solo puede contener letras.",
  },
  alpha_dash: {
    en: "This field may only contain letters, digits, dashes and underscores.",
    fr: "Ce champ ne peut contenir que des lettres, des chiffres, des tirets et des traits de soulignement.",
    de: "Dieses Feld darf nur Buchstaben, Ziffern, Binde- und Unterstriche enthalten.",
    pt: "Este campo só pode conter letras, dígitos, hífens e sublinhados.",
    es: "Este campo solo puede contener letras, dígitos, guiones y guiones bajos.",
  },
  alpha_num: {
    en: "This field may only contain letters and digits.",
    fr: "Ce champ ne peut contenir que des lettres et des chiffres.",
    de: "Dieses Feld darf nur Buchstaben und Ziffern enthalten.",
    pt: "Este campo só pode conter letras e dígitos.",
    es: "Este campo solo puede contener letras y dígitos.",
  },
  alpha_spaces: {
    en: "This field may only contain letters and spaces.",
    fr: "Ce champ ne peut contenir que des lettres et des espaces.",
    de: "Dieses Feld darf nur Buchstaben und Leerzeichen enthalten.",
    pt: "Este campo só pode conter letras e espaços.",
    es: "Este campo solo puede contener letras y espacios.",
  },
  between: {
    en: "This field must be between {min} and {max}.",
    fr: "Ce champ doit être compris entre {min} et {max}.",
    de: "Dieses Feld muss zwischen {min} und {max} liegen.",
    pt: "Este campo deve estar entre {min} e {max}.",
    es: "Este campo debe estar entre {min} y {max}.",
  },
  digits: {
    en: "This field must be exactly {length} digits.",
    fr: "Ce champ doit contenir exactement {length} chiffres.",
    de: "Dieses Feld muss genau {length} Ziffern enthalten.",
    pt: "Este campo deve ter exatamente {length} dígitos.",
    es: "Este campo debe tener exactamente {length} dígitos.",
  },
  email: {
    en: "This field must be a valid e-mail address.",
    fr: "Ce champ doit être une adresse e-mail valide.",
    de: "Dieses Feld muss eine gültige E-Mail-Adresse sein.",
    pt: "Este campo deve ser um endereço de e-mail válido.",
    es: "Este campo debe ser una dirección de correo electrónico válida.",
  },
  integer: {
    en: "This field must be a whole number.",
    fr: "Ce champ doit être un nombre entier.",
    de: "Dieses Feld muss eine ganze Zahl sein.",
    pt: "Este campo deve ser um número inteiro.",
    es: "Este campo debe ser un número entero.",
  },
  max: {
    en: "This field may not be longer than {length} characters.",
    fr: "Ce champ ne peut pas dépasser {length} caractères.",
    de: "Dieses Feld darf höchstens {length} Zeichen lang sein.",
    pt: "Este campo não pode ter mais de {length} caracteres.",
    es: "Este campo no puede tener más de {length} caracteres.",
  },
  min: {
    en: "This field must be at least {length} characters.",
    fr: "Ce champ doit contenir au moins {length} caractères.",
    de: "Dieses Feld muss mindestens {length} Zeichen lang sein.",
    pt: "Este campo deve ter pelo menos {length} caracteres.",
    es: "Este campo debe tener al menos {length} caracteres.",
  },
  max_value: {
    en: "This field must be {max} or less.",
    fr: "Ce champ doit être inférieur ou égal à {max}.",
    de: "Dieses Feld muss kleiner oder gleich {max} sein.",
    pt: "Este campo deve ser menor ou igual a {max}.",
    es: "Este campo debe ser menor o igual que {max}.",
  },
  min_value: {
    en: "This field must be {min} or more.",
    fr: "Ce champ doit être supérieur ou égal à {min}.",
    de: "Dieses Feld muss größer oder gleich {min} sein.",
    pt: "Este campo deve ser maior ou igual a {min}.",
    es: "Este campo debe ser mayor o igual que {min}.",
  },
  numeric: {
    en: "This field may only contain digits.",
    fr: "Ce champ ne peut contenir que des chiffres.",
    de: "Dieses Feld darf nur Ziffern enthalten.",
    pt: "Este campo só pode conter dígitos.",
    es: "Este campo solo puede contener dígitos.",
  },
  one_of: {
    en: "This value is not one of the allowed choices.",
    fr: "Cette valeur ne fait pas partie des choix permis.",
    de: "Dieser Wert gehört nicht zu den zulässigen Auswahlmöglichkeiten.",
    pt: "Este valor não está entre as opções permitidas.",
    es: "Este valor no está entre las opciones permitidas.",
  },
  not_one_of: { en: "This value is not allowed.", fr: "Cette valeur n'est pas permise.", de: "Dieser Wert ist nicht zulässig.", pt: "Este valor não é permitido.", es: "Este valor no está permitido." },
  regex: {
    en: "This field format is invalid.",
    fr: "Le format de ce champ est invalide.",
    de: "Das Format dieses Feldes ist ungültig.",
    pt: "O formato deste campo é inválido.",
    es: "El formato de este campo no es válido.",
  },
  size: {
    en: "The file may not be larger than {size}.",
    fr: "Le fichier ne peut pas dépasser {size}.",
    de: "Die Datei darf nicht größer als {size} sein.",
    pt: "O arquivo não pode ser maior que {size}.",
    es: "El archivo no puede superar {size}.",
  },
  url: {
    en: "This field must be a valid URL.",
    fr: "Ce champ doit être une URL valide.",
    de: "Dieses Feld muss eine gültige URL sein.",
    pt: "Este campo deve ser uma URL válida.",
    es: "Este campo debe ser una URL válida.",
  },
  // What any schema says of a value of the wrong kind or shape (issue-messages.ts maps zod's issues to these).
  type_text: { en: "This field must be text.", fr: "Ce champ doit être du texte.", de: "Dieses Feld muss Text sein.", pt: "Este campo deve ser texto.", es: "Este campo debe ser texto." },
  type_boolean: {
    en: "This field must be true or false.",
    fr: "Ce champ doit valoir vrai ou faux.",
    de: "Dieses Feld muss wahr oder falsch sein.",
    pt: "Este campo deve ser verdadeiro ou falso.",
    es: "Este campo debe ser verdadero o falso.",
  },
  type_list: { en: "This field must be a list.", fr: "Ce champ doit être une liste.", de: "Dieses Feld muss eine Liste sein.", pt: "Este campo deve ser uma lista.", es: "Este campo debe ser una lista." },
  type_group: {
    en: "This field must be a group of fields.",
    fr: "Ce champ doit être un groupe de champs.",
    de: "Dieses Feld muss eine Gruppe von Feldern sein.",
    pt: "Este campo deve ser um grupo de campos.",
    es: "Este campo debe ser un grupo de campos.",
  },
  invalid: { en: "This field is invalid.", fr: "Ce champ est invalide.", de: "Dieses Feld ist ungültig.", pt: "Este campo é inválido.", es: "Este campo no es válido." },
  unknown_field: {
    en: "Unknown field: {fields}.",
    fr: "Champ inconnu : {fields}.",
    de: "Unbekanntes Feld: {fields}.",
    pt: "Campo desconhecido: {fields}.",
    es: "Campo desconocido: {fields}.",
  },
  length: {
    en: "This field must be exactly {length} characters.",
    fr: "Ce champ doit contenir exactement {length} caractères.",
    de: "Dieses Feld muss genau {length} Zeichen lang sein.",
    pt: "Este campo deve ter exatamente {length} caracteres.",
    es: "Este campo debe tener exactamente {length} caracteres.",
  },
  min_items: {
    en: "Choose at least {min}.",
    fr: "Choisissez-en au moins {min}.",
    de: "Wählen Sie mindestens {min} aus.",
    pt: "Escolha pelo menos {min}.",
    es: "Elija al menos {min}.",
  },
  max_items: {
    en: "This list may not hold more than {max} items.",
    fr: "Cette liste ne peut pas contenir plus de {max} éléments.",
    de: "Diese Liste darf höchstens {max} Einträge enthalten.",
    pt: "Esta lista não pode ter mais de {max} itens.",
    es: "Esta lista no puede tener más de {max} elementos.",
  },
  greater_than: {
    en: "This field must be greater than {min}.",
    fr: "Ce champ doit être supérieur à {min}.",
    de: "Dieses Feld muss größer als {min} sein.",
    pt: "Este campo deve ser maior que {min}.",
    es: "Este campo debe ser mayor que {min}.",
  },
  less_than: {
    en: "This field must be less than {max}.",
    fr: "Ce champ doit être inférieur à {max}.",
    de: "Dieses Feld muss kleiner als {max} sein.",
    pt: "Este campo deve ser menor que {max}.",
    es: "Este campo debe ser menor que {max}.",
  },
  multiple_of: {
    en: "This field must be a multiple of {divisor}.",
    fr: "Ce champ doit être un multiple de {divisor}.",
    de: "Dieses Feld muss ein Vielfaches von {divisor} sein.",
    pt: "Este campo deve ser um múltiplo de {divisor}.",
    es: "Este campo debe ser un múltiplo de {divisor}.",
  },
  invalid_characters: {
    en: "This field contains characters that cannot be stored (a null character or a broken character).",
    fr: "Ce champ contient des caractères impossibles à enregistrer (un caractère nul ou un caractère mal formé).",
    de: "Dieses Feld enthält Zeichen, die nicht gespeichert werden können (ein Nullzeichen oder ein fehlerhaftes Zeichen).",
    pt: "Este campo contém caracteres que não podem ser guardados (um caractere nulo ou um caractere malformado).",
    es: "Este campo contiene caracteres que no se pueden guardar (un carácter nulo o un carácter mal formado).",
  },
} as const satisfies Record<string, LocalizedText>;

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
export function ruleMessage<K extends RuleMessageKey>(key: K, locale: UiLocale, ...params: ParamsArgument<K>): string;
export function ruleMessage(key: RuleMessageKey, locale: UiLocale, params: Record<string, string | number> = {}): string {
  const template: string = localized(RULE_MESSAGES[key], locale);
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? formatValue(params[name], locale) : match));
}

/** Numbers in messages: a decimal comma except in English ("0,5"); strings are shown as given. */
function formatValue(value: string | number | undefined, locale: UiLocale): string {
  if (typeof value !== "number") return value ?? "";
  return String(value).replace(".", decimalSeparator(locale));
}

const OR: Record<UiLocale, string> = { en: "or", fr: "ou", de: "oder", pt: "ou", es: "o" };

/** "a", "a or b", "a, b or c" (fr "ou", de "oder", pt "ou", es "o"): the alternatives a message names. */
export function alternatives(items: readonly string[], locale: UiLocale): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${OR[locale]} ${items[items.length - 1]}`;
}
