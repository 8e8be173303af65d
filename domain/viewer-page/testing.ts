import type { PublicWebcast } from "./api.ts";

/** Test fixtures of the viewer page: a webcast as GET /api/watch/{id} tells it (the domain's tests and the web's). */
export const WEBCAST_ID = "0194c4a0-0000-7000-8000-00000000c0de";

/** The server's "now" of the fixtures; tests set the fake clock to it. */
export const SERVER_NOW = "2026-12-01T14:00:00.000Z";

export function publicWebcast(overrides: Partial<PublicWebcast> = {}): PublicWebcast {
  return {
    id: WEBCAST_ID,
    title: "Annual meeting",
    description: "Results of the year and questions from shareholders.",
    start: "2026-12-01T16:00:00.000Z",
    end: "2026-12-01T17:00:00.000Z",
    timezone: "America/Toronto",
    language: "en",
    state: "upcoming",
    is_premiere: false,
    event_type: "video",
    add_to_calendar_visible: true,
    replay: { status: "none", expires_at: null, download: false },
    attendee_options: { ask_questions: true, view_resources: true, view_details: true, switch_language: false, poster_overlay: false, question_wall: false },
    anonymous_questions: false,
    branding: { theme: "go", title_color: "#1d4ed8", logo_url: "/files/logo.png", cover_url: "/files/cover.jpg", banner_url: null },
    access: {
      methods: ["magic_link"],
      registration_required: false,
      registration_fields: [],
      password_required: false,
      control_number_required: false,
      segment_restricted: false,
    },
    server_now: SERVER_NOW,
    ...overrides,
  };
}
