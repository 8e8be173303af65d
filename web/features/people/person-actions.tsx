import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { PERSON_KINDS, managePermission } from "../../../domain/organizations/people.ts";
import { can } from "../../../domain/permissions/can.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { confirm } from "../../ui/confirm.ts";
import { toast } from "../../ui/toast.ts";
import { type Person, type PersonKind, changeRole, removePerson, sendPasswordResetEmail, sendVerificationEmail } from "./api.ts";
import { ROLE_LABELS } from "./kind-labels.ts";

/**
 * A row's actions, each shown only when `can` allows it (the worker authorizes again): change role
 * (users.change_role, to roles the user manages), e-mails (users.send_emails), remove.
 */
export function PersonActions(props: { user: ProfileUser | null; organizationId: number; kind: PersonKind; person: Person; onChanged(): void }) {
  const { user, organizationId, kind, person, onChanged } = props;
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);

  const canChangeRole = can(user, "users.change_role", organizationId);
  const roles = PERSON_KINDS.filter((role) => role === kind || can(user, managePermission(role), organizationId));
  const canSendEmails = can(user, "users.send_emails", organizationId);
  const canRemove = can(user, managePermission(kind), organizationId);

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      toast.success(await action());
    } catch (cause) {
      const error = cause instanceof ApiRequestError ? cause : ApiRequestError.network(cause);
      if (!error.handled) toast.error(error.message);
    } finally {
      setBusy(false);
    }
  };

  const { name } = person;

  const changeTo = async (newRole: PersonKind) => {
    if (newRole === kind) return;
    const role = i18n._(ROLE_LABELS[newRole]);
    const accepted = await confirm({
      title: t`Change ${name}'s role?`,
      message: t`${name} becomes ${role} in this organization and leaves this list.`,
      acceptLabel: t`Change role`,
    });
    if (!accepted) return;
    await run(async () => {
      await changeRole(organizationId, person.id, newRole);
      onChanged();
      return t`Role changed.`;
    });
  };

  const remove = async () => {
    const role = i18n._(ROLE_LABELS[kind]);
    const accepted = await confirm({
      title: t`Remove ${name}?`,
      message: t`${name} loses their ${role} role in this organization. Their account is kept.`,
      acceptLabel: t`Remove`,
    });
    if (!accepted) return;
    await run(async () => {
      await removePerson(organizationId, person.id);
      onChanged();
      return t`${name} was removed.`;
    });
  };

  return (
    <div className="row-actions">
      {canChangeRole && roles.length > 1 ? (
        <select
          aria-label={t`Role of ${name}`}
          value={kind}
          disabled={busy}
          data-testid="change-role"
          onChange={(event) => {
            const role = PERSON_KINDS.find((value) => value === event.target.value);
            if (role) void changeTo(role);
          }}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {i18n._(ROLE_LABELS[role])}
            </option>
          ))}
        </select>
      ) : null}
      {canSendEmails && !person.email_verified ? (
        <button type="button" className="button button--small" disabled={busy} onClick={() => void run(() => sendVerificationEmail(organizationId, person.id))}>
          {t`Send verification e-mail`}
        </button>
      ) : null}
      {canSendEmails ? (
        <button type="button" className="button button--small" disabled={busy} onClick={() => void run(() => sendPasswordResetEmail(organizationId, person.id))}>
          {t`Send password reset e-mail`}
        </button>
      ) : null}
      {canRemove ? (
        <button type="button" className="button button--small button--danger" disabled={busy} onClick={() => void remove()}>
          {t`Remove`}
        </button>
      ) : null}
    </div>
  );
}
