import type { PublicWebcast, ViewerAccess } from "../../../domain/viewer-page/api.ts";
import type { RegistrationField } from "../../../domain/registration/record.ts";

/** Test fixtures of the viewer page: a webcast as GET /api/watch/{id} tells it, and sign-in answers. */
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

export function withAccess(access: Partial<PublicWebcast["access"]>, overrides: Partial<PublicWebcast> = {}): PublicWebcast {
  const webcast = publicWebcast(overrides);
  return { ...webcast, access: { ...webcast.access, ...access } };
}

/** A form with a condition: "Company" shows only when "Attending as" is "Partner". */
export const REGISTRATION_FIELDS: RegistrationField[] = [
  {
    id: "role",
    type: "radio",
    name: { en: "Attending as", fr: "Participation" },
    required: true,
    options: [
      { id: "member", name: { en: "Member" }, limit: null, tags: [] },
      { id: "partner", name: { en: "Partner" }, limit: null, tags: ["partner"] },
    ],
    condition: null,
  },
  {
    id: "company",
    type: "text",
    name: { en: "Company" },
    required: true,
    options: [],
    condition: { field_id: "role", operator: "equals", value: "partner" },
  },
  {
    id: "topics",
    type: "multiselect",
    name: { en: "Topics" },
    required: false,
    options: [
      { id: "finance", name: { en: "Finance" }, limit: null, tags: [] },
      { id: "product", name: { en: "Product" }, limit: null, tags: [] },
    ],
    condition: null,
  },
  {
    id: "country",
    type: "select",
    name: { en: "Country" },
    required: false,
    options: [
      { id: "ca", name: { en: "Canada" }, limit: null, tags: [] },
      { id: "fr", name: { en: "France" }, limit: null, tags: [] },
    ],
    condition: null,
  },
  { id: "consent", type: "checkbox", name: { en: "I agree to be contacted" }, required: true, options: [], condition: null },
];

export const ACCESS: ViewerAccess = {
  pass: "pass-123",
  pass_expires_at: "2026-12-31T00:00:00.000Z",
  viewer: { id: "viewer-1", name: "Ann Attendee", guest: false },
  room_token: "room-token-1",
  expires_at: "2026-12-01T15:00:00.000Z",
};
