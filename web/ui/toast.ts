import { proxy } from "valtio";
import { TOAST } from "../../domain/ui/constants.ts";

export type ToastKind = "success" | "error" | "info";

export interface ToastItem {
  id: number;
  kind: ToastKind;
  /** Already translated (callers use Lingui's `t`). */
  message: string;
  /** Fading out; removed from the DOM TOAST.removalDelayMs later. */
  leaving: boolean;
}

export const toasts = proxy<{ items: ToastItem[] }>({ items: [] });

let nextId = 1;

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  toasts.items.push({ id, kind, message, leaving: false });
  setTimeout(() => dismissToast(id), TOAST.durationMs);
  return id;
}

/** Starts the fade-out now (close button or timeout); a second call does nothing. */
export function dismissToast(id: number): void {
  const item = toasts.items.find((toastItem) => toastItem.id === id);
  if (!item || item.leaving) return;
  item.leaving = true;
  setTimeout(() => {
    const index = toasts.items.findIndex((toastItem) => toastItem.id === id);
    if (index >= 0) toasts.items.splice(index, 1);
  }, TOAST.removalDelayMs);
}

/** SPEC §9: shown top-center for 4000 ms, removed 500 ms after it starts fading. */
export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  info: (message: string) => show("info", message),
};
