import { STORAGE_PREFIX } from "../../domain/i18n/locales.ts";

/**
 * Local storage under the SPEC §7 'igo' prefix. Storage can be missing or throw (private mode,
 * disabled cookies, quota): preferences then last for the session only instead of breaking the app.
 */
export type StorageKey = `${typeof STORAGE_PREFIX}.${string}`;

export function readStored(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still applies.
  }
}
