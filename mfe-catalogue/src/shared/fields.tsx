import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundProps } from '@venue/ui/contract-form';
import { numberFrom } from './labels.ts';

/*
 * Form fields bound to a react-hook-form field by name (useContractForm): the value, its change
 * and its problem, which Mantine shows under the field and ties to it (aria-invalid and
 * aria-describedby). Text boxes need none of this: `{...form.register(name)}` and `error`; a yes/no
 * field and a choice are `@venue/ui/contract-form`'s SwitchField and SelectField.
 */

/** A field's own props, less what the form gives it, with the form's control and the field's name. */
export type Bound<T extends FieldValues, P> = BoundProps<T, P>;

/** A whole number; text that is no number counts as 0 (spec 03 §5, numberFrom). */
export function WholeNumberField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T, NumberInputProps>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberInput
      allowDecimal={false}
      {...props}
      ref={field.ref}
      value={field.value as number}
      onChange={(v) => field.onChange(numberFrom(v))}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** Dollars and cents, never negative; an emptied field stays empty so "required" can say so. */
export function MoneyField<T extends FieldValues>({ control, name, ...props }: Bound<T, NumberInputProps>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberInput
      min={0}
      step={0.01}
      decimalScale={2}
      {...props}
      ref={field.ref}
      value={field.value as number | ''}
      onChange={(v) => field.onChange(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
