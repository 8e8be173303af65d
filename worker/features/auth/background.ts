import type { Context } from "hono";
import type { AppEnv } from "../../env.ts";

/**
 * Runs `work` after the response (ctx.waitUntil), so the answer takes the same time whether or
 * not there was anything to do (e.g. an e-mail to send): no account enumeration by timing.
 * Failures are logged, never shown. Without an execution context (app.request in unit tests) it
 * simply awaits.
 */
export async function inBackground(c: Context<AppEnv>, work: () => Promise<void>): Promise<void> {
  const task = work().catch((error: unknown) => console.error(`[${c.var.requestId}] background task failed`, error));
  let ctx: ExecutionContext | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  if (ctx) ctx.waitUntil(task);
  else await task;
}
