import { env } from "cloudflare:workers";
import type { SlidesRow } from "../../../domain/slides/record.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { slidesFilePrefix } from "../../../domain/uploads/keys.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { randomToken } from "../../auth/tokens.ts";
import { db } from "../../db/client.ts";
import { slides } from "../../db/schema/index.ts";
import type { Actor, RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { uploadFile } from "../uploads/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";

/**
 * The slide deck's (/api/webcasts/{id}/slides…) rows of the route × role × tenant matrix
 * (worker/test/route-matrix.test.ts). Each call gets a fresh webcast in a fresh copy of "Demo
 * Events" (with a deck where the call needs one). slides.manage belongs to organizers, admins,
 * owners, the super admin and the webcast's producer speaker; the deck is read with webcasts.view
 * or by the webcast's speakers. The matrix's speaker speaks in none of these webcasts: like viewers
 * and operators a member without either (403); the owner of "Other Org" is no member (404). A deck
 * is set from an upload the caller completed first (only those who may upload one can; the others
 * name an unknown upload and are refused before it is looked at).
 */
const MANAGERS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;
const MAY_MANAGE: readonly Actor[] = ["organizer", "admin", "owner", "super_admin"];

const webcastInCopy = async () => insertWebcast(await cloneDemoEvents());

/** A webcast in a fresh copy with a deck, its PDF in R2 (a fixture, no change log). */
async function webcastWithDeck(): Promise<WebcastRow> {
  const webcast = await webcastInCopy();
  const id = uuidv7();
  const file_key = `${slidesFilePrefix(webcast.id, id)}${randomToken()}`;
  await env.MEDIA.put(file_key, "%PDF-1.4\nmatrix\n%%EOF\n", { httpMetadata: { contentType: "application/pdf" } });
  const now = new Date().toISOString();
  const row: SlidesRow = { id, organization_id: webcast.organization_id, webcast_id: webcast.id, file_key, file_name: "deck.pdf", size: 22, page_count: 3, approved: false, approved_at: null, created_at: now, updated_at: now };
  await db(env.DB).insert(slides).values(row);
  return webcast;
}

export const SLIDES_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/webcasts/:id/slides", request: async () => ({ path: `/api/webcasts/${(await webcastWithDeck()).id}/slides` }), expect: { ...MANAGERS, others: 200 } },
  {
    route: "POST /api/webcasts/:id/slides",
    request: async (client, actor) => {
      const webcast = await webcastInCopy();
      const upload = MAY_MANAGE.includes(actor) ? await uploadFile(client, { kind: "slides", webcast_id: webcast.id, bytes: "%PDF-1.4\nmatrix\n%%EOF\n", name: "deck.pdf" }) : null;
      return { path: `/api/webcasts/${webcast.id}/slides`, method: "POST", json: { upload_id: upload?.id ?? uuidv7(), page_count: 3 } };
    },
    expect: { ...MANAGERS, others: 201 },
  },
  { route: "POST /api/webcasts/:id/slides/approve", request: async () => ({ path: `/api/webcasts/${(await webcastWithDeck()).id}/slides/approve`, method: "POST" }), expect: { ...MANAGERS, others: 200 } },
  { route: "DELETE /api/webcasts/:id/slides", request: async () => ({ path: `/api/webcasts/${(await webcastWithDeck()).id}/slides`, method: "DELETE" }), expect: { ...MANAGERS, others: 204 } },
];
