import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
} from "react";

/**
 * Accessible form pieces shared by the screens: a visible label tied to its control, a hint and the
 * field's error messages (SPEC §8 `errors[field]`) announced through aria-describedby, and
 * aria-invalid while there are errors. Messages arrive translated.
 */
interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode | undefined;
  errors?: readonly string[] | undefined;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
  className?: string | undefined;
  testId?: string | undefined;
}

function FieldFrame({ id, label, hint, errors = [], children, className, testId }: FieldFrameProps) {
  const invalid = errors.length > 0;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = invalid ? `${id}-errors` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", className].filter(Boolean).join(" ")} data-invalid={invalid} data-testid={testId}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children(describedBy, invalid)}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id?: string | undefined; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className="field__errors" data-testid="field-errors">
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">;

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[] | undefined;
  testId?: string;
}

export function TextField({ label, hint, errors, testId, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} testId={testId}>
      {(describedBy, invalid) => (
        <input id={id} className="field__input" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...input} />
      )}
    </FieldFrame>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className">;

export interface SelectFieldProps extends SelectProps {
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[] | undefined;
  options: readonly { value: string; label: string }[];
  testId?: string;
}

export function SelectField({ label, hint, errors, options, testId, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} testId={testId}>
      {(describedBy, invalid) => (
        <select id={id} className="field__input" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends Omit<InputProps, "type"> {
  label: ReactNode;
}

export function CheckboxField({ label, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A form-level message (e.g. "Failed to log in!"); role=alert so it is announced at once. */
export function FormAlert({ children, tone = "error" }: { children: ReactNode; tone?: "error" | "success" | "info" }) {
  return (
    <div className="form-alert" data-tone={tone} role={tone === "error" ? "alert" : "status"} data-testid="form-alert">
      {children}
    </div>
  );
}

/** The submit button: disabled (and aria-busy) while the form is sending. */
export function SubmitButton({ busy, children, disabled }: { busy: boolean; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="submit" className="button button--primary" disabled={busy || disabled} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}
