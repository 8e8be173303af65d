import { useLingui } from "@lingui/react";
import { useMatches } from "@tanstack/react-router";
import { useEffect } from "react";
import { APP_NAME } from "./app-name.ts";

export { APP_NAME };

/** document.title = "<deepest route title> · iGo", re-translated when the language changes. */
export function useDocumentTitle(): void {
  const { i18n } = useLingui();
  const title = useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.title)?.staticData.title,
  });
  const text = title ? `${i18n._(title)} · ${APP_NAME}` : APP_NAME;
  useEffect(() => {
    document.title = text;
  }, [text]);
}
