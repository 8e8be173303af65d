import { describe, expect, it } from "vitest";
import { inTenant, tenantRefusal } from "./tenancy.ts";

describe("tenancy", () => {
  const member = { is_super_admin: false, accounts: [{ id: 1 }, { id: 3 }] };
  const superAdmin = { is_super_admin: true, accounts: [] };

  it("lets members and super admins in, nobody else", () => {
    expect([inTenant(member, 1), inTenant(member, 3), inTenant(member, 2)]).toEqual([true, true, false]);
    expect(inTenant(superAdmin, 2)).toBe(true);
  });

  it("refuses with 403 inside the tenant and 404 outside it", () => {
    expect(tenantRefusal(member, 1)).toBe("forbidden");
    expect(tenantRefusal(member, 2)).toBe("not_found");
    expect(tenantRefusal(superAdmin, 2)).toBe("forbidden");
  });
});
