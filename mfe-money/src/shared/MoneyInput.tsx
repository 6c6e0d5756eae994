import { TextInput } from '@mantine/core';
import { parseDollars } from '@venue/contracts';

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | null;
  description?: string;
  autoFocus?: boolean;
}

/**
 * A dollar amount typed as text ("120", "120.5"): digits and one point only, read into cents by
 * the contracts' parseDollars, so the screen and the server round "200.005" the same way.
 */
export function MoneyInput({ label, value, onChange, error, description, autoFocus }: Props) {
  return (
    <TextInput
      label={label}
      value={value}
      inputMode="decimal"
      leftSection="$"
      description={description}
      error={error ?? undefined}
      data-autofocus={autoFocus ? true : undefined}
      onChange={(e) => onChange(e.currentTarget.value.replace(/[^\d.]/g, ''))}
    />
  );
}

/** Cents of the typed amount; null when empty or not an amount. */
export function centsOf(text: string): number | null {
  return text.trim() === '' ? null : parseDollars(text);
}

/** Cents → the text the input starts with ("120.50"). */
export function dollarsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
