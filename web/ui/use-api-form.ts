import { useLingui } from "@lingui/react/macro";
import { useCallback, useRef, useState } from "react";
import type { FieldErrors } from "../../domain/errors/codes.ts";
import { ApiRequestError } from "../api/errors.ts";

export type SubmitResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface SubmitOptions {
  /** A form-level message for this failure (translated), or null for none; undefined = the default. */
  message?: (error: ApiRequestError) => string | null | undefined;
}

/**
 * Sending state of a form that calls the API: `sending` (disable the submit button), the SPEC §8
 * field errors of the last answer, and one form-level message. A second submit while sending is
 * ignored. A 422 with field errors shows them inline and no form message; an error the global
 * handler already acted on (401, 403…) shows nothing.
 */
export function useApiForm() {
  const { t } = useLingui();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const busy = useRef(false);

  const defaultMessage = useCallback(
    (error: ApiRequestError): string | null => {
      if (error.handled) return null;
      if (error.isNetworkError) return t`The server cannot be reached. Check your connection and try again.`;
      if (error.status === 422 && Object.keys(error.errors).length > 0) return null;
      return error.message || t`Something went wrong. Please try again.`;
    },
    [t],
  );

  const submit = useCallback(
    async <T>(action: () => Promise<T>, options: SubmitOptions = {}): Promise<SubmitResult<T>> => {
      if (busy.current) return { ok: false, error: new Error("already sending") };
      busy.current = true;
      setSending(true);
      setMessage(null);
      setErrors({});
      try {
        const value = await action();
        return { ok: true, value };
      } catch (error) {
        if (error instanceof ApiRequestError) {
          setErrors(error.errors);
          const custom = options.message?.(error);
          setMessage(custom === undefined ? defaultMessage(error) : custom);
        } else {
          setMessage(t`Something went wrong. Please try again.`);
        }
        return { ok: false, error };
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [defaultMessage, t],
  );

  /** Messages of one field from the last answer. */
  const fieldErrors = useCallback((field: string): string[] => errors[field] ?? [], [errors]);

  /** Forget one field's server errors (e.g. once the person edits it). */
  const clearField = useCallback((field: string) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  return { sending, errors, message, submit, fieldErrors, clearField, setErrors, setMessage };
}
