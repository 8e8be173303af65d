// The frame of an embed app's preview (web/features/embed-apps/embed-app-preview.tsx): third-party
// HTML written as this document, which its headers make an opaque-origin sandbox allowed to run any
// script (worker/http/security-headers.ts). It takes the code only from the page that frames it,
// which must be the app (frame-ancestors 'self'), never from its address.
(() => {
  if (window.parent === window) return;
  const onMessage = (event) => {
    if (event.source !== window.parent || typeof event.data !== "object" || event.data === null || event.data.type !== "igo:embed-preview") return;
    window.removeEventListener("message", onMessage);
    document.open();
    document.write(String(event.data.code));
    document.close();
  };
  window.addEventListener("message", onMessage);
  window.parent.postMessage({ type: "igo:embed-preview-ready" }, "*");
})();
