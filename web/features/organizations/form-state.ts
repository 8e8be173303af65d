import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef } from "react";
import type { FieldErrors } from "../../../domain/errors/index.ts";
import { toast } from "../../ui/toast.ts";
import { useApiForm } from "../../ui/use-api-form.ts";

/** Field errors of one field; nested payloads (`{ limits: {…} }`) may answer `limits.max_duration` or `max_duration`. */
export function errorsFor(errors: FieldErrors, field: string, prefix?: string): string[] | undefined {
  return (prefix ? errors[`${prefix}.${field}`] : undefined) ?? errors[field];
}

/** "" → null (cleared field), otherwise trimmed text. */
export function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** "" → null (unlimited / not set), otherwise the number (NaN when it is not one). */
export function numberOrNull(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : Number(trimmed);
}

export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value);
}

/** A record with one entry per key (the keys are a closed list, so the result is complete). */
export function recordOf<K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  const entries = keys.map((key) => [key, value(key)] as const);
  return Object.fromEntries(entries) as Record<K, V>;
}

export function sameValues<T extends object>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * web/ui `useApiForm` (422 field errors inline, other failures as a form message) plus a success
 * toast: `save` resolves to the saved value, or undefined when it failed.
 */
export function useTabForm() {
  const { t } = useLingui();
  const form = useApiForm();
  const { submit } = form;
  const save = useCallback(
    async <T>(action: () => Promise<T>, success?: string): Promise<T | undefined> => {
      const result = await submit(action);
      if (!result.ok) return undefined;
      toast.success(success ?? t`Changes saved.`);
      return result.value;
    },
    [submit, t],
  );
  return { ...form, save };
}

/** Tells the edit page whether this tab holds unsaved changes (for the leave-page confirmation). */
export function useReportDirty(dirty: boolean, onDirtyChange: (dirty: boolean) => void): void {
  const callback = useRef(onDirtyChange);
  useEffect(() => {
    callback.current = onDirtyChange;
  });
  useEffect(() => {
    callback.current(dirty);
  }, [dirty]);
}
