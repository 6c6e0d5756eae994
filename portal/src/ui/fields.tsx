/**
 * Form fields in plain HTML: a visible label tied to its input, the hint and the error read out
 * with it (aria-describedby), `aria-invalid` on a field with an error so the kit's
 * `focusFirstInvalid` finds it, exactly as the staff forms behave.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface Common {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Shown as "(optional)" when false; required fields say nothing extra. */
  required?: boolean;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Frame({ id, label, error, hint, required, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required === false && <span className="optional"> (optional)</span>}
      </label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  required,
  onValue,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> & { onValue: (v: string) => void }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
    </Frame>
  );
}

export function TextArea({
  label,
  error,
  hint,
  required,
  value,
  onValue,
  maxLength,
  rows = 3,
}: Common & { value: string; onValue: (v: string) => void; maxLength?: number; rows?: number }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required}>
      <textarea
        id={id}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        onChange={(e) => onValue(e.target.value)}
      />
    </Frame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  required,
  options,
  onValue,
  placeholder,
  ...select
}: Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required'> & {
    options: ReadonlyArray<{ value: string; label: string }>;
    onValue: (v: string) => void;
    placeholder?: string;
  }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        onChange={(e) => onValue(e.target.value)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A group of radio buttons under one legend (a yes/no or a choice question). */
export function RadioGroup({
  legend,
  error,
  required,
  options,
  value,
  onValue,
}: {
  legend: ReactNode;
  error?: string | null;
  required?: boolean;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string;
  onValue: (v: string) => void;
}) {
  const id = useId();
  return (
    <fieldset
      className={error ? 'field radios has-error' : 'field radios'}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>
        {legend}
        {required === false && <span className="optional"> (optional)</span>}
      </legend>
      {options.map((o, i) => (
        <label key={o.value} className="radio">
          <input
            type="radio"
            name={id}
            value={o.value}
            checked={value === o.value}
            // The first radio carries the group's error state, so focusing "the first invalid
            // field" lands on the group.
            aria-invalid={error && i === 0 ? true : undefined}
            onChange={() => onValue(o.value)}
          />
          {o.label}
        </label>
      ))}
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function Checkbox({
  label,
  error,
  checked,
  onChecked,
}: {
  label: ReactNode;
  error?: string | null;
  checked: boolean;
  onChecked: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={error ? 'field checkbox has-error' : 'field checkbox'}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChecked(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
