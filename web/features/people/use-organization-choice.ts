import { useEffect, useMemo, useState } from "react";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { STORAGE_PREFIX } from "../../../domain/i18n/locales.ts";
import { can } from "../../../domain/permissions/can.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { readStored, writeStored } from "../../lib/storage.ts";
import { listOrganizations } from "../organizations/api.ts";

/** The organization the people lists show, remembered across visits and lists. */
export const ORGANIZATION_STORAGE_KEY = `${STORAGE_PREFIX}.organization` as const;

export interface OrganizationChoice {
  id: number;
  name: string;
  deactivated: boolean;
}

/**
 * Organizations where the user holds `permission`: their accounts, plus (super admins, who may
 * have none) the first page of all organizations. The choice is stored under `igo.organization`.
 */
export function useOrganizationChoice(user: ProfileUser | null, permission: Permission) {
  const [extra, setExtra] = useState<OrganizationChoice[]>([]);
  const superAdmin = user?.is_super_admin === true;

  useEffect(() => {
    if (!superAdmin) return;
    const controller = new AbortController();
    listOrganizations({ page: 1, q: "" }, controller.signal).then(
      (page) => setExtra(page.data.map((org) => ({ id: org.id, name: org.name, deactivated: org.deactivated_at !== null }))),
      () => setExtra([]),
    );
    return () => controller.abort();
  }, [superAdmin]);

  const options = useMemo(() => {
    const own = (user?.accounts ?? []).filter((account) => can(user, permission, account.id));
    const byId = new Map<number, OrganizationChoice>();
    for (const account of own) byId.set(account.id, { id: account.id, name: account.name, deactivated: account.deactivated });
    for (const org of extra) if (!byId.has(org.id)) byId.set(org.id, org);
    return [...byId.values()];
  }, [user, permission, extra]);

  const [stored, setStored] = useState(() => Number(readStored(ORGANIZATION_STORAGE_KEY)));
  const selected = options.find((option) => option.id === stored) ?? options[0];

  const choose = (id: number) => {
    setStored(id);
    writeStored(ORGANIZATION_STORAGE_KEY, String(id));
  };

  return { options, selected, choose };
}
