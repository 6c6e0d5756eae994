/** One field of a settings card, drawn from its spec: text, number, money, switch, days or select. */
import { useEffect, useState } from 'react';
import { NativeSelect, NumberInput, Switch, TextInput, Textarea } from '@mantine/core';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import { formatMoney, useSession } from '@venue/ui';

export type FieldSpec =
  | { name: string; label: string; kind: 'text' | 'email' | 'textarea'; description?: string; span?: 2 }
  | {
      name: string;
      label: string;
      kind: 'number';
      min: number;
      max?: number;
      step?: number;
      decimals?: number;
      description?: string;
      span?: 2;
    }
  | { name: string; label: string; kind: 'money'; description?: string; span?: 2 }
  | { name: string; label: string; kind: 'switch'; description?: string; span?: 2 }
  | { name: string; label: string; kind: 'days'; description?: string; span?: 2 }
  | {
      name: string;
      label: string;
      kind: 'select';
      options: Array<{ value: string; label: string }>;
      numeric?: boolean;
      description?: string;
      span?: 2;
    };

export function SettingsField<T extends FieldValues>({
  field,
  control,
  disabled,
}: {
  field: FieldSpec;
  control: Control<T>;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={field.name as never}
      render={({ field: f, fieldState }) => (
        <FieldInput
          field={field}
          value={f.value as unknown}
          onChange={f.onChange}
          onBlur={f.onBlur}
          error={fieldState.error?.message}
          disabled={disabled}
        />
      )}
    />
  );
}

// Long: one case per field kind, read as a table of which input each kind gets and how its value
// is converted; split up, the kinds would no longer be seen side by side.
function FieldInput({
  field,
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: {
  field: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const f = { onChange, onBlur };
  const common = {
    label: field.label,
    description: field.description,
    error,
    disabled,
  };
  switch (field.kind) {
    case 'switch':
      return (
        <Switch
          label={field.label}
          description={field.description}
          disabled={disabled}
          checked={Boolean(value)}
          onChange={(e) => f.onChange(e.currentTarget.checked)}
          mt="md"
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={String(value ?? '')}
          onChange={(e) => f.onChange(e.currentTarget.value)}
          onBlur={f.onBlur}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          min={field.min}
          max={field.max}
          step={field.step ?? 1}
          decimalScale={field.decimals ?? 0}
          clampBehavior="none"
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => f.onChange(toNumber(v))}
          onBlur={f.onBlur}
        />
      );
    case 'money':
      return (
        <MoneyInput
          {...common}
          description={field.description}
          cents={typeof value === 'number' ? value : Number.NaN}
          onChange={f.onChange}
          onBlur={f.onBlur}
        />
      );
    case 'days':
      return (
        <DaysInput
          {...common}
          value={Array.isArray(value) ? (value as number[]) : []}
          onChange={f.onChange}
        />
      );
    case 'select':
      return (
        <NativeSelect
          {...common}
          data={field.options}
          value={String(value ?? '')}
          onChange={(e) => f.onChange(field.numeric ? Number(e.currentTarget.value) : e.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.kind === 'email' ? 'email' : 'text'}
          value={String(value ?? '')}
          onChange={(e) => f.onChange(e.currentTarget.value)}
          onBlur={f.onBlur}
        />
      );
  }
}

/** "7, 3, 1" ⇄ [7, 3, 1]; the text stays as typed, the numbers follow it. */
function DaysInput({
  value,
  onChange,
  ...rest
}: {
  label: string;
  description?: string;
  error?: string;
  disabled: boolean;
  value: number[];
  onChange: (v: number[]) => void;
}) {
  const [text, setText] = useState(value.join(', '));
  const joined = value.join(', ');
  useEffect(() => {
    // Follow a value loaded from the server, but not the user's own half-typed text.
    setText((t) => (parseDays(t).join(', ') === joined ? t : joined));
  }, [joined]);
  return (
    <TextInput
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(parseDays(e.currentTarget.value));
      }}
    />
  );
}

function parseDays(text: string): number[] {
  return text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0);
}

/** Mantine hands back a string while the text is not a plain number yet ('12.', '1234.50'). */
function toNumber(v: number | string): number {
  if (typeof v === 'number') return v;
  return v.trim() === '' ? Number.NaN : Number(v);
}

/** Dollars as typed, integer cents in the form; the formatted amount is shown underneath. */
function MoneyInput({
  cents,
  onChange,
  onBlur,
  description,
  ...rest
}: {
  label: string;
  description?: string;
  error?: string;
  disabled: boolean;
  cents: number;
  onChange: (cents: number) => void;
  onBlur: () => void;
}) {
  const { settings } = useSession();
  const [text, setText] = useState<number | string>(Number.isFinite(cents) ? cents / 100 : '');
  useEffect(() => {
    // Follow a value loaded from the server, but not the user's own half-typed amount.
    setText((t) => {
      const typed = Math.round(toNumber(t) * 100);
      return typed === cents || !Number.isFinite(cents) ? t : cents / 100;
    });
  }, [cents]);
  const shown = Number.isFinite(cents) ? formatMoney(cents, settings) : '—';
  return (
    <NumberInput
      {...rest}
      description={`${description ? `${description} ` : ''}Shown as ${shown}.`}
      min={0}
      step={1}
      decimalScale={2}
      clampBehavior="none"
      value={text}
      onChange={(v) => {
        setText(v);
        const n = toNumber(v);
        onChange(Number.isFinite(n) ? Math.round(n * 100) : Number.NaN);
      }}
      onBlur={onBlur}
    />
  );
}
