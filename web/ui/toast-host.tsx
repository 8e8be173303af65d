import { useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { TOAST } from "../../domain/ui/constants.ts";
import { dismissToast, toasts } from "./toast.ts";

/** One polite live region at the top center; each toast fades out before it is removed. */
export function ToastHost() {
  const { t } = useLingui();
  const { items } = useSnapshot(toasts);
  return (
    <div className="toast-region" data-position={TOAST.position} role="status" aria-live="polite" data-testid="toasts">
      {items.map((item) => (
        <div key={item.id} className="toast" data-kind={item.kind} data-leaving={item.leaving} data-testid="toast">
          <span className="toast__message">{item.message}</span>
          <button type="button" className="toast__close" onClick={() => dismissToast(item.id)} aria-label={t`Dismiss`}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
