import { type ErrorBody, type ErrorCode, type FieldErrors, errorMessage, statusOf } from "../../domain/errors/index.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { UiLocale } from "../../domain/i18n/locales.ts";

/**
 * Thrown anywhere in a request; the app's error handler turns it into the SPEC §8 body.
 * `message` overrides the code's default text and must already be in the request's language.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: { message?: string; errors?: FieldErrors } = {},
  ) {
    super(options.message ?? code);
    this.name = "ApiError";
  }

  get status(): ContentfulStatusCode {
    // 419 (CSRF) is not in Hono's list of statuses but is what Laravel-style clients expect.
    return statusOf(this.code) as ContentfulStatusCode;
  }

  toBody(locale: UiLocale, requestId: string): ErrorBody {
    const body: ErrorBody = {
      message: this.options.message ?? errorMessage(this.code, locale),
      code: this.code,
      requestId,
    };
    if (this.options.errors) body.errors = this.options.errors;
    return body;
  }
}
