/** A choice of a contract form as a group of radio buttons, bound by name (see bound-props.ts). */
import { Radio, type RadioGroupProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundProps } from './bound-props.ts';

/**
 * A choice among the radio buttons given as children (`<Radio value=… />`); the group's own name
 * for its buttons is Mantine's, unique on the page.
 */
export function RadioGroupField<T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T, RadioGroupProps>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Radio.Group
      {...props}
      value={(field.value as string | null | undefined) ?? null}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}
