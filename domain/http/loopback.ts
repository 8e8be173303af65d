/** Hosts that mean "this machine": local development, tests, the local-only dev routes. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** True when the URL points at this machine (a malformed URL is not). */
export function isLoopbackUrl(url: string | URL): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
