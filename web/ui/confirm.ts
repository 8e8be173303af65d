import { proxy } from "valtio";
import { CONFIRM } from "../../domain/ui/constants.ts";

export interface ConfirmOptions {
  title: string;
  message: string;
  /** Defaults to the translated "Accept". */
  acceptLabel?: string;
  /** Defaults to the translated "Cancel". */
  cancelLabel?: string;
}

export interface ConfirmRequest extends ConfirmOptions {
  id: number;
  /** Chosen; fading out, removed CONFIRM.closeDelayMs later. */
  closing: boolean;
}

/** Requests in order; the host shows the first. Resolvers stay out of the (snapshotted) proxy. */
export const confirmState = proxy<{ queue: ConfirmRequest[] }>({ queue: [] });
const resolvers = new Map<number, (accepted: boolean) => void>();
let nextId = 1;

/** Asks a yes/no question in a modal dialog; resolves true on accept, false on cancel/Escape. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    resolvers.set(id, resolve);
    confirmState.queue.push({ ...options, id, closing: false });
  });
}

/** Records the choice at once; the dialog closes CONFIRM.closeDelayMs later (SPEC §9). */
export function settleConfirm(id: number, accepted: boolean): void {
  const request = confirmState.queue.find((item) => item.id === id);
  if (!request || request.closing) return;
  request.closing = true;
  resolvers.get(id)?.(accepted);
  resolvers.delete(id);
  setTimeout(() => {
    const index = confirmState.queue.findIndex((item) => item.id === id);
    if (index >= 0) confirmState.queue.splice(index, 1);
  }, CONFIRM.closeDelayMs);
}
