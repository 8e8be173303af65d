import { Hono } from "hono";
import { csrf } from "./auth/csrf.ts";
import { authenticate } from "./auth/middleware.ts";
import type { AppEnv } from "./env.ts";
import { passwordRoutes } from "./features/auth/password-routes.ts";
import { profileRoutes } from "./features/auth/profile-routes.ts";
import { registrationRoutes } from "./features/auth/registration-routes.ts";
import { onboardingRoutes } from "./features/onboarding/routes.ts";
import { sessionRoutes } from "./features/auth/session-routes.ts";
import { organizationSsoRoutes } from "./features/sso/organization-routes.ts";
import { ssoRoutes } from "./features/sso/routes.ts";
import { syncRoutes } from "./features/sync/routes.ts";
import { dev } from "./features/dev/routes.ts";
import { health } from "./features/health/routes.ts";
import { organizationRoutes } from "./features/organizations/routes.ts";
import { peopleRoutes } from "./features/people/routes.ts";
import { speakerRoutes } from "./features/speakers/routes.ts";
import { pollRoutes } from "./features/polls/routes.ts";
import { resourceRoutes } from "./features/resources/routes.ts";
import { uploadRoutes } from "./features/uploads/routes.ts";
import { mediaRoutes } from "./features/media/routes.ts";
import { slidesRoutes } from "./features/slides/routes.ts";
import { fileRoutes } from "./features/files/routes.ts";
import { archiveRoutes } from "./features/archive/routes.ts";
import { embedAppRoutes } from "./features/embed-apps/routes.ts";
import { segmentRoutes } from "./features/segments/routes.ts";
import { integrationRoutes } from "./features/integrations/routes.ts";
import { streamingOutputRoutes } from "./features/streaming-outputs/routes.ts";
import { controlRoomRoutes, roomSettingsRoutes } from "./features/webcast-room/control-routes.ts";
import { webcastRoom } from "./features/webcast-room/routes.ts";
import { guestLinkRoutes } from "./features/webcast-room/guest-link.ts";
import { questionRoutes } from "./features/questions/routes.ts";
import { chatRoutes } from "./features/chat/routes.ts";
import { webcastRoutes } from "./features/webcasts/routes.ts";
import { notFound, onError } from "./http/error-handlers.ts";
import { locale, requestId } from "./http/middleware.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { sameOrigin } from "./http/origin.ts";
import { viewerRoutes } from "./features/viewers/routes.ts";
import { invitationRoutes } from "./features/invitations/routes.ts";
import { viewerAccessRoutes } from "./features/viewer-access/routes.ts";
import { viewerPageRoutes } from "./features/viewer-access/page-routes.ts";
import { viewerMediaRoutes } from "./features/viewer-media/routes.ts";
import { viewerResourceRoutes } from "./features/viewer-resources/routes.ts";
import { viewingSessionRoutes } from "./features/viewing-sessions/routes.ts";
import { viewerImportRoutes } from "./features/viewer-imports/routes.ts";

/**
 * Order matters: security headers outermost (they see every answer, errors and the dev routes
 * included), request id and language next (so every error is shaped and localized), the
 * same-origin check of state-changing requests and websocket upgrades (a page of another site
 * cannot reach even the dev routes), the local-only dev routes before CSRF (scripts call them
 * without a browser), then CSRF on every mutating request and the session lookup.
 */
const app = new Hono<AppEnv>().use(securityHeaders).use(requestId).use(locale).use(sameOrigin).route("/api/dev", dev).use(csrf).use(authenticate);

/** Chained so `AppType` carries every route for the web's typed `hc` client. */
const routes = app
  .route("/", sessionRoutes) // /sanctum/csrf-cookie, /login, /logout (SPEC §7 paths)
  .route("/", viewerPageRoutes) // the viewer page /w/{id} (watch.html) and its web app manifest
  .route("/api/health", health)
  .route("/api/profile", profileRoutes)
  .route("/api/password", passwordRoutes)
  .route("/api/users", registrationRoutes)
  .route("/api/onboarding", onboardingRoutes)
  .route("/api/sso", ssoRoutes)
  .route("/api/organizations", organizationRoutes)
  .route("/api/organizations", peopleRoutes)
  .route("/api/organizations", organizationSsoRoutes)
  .route("/api/sync", syncRoutes)
  .route("/api/uploads", uploadRoutes) // the one upload path: R2 multipart through the Worker (docs/uploads.md)
  .route("/api/files", fileRoutes) // private objects through short-lived signed URLs, no session (docs/media.md "Serving files")
  .route("/api/watch", viewerAccessRoutes) // the public viewer page /w/{id}: no session needed (docs/viewer-page.md "Access API")
  .route("/api/watch", viewerMediaRoutes) // what the viewer page plays: GET /api/watch/{id}/playback?token= (docs/media.md "Playback on the viewer page")
  .route("/api/watch", viewerResourceRoutes) // the webcast's resources for its viewers: GET /api/watch/{id}/resources?token= (docs/viewer-page.md "Resources")
  .route("/api", viewingSessionRoutes) // /api/watch/{id}/viewing-sessions… (room token) and /api/webcasts/{uid}/viewing-sessions/summary (docs/webcasts-api.md "Viewing sessions")
  .route("/api", speakerRoutes)
  .route("/api", pollRoutes)
  .route("/api", resourceRoutes)
  .route("/api", mediaRoutes) // the video library's files and premiere playlists (docs/media.md)
  .route("/api", embedAppRoutes)
  .route("/api", segmentRoutes)
  .route("/api", integrationRoutes)
  .route("/api", streamingOutputRoutes)
  .route("/api", questionRoutes) // the live interactions, through the room (docs/webcasts-api.md "Questions", "Chat")
  .route("/api", chatRoutes)
  .route("/api", viewerImportRoutes) // CSV imports: viewers/upload, upload-logs (docs/viewers-api.md)
  .route("/api", viewerRoutes) // the webcast's viewers, participants/export (docs/viewers-api.md)
  .route("/api", invitationRoutes) // invitations/customize, bulk-invitations (docs/viewers-api.md)
  .route("/api/webcasts", slidesRoutes)
  .route("/api/webcasts", webcastRoutes) // REST, through the sync mutators (docs/webcasts-api.md)
  .route("/api/webcasts", webcastRoom) // the live room: socket (GET …/room) and control-room calls
  .route("/api/webcasts", controlRoomRoutes)
  .route("/api/webcasts", roomSettingsRoutes)
  .route("/api/webcasts", guestLinkRoutes)
  .route("/api/webcasts", archiveRoutes); // archive/info, archive, archive/edit, replay/signed-url (docs/webcasts-api.md "Archive and replay")

app.notFound(notFound);
app.onError(onError);

export default app;
export type AppType = typeof routes;
