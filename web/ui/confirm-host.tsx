import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef } from "react";
import { useSnapshot } from "valtio";
import { CONFIRM, type ConfirmLabelKey } from "../../domain/ui/constants.ts";
import { type ConfirmRequest, confirmState, settleConfirm } from "./confirm.ts";

const DEFAULT_LABELS: Record<ConfirmLabelKey, MessageDescriptor> = {
  accept: msg`Accept`,
  cancel: msg`Cancel`,
};

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ConfirmHost() {
  const { queue } = useSnapshot(confirmState);
  const current = queue[0];
  return current ? <ConfirmDialog key={current.id} request={current} /> : null;
}

/** Modal: focus starts on Accept and stays inside; Escape cancels, Enter accepts. */
function ConfirmDialog({ request }: { request: Readonly<ConfirmRequest> }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { id, closing } = request;

  useEffect(() => {
    const previous = document.activeElement;
    acceptRef.current?.focus();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  useEffect(() => {
    // On the document so Escape and the Tab trap work even if focus left the dialog (a click outside).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        settleConfirm(id, false);
      } else if (event.key === "Tab") trapFocus(event, dialogRef.current);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [id]);

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === "Enter" && event.target !== cancelRef.current) {
      event.preventDefault();
      settleConfirm(id, true);
    }
  };

  return (
    <div className="dialog-backdrop" data-closing={closing} data-close-ms={CONFIRM.closeDelayMs}>
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
        data-testid="confirm-dialog"
      >
        <h2 id={titleId} className="dialog__title">
          {request.title}
        </h2>
        <p id={messageId}>{request.message}</p>
        <div className="dialog__actions">
          <button ref={cancelRef} type="button" className="button" disabled={closing} onClick={() => settleConfirm(id, false)}>
            {request.cancelLabel ?? i18n._(DEFAULT_LABELS.cancel)}
          </button>
          <button
            ref={acceptRef}
            type="button"
            className="button button--primary"
            disabled={closing}
            onClick={() => settleConfirm(id, true)}
          >
            {request.acceptLabel ?? i18n._(DEFAULT_LABELS.accept)}
          </button>
        </div>
      </div>
    </div>
  );
}

function trapFocus(event: KeyboardEvent, container: HTMLElement | null): void {
  if (!container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const inside = active instanceof Node && container.contains(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
