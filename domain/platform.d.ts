/**
 * The platform APIs domain/ may use: the standard ones every runtime it runs in has (browsers,
 * Cloudflare Workers, Node 20), declared here with only the members domain code touches. domain/ is
 * typechecked with no DOM, Workers or Node types (tsconfig.domain.json), so anything else — fetch,
 * storage, the DOM, D1 — fails to compile there: those belong to web/, worker/ or durable/.
 * Only tsconfig.domain.json reads this file; the other tsconfigs bring the full lib declarations.
 */

interface URL {
  readonly hash: string;
  readonly hostname: string;
  readonly href: string;
  readonly origin: string;
  readonly password: string;
  readonly pathname: string;
  readonly protocol: string;
  readonly search: string;
  readonly username: string;
}
declare var URL: { prototype: URL; new (url: string | URL, base?: string | URL): URL };

interface TextEncoder {
  encode(input?: string): Uint8Array;
}
declare var TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

interface TextDecoder {
  /** `stream: true`: more input follows (a character cut between two pieces is kept for the next call). */
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string;
}
declare var TextDecoder: { prototype: TextDecoder; new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder };

declare function structuredClone<T>(value: T): T;

interface SubtleCrypto {
  digest(algorithm: "SHA-256", data: ArrayBufferView | ArrayBuffer): Promise<ArrayBuffer>;
}
interface Crypto {
  getRandomValues<T extends ArrayBufferView | null>(array: T): T;
  readonly subtle: SubtleCrypto;
}
declare var crypto: Crypto;
