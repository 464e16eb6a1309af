import { useId } from 'react';

interface Props {
  legend: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onValueChange: (value: string) => void;
  error?: string;
}

/** A fieldset of radio buttons whose whole row is the 44 px target. */
export function RadioGroup({ legend, name, value, options, onValueChange, error }: Props) {
  const id = useId();
  return (
    <fieldset
      className={error ? 'radio-group field-invalid' : 'radio-group'}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      <div className="radio-options">
        {options.map((o) => (
          <label key={o.value} className="radio-option">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onValueChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
