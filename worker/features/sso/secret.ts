import { CompactEncrypt, compactDecrypt } from "jose";

/**
 * Client secrets are stored encrypted (JWE, dir + A256GCM) under a key derived from APP_KEY, so a
 * copy of the database alone does not hold usable provider credentials. Rotating APP_KEY means
 * re-entering each organization's secret (the callback then fails with `error=failed`).
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function secretKey(appKey: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(`igo:sso-client-secret:${appKey}`)));
}

export async function encryptSecret(appKey: string, secret: string): Promise<string> {
  return new CompactEncrypt(encoder.encode(secret)).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).encrypt(await secretKey(appKey));
}

export async function decryptSecret(appKey: string, stored: string): Promise<string> {
  const { plaintext } = await compactDecrypt(stored, await secretKey(appKey));
  return decoder.decode(plaintext);
}
