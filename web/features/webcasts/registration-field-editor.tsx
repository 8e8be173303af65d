import { Trans, useLingui } from "@lingui/react/macro";
import type { KeyboardEvent } from "react";
import { CONDITION_OPERATORS_BY_TYPE, conditionValueKind, optionCountOf } from "../../../domain/registration/form-rules.ts";
import {
  REGISTRATION_BOUNDS,
  REGISTRATION_FIELD_TYPES,
  type RegistrationCondition,
  type RegistrationField,
  type RegistrationFieldType,
  type RegistrationOption,
} from "../../../domain/registration/record.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { confirm } from "../../ui/confirm.ts";
import { CheckboxField, FieldErrors, SelectField, TextField } from "../../ui/form.tsx";
import { SwitchField } from "../../ui/form-controls.tsx";
import { FIELD_TYPE_LABELS, OPERATOR_LABELS, displayName } from "./registration-form-labels.ts";
import { NameInputs, TagsInput } from "./registration-name-inputs.tsx";
import { MoveButtons, moveKey } from "./reorder-controls.tsx";

export interface FieldEditorProps {
  /** The whole form: a condition refers to an earlier field. */
  fields: readonly RegistrationField[];
  index: number;
  disabled: boolean;
  /** The shown errors of a key of `registrationFormErrors` (`registration_fields.0.name`…). */
  errorsOf(key: string): readonly string[] | undefined;
  onTouch(key: string): void;
  onChange(field: RegistrationField): void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}

export const newOption = (): RegistrationOption => ({ id: uuidv7(), name: {}, limit: null, tags: [] });

/** The condition a newly conditional field starts with: on `reference`, its first operator and value. */
function conditionOn(reference: RegistrationField): RegistrationCondition {
  const operator = CONDITION_OPERATORS_BY_TYPE[reference.type][0] ?? "equals";
  const kind = conditionValueKind(reference.type);
  return { field_id: reference.id, operator, value: kind === "none" ? null : kind === "option" ? (reference.options[0]?.id ?? null) : "" };
}

/** One field of the registration form: type, names, required, options, condition, order and removal. */
export function RegistrationFieldEditor(props: FieldEditorProps) {
  const { t, i18n } = useLingui();
  const { fields, index, disabled, errorsOf, onTouch } = props;
  const field = fields[index];
  if (!field) return null;
  const prefix = `registration_fields.${index}`;
  const locale = currentLocale();
  const number = index + 1;
  const title = displayName(field.name, locale) || t`Field ${number}`;
  const change = (patch: Partial<RegistrationField>) => props.onChange({ ...field, ...patch });
  const { max: maxOptions } = optionCountOf(field.type);

  const changeType = async (type: RegistrationFieldType) => {
    const { max } = optionCountOf(type);
    const dropped = field.options.slice(max);
    if (dropped.some((option) => displayName(option.name, locale) !== "" || option.limit !== null || option.tags.length > 0)) {
      const accepted = await confirm({
        title: t`Change the type of this field?`,
        message: max === 0 ? t`A field of this type has no options: its options will be removed.` : t`A field of this type has one option at most: the others will be removed.`,
        acceptLabel: t`Change the type`,
        cancelLabel: t`Cancel`,
      });
      if (!accepted) return;
    }
    change({ type, options: field.options.slice(0, max) });
  };

  const setOption = (j: number, option: RegistrationOption) => change({ options: field.options.map((item, k) => (k === j ? option : item)) });
  const onKeyDown = (event: KeyboardEvent) => {
    const delta = moveKey(event);
    if (delta === null) return;
    event.preventDefault();
    props.onMove(delta);
  };

  return (
    <fieldset className="registration-field" data-testid="registration-field" data-field-id={field.id} onKeyDown={onKeyDown}>
      <legend className="registration-field__legend">
        <Trans>Field {number}</Trans>
      </legend>
      <FieldErrors errors={[...(errorsOf(`${prefix}.id`) ?? []), ...(errorsOf(`${prefix}.options`) ?? [])]} />
      <SelectField
        label={t`Type`}
        name={`${prefix}.type`}
        value={field.type}
        disabled={disabled}
        options={REGISTRATION_FIELD_TYPES.map((type) => ({ value: type, label: i18n._(FIELD_TYPE_LABELS[type]) }))}
        onChange={(event) => {
          const type = REGISTRATION_FIELD_TYPES.find((item) => item === event.target.value);
          if (type) void changeType(type);
        }}
      />
      <NameInputs
        prefix={`${prefix}.name`}
        name={field.name}
        label={(language) => t`Field name (${language})`}
        errors={errorsOf(`${prefix}.name`)}
        disabled={disabled}
        onBlur={() => onTouch(`${prefix}.name`)}
        onChange={(name) => change({ name })}
      />
      <CheckboxField label={t`Required`} name={`${prefix}.required`} checked={field.required} disabled={disabled} onChange={(event) => change({ required: event.target.checked })} />

      {maxOptions > 0 ? (
        <fieldset className="registration-field__options">
          <legend>{field.type === "checkbox" ? <Trans>Option (for its tags and limit)</Trans> : <Trans>Options</Trans>}</legend>
          {field.options.length === 0 ? (
            <p className="muted">
              <Trans>No options yet.</Trans>
            </p>
          ) : (
            <ol className="registration-field__option-list">
              {field.options.map((option, j) => (
                <OptionEditor key={option.id} {...props} prefix={`${prefix}.options.${j}`} option={option} position={j + 1} onChange={(next) => setOption(j, next)} onRemove={() => change({ options: field.options.filter((_, k) => k !== j) })} />
              ))}
            </ol>
          )}
          <button type="button" className="button button--small" disabled={disabled || field.options.length >= maxOptions} data-testid={`${prefix}.add-option`} onClick={() => change({ options: [...field.options, newOption()] })}>
            <Trans>Add an option</Trans>
          </button>
        </fieldset>
      ) : null}

      <ConditionEditor {...props} field={field} prefix={prefix} onChange={(condition) => change({ condition })} />

      <div className="registration-field__actions">
        <MoveButtons id={field.id} name={title} first={index === 0} last={index === fields.length - 1} disabled={disabled} testId={`${prefix}.move`} onMove={props.onMove} />
        <button type="button" className="button button--small" disabled={disabled} data-testid={`${prefix}.remove`} aria-label={t`Remove the field “${title}”`} onClick={props.onRemove}>
          <Trans>Remove</Trans>
        </button>
      </div>
    </fieldset>
  );
}

function OptionEditor(props: Omit<FieldEditorProps, "onChange" | "onRemove"> & { prefix: string; option: RegistrationOption; position: number; onChange(option: RegistrationOption): void; onRemove(): void }) {
  const { t } = useLingui();
  const { option, prefix, disabled, errorsOf, onTouch } = props;
  const position = props.position;
  const title = displayName(option.name, currentLocale()) || t`Option ${position}`;
  const change = (patch: Partial<RegistrationOption>) => props.onChange({ ...option, ...patch });
  return (
    <li className="registration-option" data-testid="registration-option">
      <NameInputs prefix={`${prefix}.name`} name={option.name} label={(language) => t`Option name (${language})`} errors={errorsOf(`${prefix}.name`)} disabled={disabled} onBlur={() => onTouch(`${prefix}.name`)} onChange={(name) => change({ name })} />
      <FieldErrors errors={errorsOf(`${prefix}.id`) ?? []} />
      <div className="registration-option__row">
        <TextField
          type="number"
          name={`${prefix}.limit`}
          label={t`Limit of participants`}
          hint={t`Leave empty for no limit.`}
          inputMode="numeric"
          min={1}
          max={REGISTRATION_BOUNDS.limit}
          step={1}
          value={option.limit === null || Number.isNaN(option.limit) ? "" : String(option.limit)}
          disabled={disabled}
          errors={errorsOf(`${prefix}.limit`)}
          onBlur={() => onTouch(`${prefix}.limit`)}
          onChange={(event) => {
            const text = event.target.value.trim();
            change({ limit: text === "" ? null : Number(text) });
          }}
        />
        <TagsInput name={`${prefix}.tags`} tags={option.tags} errors={errorsOf(`${prefix}.tags`)} disabled={disabled} onBlur={() => onTouch(`${prefix}.tags`)} onChange={(tags) => change({ tags })} />
      </div>
      <button type="button" className="button button--small" disabled={disabled} data-testid={`${prefix}.remove`} aria-label={t`Remove the option “${title}”`} onClick={props.onRemove}>
        <Trans>Remove the option</Trans>
      </button>
    </li>
  );
}

/** "Show only if <earlier field> <operator> <value>", the operators and values the reference's type allows. */
function ConditionEditor(props: Omit<FieldEditorProps, "onChange"> & { field: RegistrationField; prefix: string; onChange(condition: RegistrationCondition | null): void }) {
  const { t, i18n } = useLingui();
  const { field, fields, index, prefix, disabled, errorsOf } = props;
  const earlier = fields.slice(0, index);
  const condition = field.condition;
  const locale = currentLocale();
  const errors = errorsOf(`${prefix}.condition`);
  const last = earlier[earlier.length - 1];
  const switchField = (
    <SwitchField
      name={`${prefix}.conditional`}
      label={t`Show only under a condition`}
      help={earlier.length === 0 && condition === null ? t`Add a field above this one to show this one under a condition.` : undefined}
      checked={condition !== null}
      disabled={disabled || (last === undefined && condition === null)}
      onChange={(on) => props.onChange(on && last ? conditionOn(last) : null)}
    />
  );
  if (!condition) return switchField;

  const reference = earlier.find((item) => item.id === condition.field_id);
  const kind = reference ? conditionValueKind(reference.type) : "text";
  const operators = reference ? CONDITION_OPERATORS_BY_TYPE[reference.type] : [];
  const fieldChoices = earlier.map((item, k) => {
    const number = k + 1;
    return { value: item.id, label: displayName(item.name, locale) || t`Field ${number}` };
  });
  const optionChoices = (reference?.options ?? []).map((option, k) => {
    const position = k + 1;
    return { value: option.id, label: displayName(option.name, locale) || t`Option ${position}` };
  });
  const placeholder = (label: string) => [{ value: "", label }];
  // Errors show under the last control of the row, where the condition is read to its end.
  const lastControl = !reference ? "field" : kind === "none" ? "operator" : "value";
  return (
    <>
      {switchField}
      <fieldset className="registration-field__condition">
        <legend>
          <Trans>Show this field only if</Trans>
        </legend>
        <SelectField
          label={t`Field`}
          name={`${prefix}.condition.field_id`}
          value={reference ? reference.id : ""}
          disabled={disabled}
          errors={lastControl === "field" ? errors : undefined}
          options={[...(reference ? [] : placeholder(t`Choose a field above`)), ...fieldChoices]}
          onChange={(event) => {
            const chosen = earlier.find((item) => item.id === event.target.value);
            if (chosen) props.onChange(conditionOn(chosen));
          }}
        />
        {reference ? (
          <SelectField
            label={t`Condition`}
            name={`${prefix}.condition.operator`}
            value={condition.operator}
            disabled={disabled}
            errors={lastControl === "operator" ? errors : undefined}
            options={[...(operators.includes(condition.operator) ? [] : placeholder(t`Choose a condition`)), ...operators.map((operator) => ({ value: operator, label: i18n._(OPERATOR_LABELS[operator]) }))]}
            onChange={(event) => {
              const operator = operators.find((item) => item === event.target.value);
              if (operator) props.onChange({ ...condition, operator });
            }}
          />
        ) : null}
        {reference && kind === "option" ? (
          <SelectField
            label={t`Value`}
            name={`${prefix}.condition.value`}
            value={optionChoices.some((choice) => choice.value === condition.value) ? (condition.value ?? "") : ""}
            disabled={disabled}
            errors={errors}
            options={[...(optionChoices.some((choice) => choice.value === condition.value) ? [] : placeholder(t`Choose an option`)), ...optionChoices]}
            onChange={(event) => props.onChange({ ...condition, value: event.target.value === "" ? null : event.target.value })}
          />
        ) : null}
        {reference && kind === "text" ? (
          <TextField
            label={t`Text to compare`}
            name={`${prefix}.condition.value`}
            value={condition.value ?? ""}
            maxLength={REGISTRATION_BOUNDS.answer}
            disabled={disabled}
            errors={errors}
            onBlur={() => props.onTouch(`${prefix}.condition`)}
            onChange={(event) => props.onChange({ ...condition, value: event.target.value })}
          />
        ) : null}
      </fieldset>
    </>
  );
}
