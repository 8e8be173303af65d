/** Random tokens, hashes and signatures for sessions, e-mailed links and CSRF. WebCrypto only. */
const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The bytes of a base64url text (padding optional), or null when it is not one. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

const derivedKeys = new Map<string, Promise<CryptoKey>>();

/**
 * An HMAC-SHA256 key for one purpose, derived from APP_KEY with HKDF-SHA256 (`label` as its info,
 * no salt), once per APP_KEY and label per isolate: signed file URLs, room tokens, invitation links
 * each sign with their own key, so a signature made for one is never valid for another.
 */
export function derivedHmacKey(appKey: string, label: string): Promise<CryptoKey> {
  const cacheKey = `${label}\u0000${appKey}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(appKey), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(), info: encoder.encode(label) }, material, { name: "HMAC", hash: "SHA-256", length: 256 }, false, ["sign", "verify"]),
      );
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

/** 256 bits of randomness, URL-safe. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** What is stored for a token: its SHA-256, so a leaked table does not hold usable tokens. */
export async function hashToken(token: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(token))));
}

export async function hmac(secret: string, value: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(value))));
}

/** Constant-time string comparison (lengths leak, contents do not). */
export function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
