import { z } from "zod";
import { UI_LOCALES } from "../i18n/locales.ts";
import { registrationAnswersSchema, registrationFieldsSchema } from "../registration/record.ts";
import { attendeeOptionsSchema } from "../webcasts/attendee-options.ts";
import { WEBCAST_API_STATUSES, WEBCAST_EVENT_TYPES } from "../webcasts/record.ts";

/**
 * The viewer page's calls (issue #19, docs/viewer-page.md): the contract between the public
 * webcast page (web/features/viewer-page) and the worker (worker/features/viewer-access). Public:
 * no session of the app is needed (SSO excepted). Every error has the spec's shape
 * `{ message, errors? }` in the viewer's language.
 *
 *   GET  /api/watch/{webcastId}                    → { data: PublicWebcast }
 *   POST /api/watch/{webcastId}/register           RegisterBody   → 201 { data: { sent: true } } (magic link mailed)
 *   POST /api/watch/{webcastId}/magic-link         MagicLinkBody  → 202 { data: { sent: true } } (always, known or not)
 *   POST /api/watch/{webcastId}/sign-in            SignInBody     → 200 { data: ViewerAccess }
 *   POST /api/watch/{webcastId}/room-token         (Authorization: Bearer <pass>) → 200 { data: RoomTokenGrant }
 *   POST /api/watch/{webcastId}/sign-out           (Authorization: Bearer <pass>) → 204
 */

/** Where the replay stands for the public page (server-side archive facts, SPEC §4 archive states). */
export const REPLAY_STATUSES = ["none", "pending", "available", "expired"] as const;
export type ReplayStatus = (typeof REPLAY_STATUSES)[number];

/** Ways in (SPEC §2 "sign-in by magic link, PIN, control number, SSO or guest"; password: the viewer's own). */
export const SIGN_IN_METHODS = ["magic_link", "pin", "invite", "control_number", "password", "sso", "guest"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const publicWebcastSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** null when the webcast hides its details (attendee option view_details off). */
  description: z.string().nullable(),
  /** ISO start and end (UTC); the start is null when the schedule is hidden (schedule_visible off). */
  start: z.string().nullable(),
  end: z.string().nullable(),
  timezone: z.string(),
  language: z.enum(["en", "fr"]),
  /** The API status (SPEC §4), `premiering` for a premiere on air. */
  state: z.enum(WEBCAST_API_STATUSES),
  is_premiere: z.boolean(),
  event_type: z.enum(WEBCAST_EVENT_TYPES),
  add_to_calendar_visible: z.boolean(),
  replay: z.object({ status: z.enum(REPLAY_STATUSES), expires_at: z.string().nullable(), download: z.boolean() }),
  attendee_options: attendeeOptionsSchema,
  anonymous_questions: z.boolean(),
  branding: z.object({
    theme: z.string(),
    title_color: z.string().nullable(),
    logo_url: z.string().nullable(),
    cover_url: z.string().nullable(),
    banner_url: z.string().nullable(),
  }),
  access: z.object({
    /** The methods this webcast accepts, in the order the page offers them. */
    methods: z.array(z.enum(SIGN_IN_METHODS)),
    registration_required: z.boolean(),
    /** The form a newcomer fills in (empty: name and e-mail only). */
    registration_fields: registrationFieldsSchema,
    /** The webcast's access password is asked with any method. */
    password_required: z.boolean(),
    control_number_required: z.boolean(),
    /** Only viewers carrying one of the segment names as a tag get in. */
    segment_restricted: z.boolean(),
  }),
  /** The server's clock (ISO), so a countdown on a device whose clock is off stays right. */
  server_now: z.string(),
});
export type PublicWebcast = z.infer<typeof publicWebcastSchema>;

const email = z.string().max(255);
const locale = z.enum(UI_LOCALES).optional();

export const registerBodySchema = z.object({ name: z.string().max(255), email, answers: registrationAnswersSchema, locale, webcast_password: z.string().max(255).optional() });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const magicLinkBodySchema = z.object({ email, locale });
export type MagicLinkBody = z.infer<typeof magicLinkBodySchema>;

const webcastPassword = { webcast_password: z.string().max(255).optional() };
export const signInBodySchema = z.discriminatedUnion("method", [
  /** The magic link's token (`/w/{id}?magic=…`), one use, MAGIC_LINK_TTL_MINUTES. */
  z.object({ method: z.literal("magic_link"), token: z.string().max(1024), ...webcastPassword }),
  /** The 6-digit PIN of the same e-mail (typed on another device than the mailbox's). */
  z.object({ method: z.literal("pin"), email, pin: z.string().max(16), ...webcastPassword }),
  /** The personal invitation link's token (`/w/{id}?invite=…`, issue #18). */
  z.object({ method: z.literal("invite"), token: z.string().max(1024), ...webcastPassword }),
  z.object({ method: z.literal("control_number"), email, control_number: z.string().max(100), ...webcastPassword }),
  /** The viewer's own password (set by the organizer in the viewers tab). */
  z.object({ method: z.literal("password"), email, password: z.string().max(255), ...webcastPassword }),
  /** The app session made by the organization's identity provider (`/api/sso/start`, back to the page). */
  z.object({ method: z.literal("sso"), ...webcastPassword }),
  z.object({ method: z.literal("guest"), name: z.string().max(255).optional(), ...webcastPassword }),
]);
export type SignInBody = z.infer<typeof signInBodySchema>;

export const roomTokenGrantSchema = z.object({ room_token: z.string(), expires_at: z.string() });
export type RoomTokenGrant = z.infer<typeof roomTokenGrantSchema>;

export const viewerAccessSchema = z.object({
  /**
   * The viewer's pass on this device: kept in localStorage (`igo.viewer-pass.<webcastId>`) so a
   * returning viewer is recognised; traded for room tokens. VIEWER_PASS_TTL_DAYS.
   */
  pass: z.string(),
  pass_expires_at: z.string(),
  viewer: z.object({ id: z.string(), name: z.string(), guest: z.boolean() }),
  ...roomTokenGrantSchema.shape,
});
export type ViewerAccess = z.infer<typeof viewerAccessSchema>;

/** SPEC §8 "The magic link seems to have expired." — a magic link or PIN lives this long, one use. */
export const MAGIC_LINK_TTL_MINUTES = 30;
export const PIN_LENGTH = 6;
/** How long a device stays signed in to a webcast's page. */
export const VIEWER_PASS_TTL_DAYS = 30;
/** localStorage key of a webcast's pass (SPEC §7: keys use the prefix "igo"). */
export const viewerPassKey = (webcastId: string) => `igo.viewer-pass.${webcastId}`;
