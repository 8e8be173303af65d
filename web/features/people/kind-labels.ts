import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PersonKind } from "../../../domain/organizations/people.ts";

/** Texts that differ per list (SPEC §2: one screen, told apart by kind). */
export const KIND_TEXTS: Record<PersonKind, { title: MessageDescriptor; invite: MessageDescriptor; empty: MessageDescriptor; none: MessageDescriptor }> = {
  speaker: {
    title: msg`Speakers`,
    invite: msg`Invite a speaker`,
    empty: msg`No speakers yet.`,
    none: msg`You do not manage speakers in any organization.`,
  },
  organizer: {
    title: msg`Organizers`,
    invite: msg`Invite an organizer`,
    empty: msg`No organizers yet.`,
    none: msg`You do not manage organizers in any organization.`,
  },
  admin: {
    title: msg`Administrators`,
    invite: msg`Invite an administrator`,
    empty: msg`No administrators yet.`,
    none: msg`You do not manage administrators in any organization.`,
  },
  owner: {
    title: msg`Owners`,
    invite: msg`Invite an owner`,
    empty: msg`No owners yet.`,
    none: msg`You do not manage owners in any organization.`,
  },
};

/** One person's role, as the role picker shows it. */
export const ROLE_LABELS: Record<PersonKind, MessageDescriptor> = {
  speaker: msg`Speaker`,
  organizer: msg`Organizer`,
  admin: msg`Administrator`,
  owner: msg`Owner`,
};

export const STATUS_LABELS: Record<"pending" | "active" | "disabled", MessageDescriptor> = {
  pending: msg`Pending`,
  // Context: "Active" is also an organization's status, which some languages inflect differently.
  active: msg({ message: "Active", context: "person status" }),
  disabled: msg`Disabled`,
};
