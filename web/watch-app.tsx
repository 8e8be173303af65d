import { useCallback, useState } from "react";
import { watchPageWebcastId } from "../domain/pwa/manifest.ts";
import { SSO_LOGIN_ERRORS, type SsoLoginError } from "../domain/sso/messages.ts";
import type { PublicWebcast } from "../domain/viewer-page/api.ts";
import { InstallPrompt } from "./features/pwa/install-prompt.tsx";
import { UpdatePrompt } from "./features/pwa/update-prompt.tsx";
import { ViewerPage } from "./features/viewer-page/viewer-page.tsx";
import { ConfirmHost } from "./ui/confirm-host.tsx";
import { ToastHost } from "./ui/toast-host.tsx";

type TokenKind = "magic" | "invite" | "sso_error";

/** What the viewer page reads from its address: `/w/{webcastId}?magic=…&invite=…`. */
export interface WatchAddress {
  webcastId: string;
  magic?: string | undefined;
  invite?: string | undefined;
  /** `?sso_error=`: the identity provider's login was refused or failed (worker/features/sso/routes.ts). */
  ssoError?: SsoLoginError | undefined;
}

/** The viewer page's address, or null when the path is not `/w/{id}`. */
export function watchAddress(location: Pick<Location, "pathname" | "search">): WatchAddress | null {
  const id = watchPageWebcastId(location.pathname);
  if (!id) return null;
  const search = new URLSearchParams(location.search);
  const token = (name: TokenKind) => search.get(name)?.trim() || undefined;
  const ssoError = SSO_LOGIN_ERRORS.find((error) => error === search.get("sso_error"));
  return { webcastId: decodeURIComponent(id), magic: token("magic"), invite: token("invite"), ...(ssoError ? { ssoError } : {}) };
}

/** The address without a used token (the rest of the query and the hash stay). */
export function withoutToken(href: string, kind: TokenKind): string {
  const url = new URL(href);
  url.searchParams.delete(kind);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The whole of watch.html (web/watch.tsx): the viewer page in the public layout's frame (the same
 * boxes as the worker's first screen, domain/viewer-page/first-screen.ts, which it replaces), with the
 * hosts the app's root route holds (update banner, toasts, confirmations) and the install prompt.
 * No router: a used token leaves the address through history.replaceState, as the app's route
 * does with a replace navigation (Back does not bring it again, nor does a shared URL).
 */
export function WatchApp({ address, initialWebcast = null }: { address: WatchAddress; initialWebcast?: PublicWebcast | null }) {
  const [tokens, setTokens] = useState({ magic: address.magic, invite: address.invite, sso_error: address.ssoError });
  const onTokenUsed = useCallback((kind: TokenKind) => {
    globalThis.history.replaceState(globalThis.history.state, "", withoutToken(globalThis.location.href, kind));
    setTokens((previous) => ({ ...previous, [kind]: undefined }));
  }, []);
  return (
    <>
      <div className="public-layout">
        {/* In the flow above the page, never over it: a floating offer covered the last button of a form on a phone. */}
        <InstallPrompt />
        <main id="main" className="public-layout__main">
          <ViewerPage webcastId={address.webcastId} initialWebcast={initialWebcast} magic={tokens.magic} invite={tokens.invite} ssoError={tokens.sso_error} onTokenUsed={onTokenUsed} />
        </main>
      </div>
      <UpdatePrompt />
      <ToastHost />
      <ConfirmHost />
    </>
  );
}
