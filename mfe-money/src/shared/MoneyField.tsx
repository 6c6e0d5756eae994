import { TextInput } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import { parseDollars } from '@venue/contracts';
import type { BoundProps } from '@venue/ui/contract-form';

interface Props {
  label: string;
  description?: string;
  autoFocus?: boolean;
}

/**
 * A dollar amount of a contract form, typed as text ("120", "120.5"): digits and one point only,
 * read into cents by the contracts' parseDollars, so the screen and the server round "200.005"
 * the same way. Bound to the form's field by name: its text, its change and its problem.
 */
export function MoneyField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  autoFocus,
}: BoundProps<T, Props>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextInput
      label={label}
      value={field.value as string}
      inputMode="decimal"
      leftSection="$"
      description={description}
      error={fieldState.error?.message}
      data-autofocus={autoFocus ? true : undefined}
      onChange={(e) => field.onChange(e.currentTarget.value.replace(/[^\d.]/g, ''))}
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
