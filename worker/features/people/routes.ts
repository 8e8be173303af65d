import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { organizationMessage } from "../../../domain/organizations/messages.ts";
import { addPersonSchema, changeRoleSchema, isPersonKind, managePermission, peopleQuerySchema } from "../../../domain/organizations/people.ts";
import { can } from "../../../domain/permissions/can.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { authorize, requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { appOrigin } from "../../mail/mailer.ts";
import { sendPasswordResetEmail, sendVerificationEmail } from "../auth/emails.ts";
import { guard, guardAny, pathId } from "../organizations/request.ts";
import { jsonBody, query } from "../../http/validators.ts";
import { requireOrganization } from "../organizations/service.ts";
import { sendAddedEmail, sendInvitationEmail } from "./emails.ts";
import { addPerson, changeRole, findMember, listPeople, removePerson, requirePerson } from "./service.ts";

/** Holding any of these lets a member into the people routes; the kind then decides (SPEC §2, §6). */
const MANAGE_ANY = ["speakers.manage", "organizers.manage", "admins.manage", "owners.manage"] as const satisfies readonly Permission[];

/**
 * /api/organizations/{id}/people (docs/identity-api.md "Organizations and people"): the speakers,
 * organizers, admins and owners lists. Who: `<kind>s.manage` (speakers: organizers and up;
 * organizers and admins: admins and owners; owners: owners); role changes also need
 * users.change_role (admins, owners); e-mails need users.send_emails (admins, owners, back office).
 * Another tenant gets 404 on every route; a member without the permission 403.
 */
export const peopleRoutes = new Hono<AppEnv>()
  .get("/:id/people", guardAny(MANAGE_ANY), query(peopleQuerySchema), async (c) => {
    const id = pathId(c, "id");
    const filters = c.req.valid("query");
    authorize(c, managePermission(filters.kind), id);
    return c.json(await listPeople(db(c.env.DB), id, filters), 200);
  })
  .post("/:id/people", guardAny(MANAGE_ANY), jsonBody(() => addPersonSchema), async (c) => {
    const id = pathId(c, "id");
    const input = c.req.valid("json");
    const inviter = authorize(c, managePermission(input.kind), id);
    const database = db(c.env.DB);
    const org = await requireOrganization(database, id);
    const { person, user, invite } = await addPerson(database, org, input, c.var.locale);
    const invitation = { organization: org.name, kind: input.kind, inviter: inviter.name };
    let email_sent = true;
    try {
      await (invite ? sendInvitationEmail : sendAddedEmail)(c.env, user, invitation, appOrigin(c.env, c.req.url));
    } catch (error) {
      // The membership stands; the outbox row records the failure and "send password reset" re-invites.
      console.error(`[${c.var.requestId}] people e-mail failed`, error);
      email_sent = false;
    }
    return c.json({ data: person, email_sent }, 201);
  })
  .patch("/:id/people/:userId", changeRoleGuard(), jsonBody(() => changeRoleSchema), async (c) => {
    const id = pathId(c, "id");
    const { role } = c.req.valid("json");
    const database = db(c.env.DB);
    const member = await requirePerson(database, id, pathId(c, "userId"));
    // Changing a role takes the right to manage both the role held and the role given.
    const user = requireUser(c);
    if (!can(user, managePermission(member.role), id) || !can(user, managePermission(role), id)) {
      throw new ApiError("forbidden", { message: organizationMessage("change_role_forbidden", c.var.locale) });
    }
    const org = await requireOrganization(database, id);
    return c.json({ data: await changeRole(database, org, member, role, c.var.locale) }, 200);
  })
  .delete("/:id/people/:userId", guardAny(MANAGE_ANY), async (c) => {
    const id = pathId(c, "id");
    const database = db(c.env.DB);
    const member = await requirePerson(database, id, pathId(c, "userId"));
    authorize(c, managePermission(member.role), id);
    await removePerson(database, id, member, c.var.locale);
    return c.body(null, 204);
  })
  .post("/:id/people/:userId/send-verification", guard("users.send_emails"), async (c) => {
    const id = pathId(c, "id");
    const member = await findMember(db(c.env.DB), id, pathId(c, "userId"));
    if (!member) throw new ApiError("not_found");
    if (member.user.email_verified_at !== null) {
      const message = organizationMessage("already_verified", c.var.locale);
      throw new ApiError("validation_failed", { message, errors: { email: [message] } });
    }
    await sendVerificationEmail(c.env, member.user, appOrigin(c.env, c.req.url));
    return c.json({ message: organizationMessage("verification_sent", c.var.locale) }, 200);
  })
  .post("/:id/people/:userId/send-password-reset", guard("users.send_emails"), async (c) => {
    const id = pathId(c, "id");
    const database = db(c.env.DB);
    const member = await findMember(database, id, pathId(c, "userId"));
    if (!member) throw new ApiError("not_found");
    const origin = appOrigin(c.env, c.req.url);
    if (member.user.status === "pending" && member.user.password_hash === null && isPersonKind(member.role)) {
      // Invited but never signed in: the same link, worded as the invitation it replaces.
      const org = await requireOrganization(database, id);
      await sendInvitationEmail(c.env, member.user, { organization: org.name, kind: member.role, inviter: requireUser(c).name }, origin);
    } else {
      await sendPasswordResetEmail(c.env, member.user, origin);
    }
    return c.json({ message: organizationMessage("password_reset_sent", c.var.locale) }, 200);
  });

/** users.change_role, with the spec's "not authorized to change role" text on a 403 (404 stays 404). */
function changeRoleGuard() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = pathId(c, "id");
    try {
      authorize(c, "users.change_role", id);
    } catch (error) {
      if (error instanceof ApiError && error.code === "forbidden") {
        throw new ApiError("forbidden", { message: organizationMessage("change_role_forbidden", c.var.locale) });
      }
      throw error;
    }
    await next();
  });
}
