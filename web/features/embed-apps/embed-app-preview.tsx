import { useLingui } from "@lingui/react/macro";

/**
 * What the embed code may do in its frame: run scripts, submit forms, open pop-ups. Never
 * `allow-same-origin`: the code is third-party HTML, and without it the frame runs in an opaque
 * origin with no access to the app's cookies, storage or DOM (docs/webcasts-api.md "Embed apps").
 */
export const EMBED_APP_SANDBOX = "allow-scripts allow-forms allow-popups";

/**
 * An embed app's code rendered the only safe way: as the `srcdoc` of a sandboxed frame, never
 * inserted into the page. Shown on demand (the code runs only when someone asks to see it).
 */
export function EmbedAppPreview({ code, title }: { code: string; title: string }) {
  const { t } = useLingui();
  return (
    <div className="embed-preview">
      <iframe className="embed-preview__frame" sandbox={EMBED_APP_SANDBOX} srcDoc={code} title={t`Preview of “${title}”`} referrerPolicy="no-referrer" data-testid="embed-preview" />
    </div>
  );
}
