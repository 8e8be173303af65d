// Environment for every local tool run: no Cloudflare account, no network, no telemetry.
export const localEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  DO_NOT_TRACK: "1",
  CI: process.env.CI ?? "1", // keeps wrangler from prompting ("Ok to proceed?")
};

/** wrangler's --persist-to for a given state dir (the same folder @cloudflare/vite-plugin uses). */
export const persistArgs = (stateDir) => (stateDir ? ["--persist-to", stateDir] : []);

/** Polls `url` until it answers with any HTTP status, or throws after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`server exited before ${url} answered`);
    try {
      return await fetch(url, { signal: AbortSignal.timeout(2000) });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
