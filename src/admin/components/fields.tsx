import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminApiError } from '../api/client';
import { fieldsOf, fieldText } from './errors';

interface FieldProps {
  label: string;
  /** The name the server uses for this field in `data.fields`. */
  name: string;
  error?: AdminApiError | null;
  hint?: string;
  children: (control: { id: string; invalid: boolean; describedBy: string | undefined }) => ReactNode;
}

/** A labelled control with its hint and the server's message for it, tied together for screen readers. */
export function Field({ label, name, error, hint, children }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const code = fieldsOf(error ?? null)[name];
  // The refusal's own text carries its values (STAFF_PASSWORD_WEAK's {{min}}, REFUND_TOO_MUCH's
  // {{max}}), filled in by the server or by the page that refused; the bare key's text has none.
  const hintId = hint ? `${id}-hint` : '';
  const errorId = code ? `${id}-error` : '';
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={code ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, invalid: Boolean(code), describedBy })}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {code ? (
        <p className="field-error" id={errorId}>
          {code === error?.key && error.text ? error.text : fieldText(t, code)}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: AdminApiError | null;
  hint?: string;
  type?: 'text' | 'password' | 'search' | 'number' | 'date' | 'month' | 'email';
  autoComplete?: string;
  required?: boolean;
  inputMode?: 'numeric' | 'text' | 'tel';
  placeholder?: string;
}

export function TextField({ label, name, value, onChange, type = 'text', ...rest }: TextFieldProps) {
  return (
    <Field label={label} name={name} error={rest.error} hint={rest.hint}>
      {({ id, invalid, describedBy }) => (
        <input
          id={id}
          name={name}
          type={type}
          value={value}
          autoComplete={rest.autoComplete ?? 'off'}
          required={rest.required}
          inputMode={rest.inputMode}
          placeholder={rest.placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error?: AdminApiError | null;
  hint?: string;
}

export function SelectField({ label, name, value, onChange, options, error, hint }: SelectFieldProps) {
  return (
    <Field label={label} name={name} error={error} hint={hint}>
      {({ id, invalid, describedBy }) => (
        <select
          id={id}
          name={name}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
