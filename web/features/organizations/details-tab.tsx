import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { TextField } from "../../ui/form.tsx";
import { type DetailsPatch, type Organization, updateOrganization } from "./api.ts";
import { TextAreaField } from "../../ui/form-controls.tsx";
import { SaveBar, SaveError } from "./form-parts.tsx";
import { errorsFor, sameValues, textOrNull, useReportDirty, useTabForm } from "./form-state.ts";
import { ReadOnlyNote } from "./read-only-note.tsx";
import type { TabProps } from "./tabs.ts";

type DetailsDraft = Record<keyof DetailsPatch, string>;

function draftOf(organization: Organization): DetailsDraft {
  return {
    name: organization.name,
    email: organization.email ?? "",
    phone: organization.phone ?? "",
    billing_address: organization.billing_address ?? "",
    po_number: organization.po_number ?? "",
    sales_rep: organization.sales_rep ?? "",
  };
}

/**
 * Details tab: name (required), e-mail, phone, billing address, PO number (organizations.update)
 * and sales rep, a billing term only the back office sets (organizations.administer).
 */
export function DetailsTab({ organization, editable, canAdminister, onSaved, onDirtyChange }: TabProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(() => draftOf(organization));
  const form = useTabForm();
  const dirty = editable && !sameValues(draft, draftOf(organization));
  useReportDirty(dirty, onDirtyChange);

  const input = (field: keyof DetailsDraft) => ({
    name: field,
    value: draft[field],
    readOnly: !editable,
    errors: errorsFor(form.errors, field),
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value })),
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.name.trim() === "") {
      form.setErrors({ name: [t`The name is required.`] });
      return;
    }
    const patch: Partial<DetailsPatch> = {
      name: draft.name.trim(),
      email: textOrNull(draft.email),
      phone: textOrNull(draft.phone),
      billing_address: textOrNull(draft.billing_address),
      po_number: textOrNull(draft.po_number),
    };
    if (canAdminister) patch.sales_rep = textOrNull(draft.sales_rep);
    const saved = await form.save(() => updateOrganization(organization.id, patch));
    if (saved) {
      setDraft(draftOf(saved));
      onSaved(saved);
    }
  };

  return (
    <form className="form" onSubmit={save} noValidate aria-label={t`Organization details`}>
      {editable ? null : <ReadOnlyNote />}
      <SaveError message={form.message} />
      <div className="form-grid">
        <TextField label={<Trans>Name</Trans>} required {...input("name")} />
        <TextField label={<Trans>E-mail</Trans>} type="email" {...input("email")} />
        <TextField label={<Trans>Phone</Trans>} type="tel" {...input("phone")} />
        <TextField label={<Trans>PO number</Trans>} {...input("po_number")} />
        <TextField
          label={<Trans>Sales representative</Trans>}
          {...input("sales_rep")}
          readOnly={!editable || !canAdminister}
          hint={editable && !canAdminister ? <Trans>Set by sales.</Trans> : undefined}
        />
        <TextAreaField label={<Trans>Billing address</Trans>} rows={3} {...input("billing_address")} />
      </div>
      {editable ? <SaveBar dirty={dirty} saving={form.sending} /> : null}
    </form>
  );
}
