import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { MenuGroup, MenuLabelKey } from "../../../domain/navigation/menu.ts";

/** Translations of the menu's label keys; the Record type makes a missing label a type error. */
export const MENU_LABELS: Record<MenuLabelKey, MessageDescriptor> = {
  "menu.webcast-create": msg`Create a webcast`,
  "menu.sessions": msg`My sessions`,
  "menu.sessions-calendar": msg`Calendar`,
  "menu.dashboard": msg`Dashboard`,
  "menu.organizations": msg`Organizations`,
  "menu.owners": msg`Owners`,
  "menu.speakers": msg`Speakers`,
  "menu.organizers": msg`Organizers`,
  "menu.admins": msg`Administrators`,
  "menu.participants": msg`Participants`,
  "menu.media": msg`Video content`,
  "menu.analytics": msg`Analytics`,
  "menu.notifications": msg`Notifications`,
  "menu.guides": msg`Guides`,
  "menu.participant-guides": msg`Participant guides`,
  "menu.technical-support": msg`Technical support`,
  "menu.quick-tour": msg`Quick tour`,
};

export const MENU_GROUP_LABELS: Record<MenuGroup, MessageDescriptor> = {
  services: msg`Services`,
  management: msg`Management`,
  support: msg`Support`,
};
