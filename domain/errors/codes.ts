/**
 * The one error shape (SPEC §8): `{ message, code, errors?, requestId }`. Codes map to an HTTP
 * status; messages are localized (en/fr) by `errorMessage`.
 */
export const ERROR_CODES = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  csrf_mismatch: 419,
  validation_failed: 422,
  locked: 423,
  too_many_attempts: 429,
  unsupported_media_type: 415,
  server_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
  requestId: string;
}

export function statusOf(code: ErrorCode): (typeof ERROR_CODES)[ErrorCode] {
  return ERROR_CODES[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
