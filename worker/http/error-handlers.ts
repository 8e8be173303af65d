import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { type ErrorBody, type ErrorCode, isErrorCode } from "../../domain/errors/index.ts";
import { messageLocale } from "../../domain/i18n/locales.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./api-error.ts";

const BY_STATUS: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  415: "unsupported_media_type",
  419: "csrf_mismatch",
  422: "validation_failed",
  423: "locked",
  429: "too_many_attempts",
  503: "unavailable",
};

/** The SPEC §8 body of `error` for this request: its language and request id. */
export function errorBody(c: Context<AppEnv>, error: ApiError): ErrorBody {
  return error.toBody(c.var.locale ?? messageLocale(undefined), c.var.requestId ?? crypto.randomUUID());
}

function respond(c: Context<AppEnv>, error: ApiError) {
  return c.json(errorBody(c, error), error.status);
}

/** Unknown routes answer the SPEC §8 shape, never HTML. */
export const notFound: NotFoundHandler<AppEnv> = (c) => respond(c, new ApiError("not_found"));

/** One error shape for everything thrown: ApiError as is, Hono's HTTPException by status, the rest as 500. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return respond(c, err);
  if (err instanceof HTTPException) {
    const code = BY_STATUS[err.status];
    return respond(c, new ApiError(code && isErrorCode(code) ? code : "server_error"));
  }
  console.error(`[${c.var.requestId}]`, err);
  return respond(c, new ApiError("server_error"));
};
