import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { OrganizationChoice } from "./use-organization-choice.ts";

/** The organization a list shows, for users with several (`useOrganizationChoice`); deactivated ones say so. */
export function OrganizationPicker({ options, selectedId, choose, className = "" }: { options: readonly OrganizationChoice[]; selectedId: number | undefined; choose(id: number): void; className?: string }) {
  const { t } = useLingui();
  const pickerId = useId();
  return (
    <div className={`organization-picker ${className}`.trim()}>
      <label htmlFor={pickerId}>
        <Trans>Organization</Trans>
      </label>
      <select id={pickerId} value={selectedId} onChange={(event) => choose(Number(event.target.value))}>
        {options.map(({ id, name, deactivated }) => (
          <option key={id} value={id}>
            {deactivated ? t`${name} (deactivated)` : name}
          </option>
        ))}
      </select>
    </div>
  );
}
