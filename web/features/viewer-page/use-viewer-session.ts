import { useCallback, useEffect, useRef, useState } from "react";
import type { SsoLoginError } from "../../../domain/sso/messages.ts";
import type { PublicWebcast, RoomTokenGrant, SignInBody } from "../../../domain/viewer-page/api.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { i18n } from "../../i18n/i18n.ts";
import { SSO_LOGIN_ERROR_LABELS } from "../sso/login-errors.ts";
import { ViewerApiError, fetchRoomToken, signIn, signOut } from "./api.ts";
import { type StoredPass, forgetPass, hasSsoReturn, readPass, storePass, takeSsoReturn } from "./pass-store.ts";

/** A sign-in by a link's token (or the SSO return) waiting for the webcast's password. */
export type PendingSignIn = Extract<SignInBody, { method: "magic_link" | "invite" | "sso" }>;

export type ViewerSession =
  | { status: "checking" }
  | { status: "signed_out"; error: ViewerApiError | null; pending: PendingSignIn | null }
  | { status: "signed_in"; pass: StoredPass; room: RoomTokenGrant | null; justSignedIn: boolean };

/** Room tokens are asked again this long before they expire (and after a failed try). */
export const ROOM_TOKEN_MARGIN_MS = 60_000;
export const ROOM_TOKEN_RETRY_MS = 5_000;

interface Options {
  webcastId: string;
  webcast: PublicWebcast | undefined;
  magic: string | undefined;
  invite: string | undefined;
  /** `?sso_error=`: the identity provider refused or failed the login begun on this page. */
  ssoError?: SsoLoginError | undefined;
  /** The link's token was used (or refused), or the SSO refusal shown: take it out of the address. */
  onTokenUsed(kind: "magic" | "invite" | "sso_error"): void;
  /** Whether the room is needed now: the room token is then kept fresh. */
  roomNeeded: boolean;
}

/** The identity provider's refusal as the access panel shows errors (the texts of the app's SSO screen). */
function ssoRefusal(error: SsoLoginError): ViewerApiError {
  const message = i18n._(SSO_LOGIN_ERROR_LABELS[error]);
  return new ViewerApiError(error === "invalid_user" ? new ApiRequestError(403, message, "forbidden") : new ApiRequestError(502, message, "server_error"));
}

/** The pass is no good any more (401) or no longer lets in (403: made private, a segment, guests or a method taken away). */
const passRefused = (error: ViewerApiError) => error.status === 401 || error.status === 403;

function asViewerError(cause: unknown): ViewerApiError {
  if (cause instanceof ViewerApiError) return cause;
  throw cause;
}

/**
 * Who is watching on this device (docs/viewer-page.md): on load, a link's token (`?magic=`,
 * `?invite=`) or the return from SSO signs in at once; else a stored pass is traded for a room
 * token (401 or 403: the pass is forgotten and the access panel shows why). Signed in, the room token is
 * renewed ROOM_TOKEN_MARGIN_MS before it expires while the room is needed.
 */
export function useViewerSession({ webcastId, webcast, magic, invite, ssoError, onTokenUsed, roomNeeded }: Options) {
  // A newcomer (no link, no SSO return, no pass on this device) is signed out from the first render:
  // the access panel is there at once, not after a "Checking your access…" line that moved the page.
  const [session, setSession] = useState<ViewerSession>(() =>
    webcast && !magic && !invite && !hasSsoReturn(webcastId) && readPass(webcastId) === null ? { status: "signed_out", error: null, pending: null } : { status: "checking" },
  );
  const started = useRef(false);
  const onTokenUsedRef = useRef(onTokenUsed);
  onTokenUsedRef.current = onTokenUsed;

  const enter = useCallback(
    async (body: SignInBody) => {
      const access = await signIn(webcastId, body);
      const pass: StoredPass = { pass: access.pass, pass_expires_at: access.pass_expires_at, viewer: access.viewer };
      storePass(webcastId, pass);
      setSession({ status: "signed_in", pass, room: { room_token: access.room_token, expires_at: access.expires_at }, justSignedIn: true });
    },
    [webcastId],
  );

  /** A link's sign-in: refusals show on the access panel; a missing webcast password is asked first. */
  const enterByLink = useCallback(
    async (body: PendingSignIn): Promise<boolean> => {
      setSession({ status: "checking" });
      try {
        await enter(body);
        return true;
      } catch (cause) {
        const error = asViewerError(cause);
        const needsPassword = error.fieldErrors("webcast_password").length > 0;
        setSession({ status: "signed_out", error, pending: needsPassword ? body : null });
        return false;
      }
    },
    [enter],
  );

  // Once per page load, when the webcast is known (its password requirement decides the first step).
  useEffect(() => {
    if (!webcast || started.current) return;
    started.current = true;
    if (ssoError) {
      // Back from the provider refused: say why over the access panel, not the app's SSO screen.
      takeSsoReturn(webcastId);
      onTokenUsedRef.current("sso_error");
      setSession({ status: "signed_out", error: ssoRefusal(ssoError), pending: null });
      return;
    }
    const link: PendingSignIn | null = magic
      ? { method: "magic_link", token: magic }
      : invite
        ? { method: "invite", token: invite }
        : takeSsoReturn(webcastId)
          ? { method: "sso" }
          : null;
    if (link) {
      if (magic) onTokenUsedRef.current("magic");
      if (webcast.access.password_required) setSession({ status: "signed_out", error: null, pending: link });
      else
        void enterByLink(link).then((entered) => {
          if (entered && link.method === "invite") onTokenUsedRef.current("invite");
        });
      return;
    }
    const stored = readPass(webcastId);
    if (!stored) {
      setSession((current) => (current.status === "signed_out" ? current : { status: "signed_out", error: null, pending: null }));
      return;
    }
    fetchRoomToken(webcastId, stored.pass).then(
      (room) => setSession({ status: "signed_in", pass: stored, room, justSignedIn: false }),
      (cause: unknown) => {
        const error = asViewerError(cause);
        if (passRefused(error)) {
          forgetPass(webcastId);
          setSession({ status: "signed_out", error, pending: null });
        } else {
          // Offline or the server is down: still this device's viewer; the token is asked again later.
          setSession({ status: "signed_in", pass: stored, room: null, justSignedIn: false });
        }
      },
    );
  }, [webcast, webcastId, magic, invite, ssoError, enterByLink]);

  // Keeps the room token fresh while the room is needed.
  const signedIn = session.status === "signed_in" ? session : null;
  const pass = signedIn?.pass.pass;
  const expiresAt = signedIn?.room ? Date.parse(signedIn.room.expires_at) : null;
  const [retryNonce, setRetryNonce] = useState(0);
  useEffect(() => {
    if (!pass || !roomNeeded) return;
    const due = expiresAt === null || Number.isNaN(expiresAt) ? 0 : Math.max(0, expiresAt - ROOM_TOKEN_MARGIN_MS - Date.now());
    let cancelled = false;
    const timer = setTimeout(() => {
      fetchRoomToken(webcastId, pass).then(
        (room) => {
          if (!cancelled) setSession((current) => (current.status === "signed_in" && current.pass.pass === pass ? { ...current, room } : current));
        },
        (cause: unknown) => {
          if (cancelled) return;
          const error = asViewerError(cause);
          if (passRefused(error)) {
            forgetPass(webcastId);
            setSession({ status: "signed_out", error, pending: null });
          } else setTimeout(() => setRetryNonce((value) => value + 1), ROOM_TOKEN_RETRY_MS);
        },
      );
    }, Math.min(due, 2_147_483_647));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pass, roomNeeded, expiresAt, webcastId, retryNonce]);

  const leave = useCallback(async () => {
    if (session.status !== "signed_in") return;
    const current = session.pass.pass;
    forgetPass(webcastId);
    setSession({ status: "signed_out", error: null, pending: null });
    // Signed out on this device whatever the server says; the server forgets the pass when it can.
    await signOut(webcastId, current).catch(() => undefined);
  }, [session, webcastId]);

  return { session, enter, enterByLink, leave };
}
