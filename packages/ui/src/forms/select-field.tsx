/** A choice of a contract form as a Select, bound by name (see bound-props.ts). */
import { Select, type SelectProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundProps } from './bound-props.ts';

/**
 * A choice from `data`; `fallback` is what an emptied choice becomes (none: the field may be left
 * empty, null). `onPicked` runs after the change (a rule that sets another field).
 */
export function SelectField<T extends FieldValues>({
  control,
  name,
  fallback,
  onPicked,
  ...props
}: BoundProps<T, SelectProps> & { fallback?: string; onPicked?: (value: string | null) => void }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      {...props}
      ref={field.ref}
      value={(field.value as string | null) || null}
      onChange={(v) => {
        field.onChange(v ?? fallback ?? null);
        onPicked?.(v);
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
