import { useLingui } from "@lingui/react/macro";
import { useBlocker } from "@tanstack/react-router";
import { confirm } from "./confirm.ts";

/**
 * SPEC §4 "Leaving an unsaved draft needs confirmation": while `dirty`, an in-app navigation asks
 * first (the confirm dialog) and closing or reloading the tab shows the browser's own prompt.
 */
export function useLeaveConfirmation(dirty: boolean): void {
  const { t } = useLingui();
  useBlocker({
    disabled: !dirty,
    enableBeforeUnload: () => dirty,
    shouldBlockFn: async () => {
      const leave = await confirm({
        title: t`Leave this page?`,
        message: t`Your changes have not been saved. They will be lost if you leave.`,
        acceptLabel: t`Leave`,
        cancelLabel: t`Stay`,
      });
      return !leave;
    },
  });
}
