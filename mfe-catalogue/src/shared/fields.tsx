import {
  NumberInput,
  Switch,
  TextInput,
  Textarea,
  type NumberInputProps,
  type SwitchProps,
  type TextInputProps,
  type TextareaProps,
} from '@mantine/core';

/*
 * Form fields that hand back the value itself rather than the change event, so the catalogue's
 * forms can patch their state in one line.
 */

type Controlled<P> = Omit<P, 'value' | 'checked' | 'onChange'>;

export function TextField({
  value,
  onValue,
  ...props
}: Controlled<TextInputProps> & { value: string; onValue: (value: string) => void }) {
  return <TextInput {...props} value={value} onChange={(e) => onValue(e.currentTarget.value)} />;
}

export function NotesField({
  value,
  onValue,
  ...props
}: Controlled<TextareaProps> & { value: string; onValue: (value: string) => void }) {
  return <Textarea {...props} value={value} onChange={(e) => onValue(e.currentTarget.value)} />;
}

export function SwitchField({
  checked,
  onValue,
  ...props
}: Controlled<SwitchProps> & { checked: boolean; onValue: (checked: boolean) => void }) {
  return <Switch {...props} checked={checked} onChange={(e) => onValue(e.currentTarget.checked)} />;
}

/** Dollars and cents, never negative; an emptied field stays empty so "required" can say so. */
export function MoneyField({
  value,
  onValue,
  ...props
}: Controlled<NumberInputProps> & { value: number | ''; onValue: (value: number | '') => void }) {
  return (
    <NumberInput
      min={0}
      step={0.01}
      decimalScale={2}
      {...props}
      value={value}
      onChange={(v) => onValue(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
    />
  );
}
