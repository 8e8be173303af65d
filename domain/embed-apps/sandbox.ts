/**
 * What an embed app's code may do in its frame: run scripts, submit forms, open pop-ups. Never
 * `allow-same-origin`: the code is third-party HTML, and without it the frame runs in an opaque
 * origin with no access to the app's cookies, storage or DOM (docs/webcasts-api.md "Embed apps").
 * Both the frame's `sandbox` attribute (web/features/embed-apps/embed-app-preview.tsx) and the
 * CSP `sandbox` of the page it loads (worker/http/security-headers.ts) use it.
 */
export const EMBED_APP_SANDBOX = "allow-scripts allow-forms allow-popups";
