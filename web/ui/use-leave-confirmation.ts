import { useLingui } from "@lingui/react/macro";
import { useBlocker } from "@tanstack/react-router";
import { confirm } from "./confirm.ts";

/**
 * SPEC §4 "Leaving an unsaved draft needs confirmation": while `dirty`, an in-app navigation asks
 * first (the confirm dialog) and closing or reloading the tab shows the browser's own prompt.
 * `texts.message` replaces the default warning (an autosaved draft is kept, not lost).
 */
export function useLeaveConfirmation(dirty: boolean, texts?: { message: string }): void {
  const { t } = useLingui();
  useBlocker({
    disabled: !dirty,
    enableBeforeUnload: () => dirty,
    shouldBlockFn: async () => {
      const leave = await confirm({
        title: t`Leave this page?`,
        message: texts?.message ?? t`Your changes have not been saved. They will be lost if you leave.`,
        acceptLabel: t`Leave`,
        cancelLabel: t`Stay`,
      });
      return !leave;
    },
  });
}
