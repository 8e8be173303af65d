import type { PublicWebcast, ViewerAccess } from "../../../domain/viewer-page/api.ts";
import type { RegistrationField } from "../../../domain/registration/record.ts";

/** Test fixtures of the viewer page: the webcast (domain/viewer-page/testing.ts) and sign-in answers. */
import { SERVER_NOW, WEBCAST_ID, publicWebcast } from "../../../domain/viewer-page/testing.ts";

export { SERVER_NOW, WEBCAST_ID, publicWebcast };

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
