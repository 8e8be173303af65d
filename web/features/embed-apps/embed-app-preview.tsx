import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { EMBED_APP_SANDBOX } from "../../../domain/embed-apps/sandbox.ts";

/**
 * The page the frame loads (web/public/embed-preview.html). Not `srcdoc`: a srcdoc document
 * inherits the app's Content-Security-Policy, under which the embed's own scripts and inline
 * styles would not run; this page has headers of its own (worker/http/security-headers.ts: any
 * source allowed, and a CSP sandbox that keeps it opaque even when opened on its own).
 */
export const EMBED_PREVIEW_URL = "/embed-preview.html";

/**
 * An embed app's code rendered the only safe way: written into a sandboxed frame, never inserted
 * into the page. Shown on demand (the code runs only when someone asks to see it). The frame says
 * when it is ready and gets the code by message; a new code gets a new frame.
 */
export function EmbedAppPreview({ code, title }: { code: string; title: string }) {
  const { t } = useLingui();
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || event.data?.type !== "igo:embed-preview-ready") return;
      // The frame's origin is opaque ("null"): "*" is the only target that reaches it.
      target.postMessage({ type: "igo:embed-preview", code }, "*");
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [code]);
  return (
    <div className="embed-preview">
      <iframe
        key={code}
        ref={frame}
        className="embed-preview__frame"
        sandbox={EMBED_APP_SANDBOX}
        src={EMBED_PREVIEW_URL}
        title={t`Preview of “${title}”`}
        referrerPolicy="no-referrer"
        data-testid="embed-preview"
      />
    </div>
  );
}
