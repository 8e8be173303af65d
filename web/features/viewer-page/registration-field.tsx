import { useId } from "react";
import type { LocalizedName, RegistrationAnswers, RegistrationField } from "../../../domain/registration/record.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { FieldErrors } from "../../ui/form.tsx";

type Answer = RegistrationAnswers[string];

/** A name in the viewer's language, else English, else any language the organizer wrote. */
export function nameIn(name: LocalizedName, locale: UiLocale): string {
  const names = [name[locale], name.en, ...Object.values(name)];
  return names.find((text) => text !== undefined && text.trim() !== "")?.trim() ?? "";
}

interface Props {
  field: RegistrationField;
  answer: Answer | undefined;
  errors: readonly string[];
  locale: UiLocale;
  onChange(answer: Answer | undefined): void;
}

/**
 * One field of the organizer's registration form, drawn by type (SPEC §3): email and text inputs,
 * a select, a radio group and a checkbox group (multiselect) in a fieldset with a legend, and a
 * single checkbox. Errors are tied to the control(s) with aria-describedby.
 */
export function RegistrationFieldInput({ field, answer, errors, locale, onChange }: Props) {
  const id = useId();
  const label = nameIn(field.name, locale);
  const errorId = errors.length > 0 ? `${id}-errors` : undefined;
  const invalid = errors.length > 0 || undefined;
  const common = { "aria-describedby": errorId, "aria-invalid": invalid, required: field.required };
  const testId = `registration-field-${field.id}`;
  const options = field.options.map((option) => ({ id: option.id, label: nameIn(option.name, locale) }));

  if (field.type === "radio" || field.type === "multiselect") {
    const chosen = Array.isArray(answer) ? answer : [];
    return (
      <fieldset className="field viewer-page__choices" data-invalid={errors.length > 0} data-testid={testId} aria-describedby={errorId}>
        <legend className="field__label">
          {label}
          {field.required ? <RequiredMark /> : null}
        </legend>
        {options.map((option) => (
          <label key={option.id} className="viewer-page__choice">
            {field.type === "radio" ? (
              <input type="radio" name={id} value={option.id} checked={answer === option.id} aria-invalid={invalid} onChange={() => onChange(option.id)} />
            ) : (
              <input
                type="checkbox"
                value={option.id}
                checked={chosen.includes(option.id)}
                aria-invalid={invalid}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  onChange(checked ? [...chosen, option.id] : chosen.filter((item) => item !== option.id));
                }}
              />
            )}
            <span>{option.label}</span>
          </label>
        ))}
        <FieldErrors id={errorId} errors={errors} />
      </fieldset>
    );
  }
  if (field.type === "checkbox") {
    return (
      <div className="field field--checkbox" data-invalid={errors.length > 0} data-testid={testId}>
        <input id={id} type="checkbox" checked={answer === true} onChange={(event) => onChange(event.currentTarget.checked)} {...common} />
        <label htmlFor={id}>
          {label}
          {field.required ? <RequiredMark /> : null}
        </label>
        <FieldErrors id={errorId} errors={errors} />
      </div>
    );
  }
  return (
    <div className="field" data-invalid={errors.length > 0} data-testid={testId}>
      <label htmlFor={id} className="field__label">
        {label}
        {field.required ? <RequiredMark /> : null}
      </label>
      {field.type === "select" ? (
        <select id={id} className="field__input" value={typeof answer === "string" ? answer : ""} onChange={(event) => onChange(event.currentTarget.value || undefined)} {...common}>
          <option value="">—</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className="field__input"
          type={field.type === "email" ? "email" : "text"}
          autoComplete={field.type === "email" ? "email" : "off"}
          value={typeof answer === "string" ? answer : ""}
          onChange={(event) => onChange(event.currentTarget.value)}
          {...common}
        />
      )}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** The asterisk is decoration: `required` on the control tells assistive technology. */
function RequiredMark() {
  return (
    <span className="viewer-page__required" aria-hidden="true">
      {" *"}
    </span>
  );
}
