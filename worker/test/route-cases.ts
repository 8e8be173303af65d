import type { RouteCase } from "./route-matrix.ts";
import { AUTH_ROUTE_CASES } from "../features/auth/route-cases.ts";
import { ORGANIZATION_ROUTE_CASES } from "../features/organizations/route-cases.ts";
import { PEOPLE_ROUTE_CASES } from "../features/people/route-cases.ts";
import { SSO_ROUTE_CASES } from "../features/sso/route-cases.ts";
import { SYNC_ROUTE_CASES } from "../features/sync/route-cases.ts";
import { WEBCAST_ROUTE_CASES } from "../features/webcasts/route-cases.ts";
import { SPEAKER_ROUTE_CASES } from "../features/speakers/route-cases.ts";
import { POLL_ROUTE_CASES } from "../features/polls/route-cases.ts";
import { RESOURCE_ROUTE_CASES } from "../features/resources/route-cases.ts";
import { EMBED_APP_ROUTE_CASES } from "../features/embed-apps/route-cases.ts";
import { SEGMENT_ROUTE_CASES } from "../features/segments/route-cases.ts";
import { STREAMING_OUTPUT_ROUTE_CASES } from "../features/streaming-outputs/route-cases.ts";
import { INTEGRATION_ROUTE_CASES } from "../features/integrations/route-cases.ts";
import { ONBOARDING_ROUTE_CASES } from "../features/onboarding/route-cases.ts";
import { WEBCAST_ROOM_ROUTE_CASES as CONTROL_ROOM_ROUTE_CASES } from "../features/webcast-room/route-cases.ts";
import { QUESTION_ROUTE_CASES } from "../features/questions/route-cases.ts";
import { CHAT_ROUTE_CASES } from "../features/chat/route-cases.ts";
import { GUEST_LINK_ROUTE_CASES } from "../features/webcast-room/guest-link-route-cases.ts";
import { UPLOAD_ROUTE_CASES } from "../features/uploads/route-cases.ts";
import { FILE_ROUTE_CASES } from "../features/files/route-cases.ts";
import { MEDIA_ROUTE_CASES } from "../features/media/route-cases.ts";
import { SLIDES_ROUTE_CASES } from "../features/slides/route-cases.ts";
import { ARCHIVE_ROUTE_CASES } from "../features/archive/route-cases.ts";
import { VIEWER_ROUTE_CASES } from "../features/viewers/route-cases.ts";
import { INVITATION_ROUTE_CASES } from "../features/invitations/route-cases.ts";
import { VIEWER_IMPORT_ROUTE_CASES } from "../features/viewer-imports/route-cases.ts";
import { VIEWER_ACCESS_ROUTE_CASES } from "../features/viewer-access/route-cases.ts";
import { VIEWING_SESSION_ROUTE_CASES } from "../features/viewing-sessions/route-cases.ts";
import { VIEWER_MEDIA_ROUTE_CASES } from "../features/viewer-media/route-cases.ts";
import { VIEWER_RESOURCE_ROUTE_CASES } from "../features/viewer-resources/route-cases.ts";

/**
 * Every API route's row of the route × role × tenant matrix (issue #3), in six groups the
 * matrix runs as six test files (so they run in parallel, and no workerd isolate serves too many
 * requests: they slow down with the number served): identity, sync and signed file URLs;
 * organizations, uploads and the video library; the webcast, its settings and archive; the
 * webcast's parts; the live room; the viewers. A route missing from ALL_ROUTE_CASES fails
 * route-matrix.test.ts, so a new route cannot land without saying who may call it.
 */
export const IDENTITY_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/health", request: () => ({ path: "/api/health" }), expect: { others: 200 } },
  // Local-only seeding (APP_ENV=local in tests): open to scripts, not to browsers in production.
  { route: "POST /api/dev/seed", request: () => ({ path: "/api/dev/seed", method: "POST" }), expect: { others: 200 } },
  // Without an Upgrade header the room explains itself with a 400, whoever asks (the upgrade's own
  // refusals: worker/features/webcast-room/routes.test.ts).
  { route: "GET /api/webcasts/:id/room", request: () => ({ path: "/api/webcasts/0196a0de-0001-7000-8000-000000000000/room" }), expect: { others: 400 } },
  ...AUTH_ROUTE_CASES,
  ...ONBOARDING_ROUTE_CASES,
  ...SYNC_ROUTE_CASES,
  ...FILE_ROUTE_CASES,
];

/**
 * Organizations, their people, their identity provider, the upload path and their video library
 * (route-matrix-organizations.test.ts; the upload path's calls are among the matrix's slowest: R2
 * multipart operations, so they sit with the lightest group).
 */
export const ORGANIZATION_GROUP_ROUTE_CASES: RouteCase[] = [...ORGANIZATION_ROUTE_CASES, ...PEOPLE_ROUTE_CASES, ...SSO_ROUTE_CASES, ...UPLOAD_ROUTE_CASES, ...MEDIA_ROUTE_CASES];

/** The webcast, its settings, speakers, segments, outputs, integrations and archive (route-matrix-webcasts.test.ts). */
export const WEBCAST_SETTINGS_ROUTE_CASES: RouteCase[] = [
  ...WEBCAST_ROUTE_CASES,
  ...SPEAKER_ROUTE_CASES,
  ...SEGMENT_ROUTE_CASES,
  ...STREAMING_OUTPUT_ROUTE_CASES,
  ...INTEGRATION_ROUTE_CASES,
  ...ARCHIVE_ROUTE_CASES,
];

/** The webcast's parts: polls, resources, embed apps, slides (route-matrix-parts.test.ts). */
export const WEBCAST_PART_ROUTE_CASES: RouteCase[] = [...POLL_ROUTE_CASES, ...RESOURCE_ROUTE_CASES, ...EMBED_APP_ROUTE_CASES, ...SLIDES_ROUTE_CASES];

/** The live room's control-room calls, toggles and reset, its questions and chat (route-matrix-room.test.ts: each call reaches the room's object). */
export const WEBCAST_ROOM_ROUTE_CASES: RouteCase[] = [...CONTROL_ROOM_ROUTE_CASES, ...GUEST_LINK_ROUTE_CASES, ...QUESTION_ROUTE_CASES, ...CHAT_ROUTE_CASES];

/** The webcast's viewers, their CSV imports, invitations and exports, and the public viewer page (route-matrix-viewers.test.ts). */
export const VIEWER_GROUP_ROUTE_CASES: RouteCase[] = [...VIEWER_ROUTE_CASES, ...VIEWER_IMPORT_ROUTE_CASES, ...INVITATION_ROUTE_CASES, ...VIEWER_ACCESS_ROUTE_CASES, ...VIEWER_MEDIA_ROUTE_CASES, ...VIEWER_RESOURCE_ROUTE_CASES, ...VIEWING_SESSION_ROUTE_CASES];

export const ALL_ROUTE_CASES: RouteCase[] = [
  ...IDENTITY_ROUTE_CASES,
  ...ORGANIZATION_GROUP_ROUTE_CASES,
  ...WEBCAST_SETTINGS_ROUTE_CASES,
  ...WEBCAST_PART_ROUTE_CASES,
  ...WEBCAST_ROOM_ROUTE_CASES,
  ...VIEWER_GROUP_ROUTE_CASES,
];
