import { env } from "cloudflare:workers";
import { QUESTION_ROUTE_ACTIONS } from "../../../domain/questions/moderation.ts";
import { PRODUCER_PERMISSIONS } from "../../../domain/permissions/permissions.ts";
import type { RoomActor } from "../../../domain/webcast-room/actor.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { userIdOf } from "../sync/testing.ts";
import { roomRpc } from "../webcast-room/control-routes.ts";
import { insertWebcast } from "../webcasts/testing.ts";

/**
 * The Q&A routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts),
 * run with the room's (route-matrix-room.test.ts: each call reaches the webcast's room). Each call
 * gets a fresh webcast in a fresh copy of "Demo Events": its staff (organizers, admins, owners,
 * the super admin: producers) may; viewers, operators and the matrix's speaker neither produce nor
 * speak in it (403); the owner of "Other Org" is no member (404); nobody signed in gets 401.
 */
const STAFF = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

const webcastPath = async () => `/api/webcasts/${(await insertWebcast(await cloneDemoEvents())).id}`;

/**
 * Runs `command` in a fresh webcast's room as its organizer, then has the room write D1 (where the
 * calls on a question or message find its webcast): the `result` of the command.
 */
export async function throughRoom(command: RoomCommand): Promise<{ uid: string; result: { id: string } }> {
  const uid = (await insertWebcast(await cloneDemoEvents())).id;
  const actor: RoomActor = { role: "producer", user_id: await userIdOf("organizer@demo.test"), viewer_id: null, grants: [...PRODUCER_PERMISSIONS], locale: "en" };
  const room = roomRpc(env, uid);
  const answer = await room.command(uid, actor, command, null);
  if (!answer.ok) throw new Error(`the room refused ${command.type}: ${answer.message}`);
  await room.flushInteractions(uid);
  const result = answer.result as { id?: string; message?: { id: string } };
  return { uid, result: { id: result.id ?? result.message?.id ?? "" } };
}

const questionPath = async () => `/api/questions/${(await throughRoom({ type: "question.ask", text: "Matrix?", anonymous: false })).result.id}`;

export const QUESTION_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/webcasts/:id/questions", request: async () => ({ path: `${await webcastPath()}/questions?status=all` }), expect: { ...STAFF, others: 200 } },
  { route: "POST /api/webcasts/:id/questions", request: async () => ({ path: `${await webcastPath()}/questions`, method: "POST", json: { text: "Matrix?" } }), expect: { ...STAFF, others: 201 } },
  { route: "GET /api/webcasts/:id/questions/download", request: async () => ({ path: `${await webcastPath()}/questions/download?type=csv` }), expect: { ...STAFF, others: 200 } },
  { route: "POST /api/webcasts/:id/questions/disable-sms", request: async () => ({ path: `${await webcastPath()}/questions/disable-sms`, method: "POST", json: { disabled: true } }), expect: { ...STAFF, others: 200 } },
  { route: "PATCH /api/questions/:id", request: async () => ({ path: await questionPath(), method: "PATCH", json: { answered: true } }), expect: { ...STAFF, others: 200 } },
  {
    route: `PATCH /api/questions/:id/:action{${Object.keys(QUESTION_ROUTE_ACTIONS).join("|")}}`,
    request: async () => ({ path: `${await questionPath()}/mark-as-hidden`, method: "PATCH" }),
    expect: { ...STAFF, others: 200 },
  },
];
