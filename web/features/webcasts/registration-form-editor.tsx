import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useRef, useState } from "react";
import { registrationFormErrors } from "../../../domain/registration/form-rules.ts";
import { REGISTRATION_BOUNDS, type RegistrationField } from "../../../domain/registration/record.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { confirm } from "../../ui/confirm.ts";
import { FieldErrors } from "../../ui/form.tsx";
import { formMessageLocale } from "./form-support.ts";
import { RegistrationFieldEditor } from "./registration-field-editor.tsx";
import { displayName } from "./registration-form-labels.ts";
import { useMoveFocus } from "./reorder-controls.tsx";
import "./registration-form-editor.css";

/**
 * The webcast's registration form (SPEC §3, §5; issue #19), edited in the access tab's draft: the
 * whole list is one setting (`registration_fields`), saved with the tab through `updateWebcast`,
 * offline like the other settings. Errors come from `registrationFormErrors`, the rule the
 * mutators run, in the user's language: under an input once it was left, and everywhere once a
 * save was refused (`refused`: the tab's errors for the form).
 */
export function RegistrationFormEditor(props: { fields: readonly RegistrationField[]; refused: readonly string[] | undefined; disabled: boolean; onChange(fields: RegistrationField[]): void }) {
  const { t } = useLingui();
  const { fields, refused, disabled, onChange } = props;
  const messageLocale = formMessageLocale();
  const errors = useMemo(() => registrationFormErrors(fields, messageLocale), [fields, messageLocale]);
  // Once a save was refused, every error shows, also after the refusal's own errors went stale.
  const refusedNow = (refused?.length ?? 0) > 0;
  const [revealed, setRevealed] = useState(false);
  if (refusedNow && !revealed) setRevealed(true);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const errorsOf = (key: string) => (revealed || refusedNow || touched.has(key) ? errors[key] : undefined);
  const touch = (key: string) => setTouched((current) => (current.has(key) ? current : new Set([...current, key])));

  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusMoved = useMoveFocus(list, fields);
  // A new field takes the focus on its first name input; a removed one hands it to "Add a field".
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const wanted = focusNext.current;
    if (wanted === null) return;
    focusNext.current = null;
    if (wanted === "") addButton.current?.focus();
    else list.current?.querySelector<HTMLInputElement>(`[data-field-id="${wanted}"] input[name$=".name.en"]`)?.focus();
  }, [fields]);

  const replace = (index: number, field: RegistrationField) => onChange(fields.map((item, i) => (i === index ? field : item)));
  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    const moved = fields[index];
    const other = fields[target];
    if (!moved || !other) return;
    focusMoved(moved.id, delta);
    onChange(fields.map((item, i) => (i === index ? other : i === target ? moved : item)));
  };
  const remove = async (index: number) => {
    const field = fields[index];
    if (!field) return;
    if (field.options.length > 0) {
      const number = index + 1;
      const name = displayName(field.name, currentLocale()) || t`Field ${number}`;
      const accepted = await confirm({
        title: t`Remove this field?`,
        message: t`The field “${name}” and its options will be removed from the registration form when you save.`,
        acceptLabel: t`Remove`,
        cancelLabel: t`Cancel`,
      });
      if (!accepted) return;
    }
    focusNext.current = "";
    onChange(fields.filter((item) => item !== field));
  };
  const add = () => {
    const id = uuidv7();
    focusNext.current = id;
    onChange([...fields, { id, type: "text", name: {}, required: false, options: [], condition: null }]);
  };

  // Refusals the rule does not explain here (another device's change, a shape the server refused).
  const explained = new Set(Object.values(errors).flat());
  const general = [...(errorsOf("registration_fields") ?? []), ...(refused ?? []).filter((message) => !explained.has(message))];
  return (
    <fieldset className="form__group registration-form" data-testid="registration-form">
      <legend className="registration-form__title">
        <Trans>Registration form</Trans>
      </legend>
      <p className="muted">
        <Trans>Newcomers fill in these fields on the webcast's page, after their name and e-mail address.</Trans>
      </p>
      <FieldErrors errors={[...new Set(general)]} />
      {fields.length === 0 ? (
        <p className="registration-form__empty" data-testid="registration-form-empty">
          <Trans>No registration fields yet: newcomers give only their name and e-mail address.</Trans>
        </p>
      ) : null}
      <div ref={list} className="registration-form__fields">
        {fields.map((field, index) => (
          <RegistrationFieldEditor
            key={field.id}
            fields={fields}
            index={index}
            disabled={disabled}
            errorsOf={errorsOf}
            onTouch={touch}
            onChange={(next) => replace(index, next)}
            onMove={(delta) => move(index, delta)}
            onRemove={() => void remove(index)}
          />
        ))}
      </div>
      <div>
        <button ref={addButton} type="button" className="button" disabled={disabled || fields.length >= REGISTRATION_BOUNDS.fields} data-testid="registration-add-field" onClick={add}>
          <Trans>Add a field</Trans>
        </button>
      </div>
    </fieldset>
  );
}
