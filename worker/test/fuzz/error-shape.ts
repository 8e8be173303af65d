import { ERROR_CODES, isErrorCode } from "../../../domain/errors/codes.ts";
import { isZodDefault } from "../../../domain/validation/zod-defaults.ts";

export { isZodDefault } from "../../../domain/validation/zod-defaults.ts";

/**
 * What is wrong with an answer, or null when it keeps the promises of issue #14 point 6: never a
 * 5xx; an error (4xx) is JSON in the SPEC §8 shape `{ message, code, errors?, requestId }` whose
 * code belongs to the catalogue with that very status, and no text in it is a zod default text.
 */
export function answerProblem(status: number, contentType: string | null, text: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (status < 400) return null;
  if (!/^application\/json\b/i.test(contentType ?? "")) return `error ${status} is not JSON (${contentType})`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `error ${status} does not parse as JSON`;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "error body is not an object";
  const { message, code, errors, requestId, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `error body has other keys: ${Object.keys(rest).join(", ")}`;
  if (typeof message !== "string" || message === "") return "message is not a non-empty string";
  if (!isErrorCode(code)) return `code ${String(code)} is not in the catalogue`;
  if (ERROR_CODES[code] !== status) return `code ${code} answered with status ${status}`;
  if (typeof requestId !== "string" || requestId === "") return "requestId is not a non-empty string";
  if (isZodDefault(message)) return `message is a zod default text: ${message}`;
  if (errors !== undefined) {
    if (typeof errors !== "object" || errors === null || Array.isArray(errors)) return "errors is not an object";
    for (const [field, messages] of Object.entries(errors)) {
      if (!Array.isArray(messages) || messages.length === 0 || !messages.every((m) => typeof m === "string" && m !== "")) return `errors.${field} is not a list of texts`;
      const zod = messages.find(isZodDefault);
      if (zod) return `errors.${field} is a zod default text: ${zod}`;
    }
  }
  return null;
}
