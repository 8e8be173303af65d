import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { RegistrationField } from "../../../domain/registration/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { hashPassword } from "../../auth/password.ts";
import { db } from "../../db/client.ts";
import { TestClient } from "../../test/client.ts";
import { createOrganization, mailsTo } from "../organizations/fixtures.ts";
import { storeWebcastPassword } from "../webcasts/secrets.ts";
import { insertWebcast } from "../webcasts/testing.ts";

/** Test helpers of the viewer page's calls (workerd only). */

export type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

export async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

export async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<T>();
}

/** A webcast of a fresh organization, its /api/watch base and an anonymous browser. */
export async function watchFixture(fields: Partial<WebcastRow> = {}, organization: Parameters<typeof createOrganization>[0] = {}) {
  const org = await createOrganization(organization);
  const webcast = await insertWebcast(org.id, { event_title: "Town hall", ...fields });
  return { org, webcast, base: `/api/watch/${webcast.id}`, browser: new TestClient() };
}

/** Sets the webcast's access password (flag and hash). */
export async function setWebcastPassword(webcast: WebcastRow, password: string): Promise<void> {
  await env.DB.prepare("UPDATE webcasts SET has_password = 1 WHERE id = ?").bind(webcast.id).run();
  await storeWebcastPassword(db(env.DB), { webcast_id: webcast.id, organization_id: webcast.organization_id, password_hash: await hashPassword(password, env.PASSWORD_PEPPER ?? ""), updated_at: new Date().toISOString() });
}

export async function addSegment(webcast: WebcastRow, name: string): Promise<void> {
  const now = new Date().toISOString();
  await env.DB.prepare("INSERT INTO segments (id, organization_id, webcast_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(uuidv7(), webcast.organization_id, webcast.id, name, now, now)
    .run();
}

/**
 * The link token and PIN of the newest sign-in e-mail to `email`. POST …/magic-link sends after
 * its answer (waitUntil), so the mail is waited for (up to 5 s).
 */
export async function signInMail(email: string): Promise<{ token: string; pin: string; subject: string; text: string }> {
  let [mail] = await mailsTo(email);
  for (let waited = 0; !mail && waited < 5_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    [mail] = await mailsTo(email);
  }
  if (!mail) throw new Error(`no mail to ${email}`);
  const token = /\?magic=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  const pin = /[:：] ?(\d{6})$/m.exec(mail.text)?.[1];
  if (!token || !pin) throw new Error(`no link or PIN in ${mail.text}`);
  return { token, pin, subject: mail.subject, text: mail.text };
}

/** A radio field whose first option takes one viewer and tags them "room-a". */
export const SESSION_FIELD: RegistrationField = {
  id: "session",
  type: "radio",
  name: { en: "Session", fr: "Session" },
  required: true,
  options: [
    { id: "room-a", name: { en: "Room A" }, limit: 1, tags: ["room-a"] },
    { id: "room-b", name: { en: "Room B" }, limit: null, tags: [] },
  ],
  condition: null,
};
