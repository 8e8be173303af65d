import { Trans, useLingui } from "@lingui/react/macro";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import type { Person, PersonKind } from "./api.ts";
import { STATUS_LABELS } from "./kind-labels.ts";
import { PersonActions } from "./person-actions.tsx";

export function PeopleTable(props: { user: ProfileUser | null; organizationId: number; kind: PersonKind; people: readonly Person[]; busy: boolean; onChanged(): void }) {
  const { i18n } = useLingui();
  return (
    <div className="table-scroll">
      <table className="data-table" aria-busy={props.busy}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Name</Trans>
            </th>
            <th scope="col">
              <Trans>E-mail</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <Trans>Verified</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.people.map((person) => (
            <tr key={person.id} data-testid="person-row">
              <td>{person.name}</td>
              <td>{person.email}</td>
              <td>
                <span className="badge" data-tone={person.status === "active" ? "success" : person.status === "disabled" ? "danger" : "warning"}>
                  {i18n._(STATUS_LABELS[person.status])}
                </span>
              </td>
              <td>{person.email_verified ? <Trans>Yes</Trans> : <Trans>No</Trans>}</td>
              <td>
                <PersonActions user={props.user} organizationId={props.organizationId} kind={props.kind} person={person} onChanged={props.onChanged} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
