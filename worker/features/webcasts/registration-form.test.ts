import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { RegistrationField } from "../../../domain/registration/record.ts";
import type { MutationResult, PushResponse } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { WebcastJson } from "../../../domain/webcasts/webcast-json.ts";
import { seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { form, insertWebcast } from "./testing.ts";

/** The registration form (issue #19) through the REST update and the sync push: one rule, `registrationFormErrors`. */

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]>; requestId: string };

beforeAll(seedDemo);

const text = (id: string, en: string): RegistrationField => ({ id, type: "text", name: { en }, required: false, options: [], condition: null });
const VALID: RegistrationField[] = [
  { id: "workshop", type: "select", name: { en: "Workshop", fr: "Atelier" }, required: true, options: [{ id: "am", name: { en: "Morning" }, limit: 25, tags: ["am"] }, { id: "pm", name: { en: "Afternoon" }, limit: null, tags: [] }], condition: null },
  { ...text("why", "Why the morning?"), condition: { field_id: "workshop", operator: "equals", value: "am" } },
];

async function storedForm(id: string): Promise<unknown> {
  const row = await env.DB.prepare("SELECT registration_fields FROM webcasts WHERE id = ?").bind(id).first<{ registration_fields: string }>();
  return row ? JSON.parse(row.registration_fields) : null;
}

describe("registration form: POST /api/webcasts/{uid} with _method=PATCH", () => {
  it("refuses duplicate field names with 422 and the field error, in English and French, and stores nothing", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const body = form({ _method: "PATCH", registration_fields: JSON.stringify([text("a", "Company"), text("b", " COMPANY ")]) });
    const en = await (await org.as("organizer")).request(`/api/webcasts/${row.id}`, { method: "POST", body });
    expect(en.status, await en.clone().text()).toBe(422);
    expect(await en.json<ErrorBody>()).toMatchObject({ code: "validation_failed", message: "Some fields of the webcast are invalid.", errors: { "registration_fields.1.name": ["Another field use this name"] }, requestId: expect.any(String) });
    const fr = await (await org.as("organizer", "fr")).request(`/api/webcasts/${row.id}`, { method: "POST", body });
    expect((await fr.json<ErrorBody>()).errors).toEqual({ "registration_fields.1.name": ["Un autre champ utilise ce nom"] });
    expect(await storedForm(row.id)).toEqual([]);
  });

  it("refuses a form that is not JSON or not of the schema's shape (422), before any rule", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const notJson = await organizer.request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", registration_fields: "[{" }) });
    expect(notJson.status).toBe(422);
    expect(Object.keys((await notJson.json<ErrorBody>()).errors ?? {})).toEqual(["registration_fields"]);
  });

  it("stores a valid form whole, answers it, and an empty list clears it", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const response = await organizer.request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", registration_fields: JSON.stringify(VALID) }) });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json<{ data: WebcastJson }>()).data.registration_fields).toEqual(VALID);
    expect(await storedForm(row.id)).toEqual(VALID);

    const cleared = await organizer.request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", registration_fields: "[]" }) });
    expect(cleared.status).toBe(200);
    expect(await storedForm(row.id)).toEqual([]);
  });
});

describe("registration form: updateWebcast through the sync push", () => {
  async function push(client: Awaited<ReturnType<Awaited<ReturnType<typeof createOrganization>>["as"]>>, webcastId: string, registration_fields: RegistrationField[]): Promise<MutationResult | undefined> {
    const now = new Date().toISOString();
    const response = await client.post("/api/sync/push", { mutations: [{ id: uuidv7(), name: "updateWebcast", args: { id: webcastId, registration_fields, now }, client_time: now }] });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json<PushResponse>()).results[0];
  }

  it("rejects duplicate field names with the same field error, and applies a valid form", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    expect(await push(organizer, row.id, [text("a", "Company"), text("b", "company")])).toMatchObject({
      status: "rejected",
      error: { code: "validation_failed", errors: { "registration_fields.1.name": ["Another field use this name"] } },
    });
    expect(await storedForm(row.id)).toEqual([]);
    expect((await push(organizer, row.id, VALID))?.status).toBe("applied");
    expect(await storedForm(row.id)).toEqual(VALID);
  });
});
