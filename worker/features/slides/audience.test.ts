import { beforeAll, describe, expect, it } from "vitest";
import type { SlidesAnswer } from "../../../domain/slides/record.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { uploadFile } from "../uploads/testing.ts";
import { guestToken } from "../webcast-room/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";

/**
 * GET /api/webcasts/{uid}/slides?token=<room token>: the audience's page has no session, only the
 * room token of its link. It reads the deck only once approved (else null), with a signed URL that
 * opens the PDF without a session; a forged, expired or another webcast's token is one 401.
 */

beforeAll(seedDemo);

type Answer = { data: SlidesAnswer | null };

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<T>();
}

/** A PDF as the upload path judges it (its magic bytes), some filler after. */
const PDF = new TextEncoder().encode(`%PDF-1.4\n${"% filler\n".repeat(300)}%%EOF\n`);

/** A fresh organization, its webcast and a deck of 12 pages set by the organizer (not approved). */
async function withDeck() {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id);
  const organizer = await org.as("organizer");
  const deckId = uuidv7();
  const upload = await uploadFile(organizer, { kind: "slides", webcast_id: webcast.id, target_id: deckId, bytes: PDF, name: "deck.pdf" });
  const set = await ok<Answer>(await organizer.post(`/api/webcasts/${webcast.id}/slides`, { upload_id: upload.id, page_count: 12 }), 201);
  expect(set.data).toMatchObject({ id: deckId, approved: false, page_count: 12 });
  return { org, webcast, organizer, deckId };
}

const audienceGet = (uid: string, token: string) => new TestClient().get(`/api/webcasts/${uid}/slides?token=${encodeURIComponent(token)}`);

describe("GET /api/webcasts/:id/slides?token= (the audience)", () => {
  it("answers null until the deck is approved, then the deck with a signed URL that opens the PDF without a session", async () => {
    const { webcast, organizer, deckId } = await withDeck();
    const token = await guestToken(webcast.id);
    expect(await ok<Answer>(await audienceGet(webcast.id, token))).toEqual({ data: null });
    // Staff read the deck before approval (the control room previews it).
    expect((await ok<Answer>(await organizer.get(`/api/webcasts/${webcast.id}/slides`))).data).toMatchObject({ id: deckId, approved: false });

    await ok<Answer>(await organizer.post(`/api/webcasts/${webcast.id}/slides/approve`));
    const { data } = await ok<Answer>(await audienceGet(webcast.id, token));
    expect(data).toMatchObject({ id: deckId, webcast_id: webcast.id, page_count: 12, approved: true, file_name: "deck.pdf", file_url: expect.stringMatching(/^\/api\/files\//) });
    expect(data).not.toHaveProperty("file_key");
    const file = await new TestClient().get(data?.file_url ?? "");
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });

  it("answers null when the webcast has no deck, and again once a new deck (not approved) replaces the approved one", async () => {
    const org = await createOrganization();
    const bare = await insertWebcast(org.id);
    expect(await ok<Answer>(await audienceGet(bare.id, await guestToken(bare.id)))).toEqual({ data: null });

    const { webcast, organizer } = await withDeck();
    await ok<Answer>(await organizer.post(`/api/webcasts/${webcast.id}/slides/approve`));
    const token = await guestToken(webcast.id);
    expect((await ok<Answer>(await audienceGet(webcast.id, token))).data?.approved).toBe(true);
    const upload = await uploadFile(organizer, { kind: "slides", webcast_id: webcast.id, target_id: uuidv7(), bytes: PDF, name: "v2.pdf" });
    await ok<Answer>(await organizer.post(`/api/webcasts/${webcast.id}/slides`, { upload_id: upload.id, page_count: 3 }), 201);
    expect(await ok<Answer>(await audienceGet(webcast.id, token))).toEqual({ data: null });
  });

  it("refuses a forged, expired or another webcast's token with one 401, and answers 404 for a webcast that is gone", async () => {
    const { webcast, organizer } = await withDeck();
    await ok<Answer>(await organizer.post(`/api/webcasts/${webcast.id}/slides/approve`));
    const other = await insertWebcast((await createOrganization()).id);
    const refusals = [
      await audienceGet(webcast.id, await guestToken(other.id)),
      await audienceGet(webcast.id, "forged.token"),
      await audienceGet(webcast.id, await guestToken(webcast.id, 60, Date.now() - 120_000)),
      await audienceGet("not-a-uid", await guestToken(webcast.id)),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "unauthenticated" });
    }
    const missing = uuidv7();
    expect((await audienceGet(missing, await guestToken(missing))).status).toBe(404);
  });

  it("still needs a session without a token: 401 signed out, 403 for a member who does not speak", async () => {
    const { org, webcast } = await withDeck();
    expect((await new TestClient().get(`/api/webcasts/${webcast.id}/slides`)).status).toBe(401);
    expect((await new TestClient().get(`/api/webcasts/${webcast.id}/slides?token=`)).status).toBe(401);
    const speaker = await org.as("speaker");
    expect((await speaker.get(`/api/webcasts/${webcast.id}/slides`)).status).toBe(403);
  });
});
