/** Who may learn that an organization's data exists (SPEC §6 tenant isolation). */
export interface TenantUser {
  is_super_admin: boolean;
  accounts: readonly { id: number }[];
}

/**
 * Whether `organizationId` is within the user's reach: they are a member, or a super admin (who
 * belongs everywhere). Everything of any other organization answers 404, never 403, so another
 * tenant's data is never confirmed to exist. Callers: every route guard, the sync pull, poke and
 * push (no authorization needed to ask).
 */
export function inTenant(user: TenantUser, organizationId: number): boolean {
  return user.is_super_admin || user.accounts.some((account) => account.id === organizationId);
}

/** The refusal for a user who may not do something in `organizationId`: 403 inside their tenant, 404 outside it. */
export function tenantRefusal(user: TenantUser, organizationId: number): "forbidden" | "not_found" {
  return inTenant(user, organizationId) ? "forbidden" : "not_found";
}
