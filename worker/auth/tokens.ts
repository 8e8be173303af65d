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

/**
 * How a signed JSON token signs: the HKDF label of its key (`derivedHmacKey`), and whether the
 * signed text is the label, a dot and the payload part (room tokens, viewer passes) or the payload
 * part alone (file URLs, invitation links). Each kept as it was first issued, so tokens in flight
 * stay valid.
 */
export interface JsonTokenKind {
  label: string;
  labelInSignedText: boolean;
  /** Longest token read before any crypto runs. */
  maxLength: number;
}

const signedTextOf = (kind: JsonTokenKind, body: string) => encoder.encode(kind.labelInSignedText ? `${kind.label}.${body}` : body);

/**
 * `base64url(JSON payload) "." base64url(HMAC-SHA256)`: the one format of the product's stateless
 * tokens (signed file URLs, room tokens, invitation links, viewer passes), each with its own key.
 */
export async function signJsonToken(appKey: string, kind: JsonTokenKind, payload: unknown): Promise<string> {
  const body = base64url(encoder.encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign("HMAC", await derivedHmacKey(appKey, kind.label), signedTextOf(kind, body));
  return `${body}.${base64url(new Uint8Array(signature))}`;
}

/**
 * The payload of a token of `kind` whose signature holds (WebCrypto's constant-time verify),
 * parsed but not yet judged (the caller checks its shape, purpose and expiry); null otherwise,
 * whatever the reason.
 */
export async function verifyJsonToken(appKey: string, kind: JsonTokenKind, token: string): Promise<unknown> {
  if (token.length > kind.maxLength) return null;
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length > 0) return null;
  const signatureBytes = fromBase64url(signature);
  if (!signatureBytes || signatureBytes.length !== 32) return null;
  if (!(await crypto.subtle.verify("HMAC", await derivedHmacKey(appKey, kind.label), signatureBytes, signedTextOf(kind, body)))) return null;
  const bytes = fromBase64url(body);
  if (!bytes) return null;
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    return null;
  }
}
