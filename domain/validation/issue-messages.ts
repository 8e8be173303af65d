import type { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { formatBytes } from "./form-rules.ts";
import { ruleMessage } from "./rule-messages.ts";

/**
 * The one place zod's issues get their texts (issue #14): every issue a schema raises without a
 * message of its own is said with the spec's rule messages (SPEC §5 "Available form rules",
 * rule-messages.ts) in the user's language, never with zod's default texts ("Invalid input:
 * expected number, received undefined"). A missing value is "This field is required".
 */
export function issueMessage(issue: z.core.$ZodRawIssue, locale: UiLocale): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return ruleMessage("required", locale);
      return typeMessage(issue.expected, locale);
    case "invalid_union":
      return issue.input === undefined ? ruleMessage("required", locale) : ruleMessage("invalid", locale);
    case "too_small":
      return tooSmall(issue, locale);
    case "too_big":
      return tooBig(issue, locale);
    case "invalid_format":
      if (issue.format === "email") return ruleMessage("email", locale);
      if (issue.format === "url") return ruleMessage("url", locale);
      if (issue.format === "datetime" || issue.format === "date" || issue.format === "time") return ruleMessage("datetime_invalid", locale);
      return ruleMessage("regex", locale);
    case "invalid_value":
      return ruleMessage("one_of", locale);
    case "not_multiple_of":
      return Number(issue.divisor) === 1 ? ruleMessage("integer", locale) : ruleMessage("multiple_of", locale, { divisor: Number(issue.divisor) });
    case "unrecognized_keys":
      return ruleMessage("unknown_field", locale, { fields: issue.keys.join(", ") });
    default:
      return ruleMessage("invalid", locale);
  }
}

function typeMessage(expected: string, locale: UiLocale): string {
  switch (expected) {
    case "string":
      return ruleMessage("type_text", locale);
    case "int":
      return ruleMessage("integer", locale);
    case "number":
    case "bigint":
    case "nan":
      return ruleMessage("decimal_number", locale);
    case "boolean":
      return ruleMessage("type_boolean", locale);
    case "array":
    case "tuple":
    case "set":
      return ruleMessage("type_list", locale);
    case "object":
    case "record":
    case "map":
      return ruleMessage("type_group", locale);
    case "date":
      return ruleMessage("datetime_invalid", locale);
    default:
      return ruleMessage("invalid", locale);
  }
}

type SizeIssue = { origin: string; inclusive?: boolean; exact?: boolean };

function tooSmall(issue: SizeIssue & { minimum: number | bigint }, locale: UiLocale): string {
  const min = Number(issue.minimum);
  switch (issue.origin) {
    case "string":
      if (issue.exact) return ruleMessage("length", locale, { length: min });
      // An empty text where one is needed is a missing value, as vee-validate's `required` says it.
      return min <= 1 ? ruleMessage("required", locale) : ruleMessage("min", locale, { length: min });
    case "number":
    case "int":
    case "bigint":
      return issue.inclusive === false ? ruleMessage("greater_than", locale, { min }) : ruleMessage("min_value", locale, { min });
    case "array":
    case "set":
      return ruleMessage("min_items", locale, { min });
    default:
      return ruleMessage("invalid", locale);
  }
}

function tooBig(issue: SizeIssue & { maximum: number | bigint }, locale: UiLocale): string {
  const max = Number(issue.maximum);
  switch (issue.origin) {
    case "string":
      return issue.exact ? ruleMessage("length", locale, { length: max }) : ruleMessage("max", locale, { length: max });
    case "number":
    case "int":
    case "bigint":
      return issue.inclusive === false ? ruleMessage("less_than", locale, { max }) : ruleMessage("max_value", locale, { max });
    case "array":
    case "set":
      return ruleMessage("max_items", locale, { max });
    case "file":
      return ruleMessage("size", locale, { size: formatBytes(max, locale) });
    default:
      return ruleMessage("invalid", locale);
  }
}
