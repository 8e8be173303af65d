import type { Page } from "playwright-core";

/**
 * A mutating API call from a signed-in page (its session cookie and CSRF token), as the app makes
 * it: a JSON body, or form data when `form` is set (the webcast PATCH takes form data). Shared by
 * the e2e files and the benchmarks that set up webcasts through the API.
 */
export async function staffCall(page: Page, method: string, path: string, body?: unknown, options: { form?: boolean } = {}): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body, form }) => {
      await fetch("/sanctum/csrf-cookie", { credentials: "include" });
      const token = decodeURIComponent(document.cookie.split("; ").find((cookie) => cookie.startsWith("XSRF-TOKEN="))?.slice("XSRF-TOKEN=".length) ?? "");
      const headers: Record<string, string> = { Accept: "application/json", "X-XSRF-TOKEN": token };
      let payload: BodyInit | undefined;
      if (body !== undefined && form) {
        const data = new FormData();
        for (const [key, value] of Object.entries(body as Record<string, string>)) data.append(key, value);
        payload = data;
      } else if (body !== undefined) {
        headers["Content-Type"] = "application/json";
        payload = JSON.stringify(body);
      }
      const response = await fetch(path, { method, credentials: "include", headers, ...(payload === undefined ? {} : { body: payload }) });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, path, body, form: options.form ?? false },
  );
}

/** A new webcast of Demo Events (or `organization_id`) starting `inMinutes` from now (a whole minute), as the signed-in organizer or owner. */
export async function createWebcast(page: Page, fields: { event_title: string; inMinutes: number; duration?: number; language?: "en" | "fr"; is_premiere?: boolean; organization_id?: number }): Promise<string> {
  const start = new Date(Date.now() + fields.inMinutes * 60_000);
  start.setUTCSeconds(0, 0);
  const created = await staffCall(page, "POST", "/api/webcasts", {
    organization_id: fields.organization_id ?? 1,
    event_title: fields.event_title,
    event_start_date_time: start.toISOString(),
    duration: fields.duration ?? 60,
    timezone: "Europe/Paris",
    language: fields.language ?? "fr",
    ...(fields.is_premiere ? { is_premiere: true } : {}),
  });
  if (created.status !== 201) throw new Error(`creating the webcast: HTTP ${created.status} ${JSON.stringify(created.json)}`);
  return (created.json as { data: { uid: string } }).data.uid;
}

/** The room's phase of a webcast, read through the control room's API as the signed-in staff member. */
async function phaseOf(page: Page, webcastId: string): Promise<string> {
  const answer = await page.evaluate(async (id) => (await fetch(`/api/webcasts/${id}`, { credentials: "include", headers: { Accept: "application/json" } })).json(), webcastId);
  return String((answer as { data?: { state?: string } }).data?.state ?? "");
}

/**
 * Takes a webcast on air as the signed-in organizer or producer: prepare, wait for the pipeline,
 * activate the RTMP source (not for a premiere), start, and wait until the webcast reads live.
 */
export async function goLive(page: Page, webcastId: string, options: { premiere?: boolean } = {}): Promise<void> {
  const control = (step: string) => staffCall(page, "POST", `/api/webcasts/${webcastId}/control-room/${step}`, {});
  const prepared = await control("prepare");
  if (prepared.status !== 200) throw new Error(`prepare: HTTP ${prepared.status} ${JSON.stringify(prepared.json)}`);
  const until = async (done: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 30_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`the webcast did not reach ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  if (!options.premiere) {
    await until(async () => (await control("rtmp/activate")).status === 200, "ready (RTMP source active)");
  }
  await until(async () => (await control("start")).status === 200, "starting");
  await until(async () => ["live", "premiering"].includes(await phaseOf(page, webcastId)), "live");
}
