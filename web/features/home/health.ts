import type { InferResponseType } from "hono/client";
import { api } from "../../api/client.ts";
import { ApiRequestError, fetchFailure } from "../../api/errors.ts";

export type Health = InferResponseType<typeof api.api.health.$get>;

/**
 * GET /api/health. Its 503 ("degraded") is an answer to show, not an outage: this call skips the
 * global SPEC §8 handler (which would reload the site on 503).
 */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  let response;
  try {
    response = await api.api.health.$get(undefined, signal ? { init: { signal } } : undefined);
  } catch (cause) {
    throw fetchFailure(cause);
  }
  const copy = response.clone();
  if (response.status === 200 || response.status === 503) {
    const body = await response.json().catch(() => undefined);
    if (isHealth(body)) return body;
  }
  throw await ApiRequestError.fromResponse(copy);
}

function isHealth(body: Health | undefined): body is Health {
  return typeof body?.status === "string" && typeof body.migrations?.total === "number";
}
