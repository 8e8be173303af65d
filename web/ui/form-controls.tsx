import type { ReactNode, TextareaHTMLAttributes } from "react";
import { useId } from "react";
import { FieldErrors } from "./form.tsx";

/**
 * More form controls, drawn with the same `field` classes: a textarea and
 * a switch with help text (and room for a warning under it).
 */

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">;

export function TextAreaField({ label, errors = [], ...textarea }: TextAreaProps & { label: ReactNode; errors?: readonly string[] | undefined }) {
  const id = useId();
  const errorId = errors.length > 0 ? `${id}-errors` : undefined;
  return (
    <div className="field" data-invalid={errors.length > 0}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea id={id} className="field__input" aria-invalid={errors.length > 0 || undefined} aria-describedby={errorId} {...textarea} />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** A checkbox drawn as a switch, label on the right, help and errors underneath. */
export function SwitchField(props: {
  label: ReactNode;
  help?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  errors?: readonly string[] | undefined;
  name?: string;
  onChange(checked: boolean): void;
  children?: ReactNode;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-errors`;
  const errors = props.errors ?? [];
  const describedBy = [props.help ? helpId : undefined, errors.length > 0 ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className="switch-field" data-invalid={errors.length > 0}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={props.name}
        className="switch-field__input"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={describedBy || undefined}
        aria-invalid={errors.length > 0 || undefined}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <div className="switch-field__text">
        <label htmlFor={id} className="switch-field__label">
          {props.label}
        </label>
        {props.help ? (
          <p id={helpId} className="field__hint">
            {props.help}
          </p>
        ) : null}
        {props.children}
        <FieldErrors id={errors.length > 0 ? errorId : undefined} errors={errors} />
      </div>
    </div>
  );
}
