/**
 * Password storage: PBKDF2-SHA256 with a per-password salt and a server-side pepper.
 * 100,000 iterations is the most Workers' WebCrypto accepts. Format: pbkdf2-sha256$iter$salt$hash.
 */
const ITERATIONS = 100_000;
const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
}

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password + pepper), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

/**
 * A well-formed hash that no password matches in practice (an all-zero digest; workerd forbids
 * random values at global scope), at the cost of a real one. Login verifies against it when the
 * e-mail is unknown or has no password, so timing does not reveal which e-mails exist.
 */
export const DUMMY_PASSWORD_HASH = `pbkdf2-sha256$${ITERATIONS}$${toBase64(new Uint8Array(16))}$${toBase64(new Uint8Array(32))}`;

/** Constant-time check; a malformed stored value (or one above Workers' iteration cap) never matches. */
export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, iterations, salt, expected] = stored.split("$");
  const rounds = Number(iterations);
  if (scheme !== "pbkdf2-sha256" || !Number.isInteger(rounds) || rounds < 1 || rounds > ITERATIONS || !salt || !expected) return false;
  const actual = await derive(password, pepper, fromBase64(salt), rounds);
  const wanted = fromBase64(expected);
  if (actual.length !== wanted.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= (actual[i] ?? 0) ^ (wanted[i] ?? 0);
  return diff === 0;
}
