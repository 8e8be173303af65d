import { z } from "zod";
import { viewerAccessSchema, viewerPassKey } from "../../../domain/viewer-page/api.ts";

/**
 * The viewer's pass on this device (localStorage `igo.viewer-pass.<webcastId>`): what a returning
 * viewer is recognised by. Only the pass, its expiry and who it names are kept; room tokens live in
 * memory (short-lived, fetched again with the pass).
 */
export const storedPassSchema = viewerAccessSchema.pick({ pass: true, pass_expires_at: true, viewer: true });
export type StoredPass = z.infer<typeof storedPassSchema>;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored pass, unless missing, unreadable or expired (an expired one is forgotten). */
export function readPass(webcastId: string, now = Date.now()): StoredPass | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(viewerPassKey(webcastId)) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: z.ZodSafeParseResult<StoredPass>;
  try {
    parsed = storedPassSchema.safeParse(JSON.parse(raw));
  } catch {
    forgetPass(webcastId);
    return null;
  }
  if (!parsed.success || !(Date.parse(parsed.data.pass_expires_at) > now)) {
    forgetPass(webcastId);
    return null;
  }
  return parsed.data;
}

export function storePass(webcastId: string, pass: StoredPass): void {
  try {
    storage()?.setItem(viewerPassKey(webcastId), JSON.stringify({ pass: pass.pass, pass_expires_at: pass.pass_expires_at, viewer: pass.viewer }));
  } catch {
    // Not kept on this device: the viewer signs in again next time.
  }
}

export function forgetPass(webcastId: string): void {
  try {
    storage()?.removeItem(viewerPassKey(webcastId));
  } catch {
    // Nothing stored.
  }
}

/**
 * Set before leaving for the identity provider, read once back on the page: the SSO sign-in is
 * tried only after a round trip this tab started (sessionStorage, per tab).
 */
export const ssoReturnKey = (webcastId: string) => `igo.viewer-sso.${webcastId}`;

export function markSsoDeparture(webcastId: string): void {
  try {
    globalThis.sessionStorage?.setItem(ssoReturnKey(webcastId), "1");
  } catch {
    // Without it the viewer chooses SSO again on return.
  }
}

/** Whether the viewer comes back from SSO, without taking the mark (use-viewer-session.ts's first render). */
export function hasSsoReturn(webcastId: string): boolean {
  try {
    return globalThis.sessionStorage?.getItem(ssoReturnKey(webcastId)) === "1";
  } catch {
    return false;
  }
}

export function takeSsoReturn(webcastId: string): boolean {
  try {
    const marked = globalThis.sessionStorage?.getItem(ssoReturnKey(webcastId)) === "1";
    globalThis.sessionStorage?.removeItem(ssoReturnKey(webcastId));
    return marked;
  } catch {
    return false;
  }
}
