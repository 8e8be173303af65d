import { hc } from "hono/client";
import type { AppType } from "../../worker/app.ts";

export const api = hc<AppType>("/");
export async function probe() {
  const res = await api.api.health.$get();
  const body = await res.json();
  const r = await fetch("/x");
  const j: { a: number } = await r.json();
  return [body.status, j.a] as const;
}
