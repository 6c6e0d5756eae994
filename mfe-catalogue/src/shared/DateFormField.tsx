import { DateField, type DateFieldProps } from '@venue/ui/date-field';
import { useController, type FieldValues } from 'react-hook-form';
import type { Bound } from './fields.tsx';

// Apart from fields.tsx: Mantine's dates load only with the dialogs that have a date to type.
/** A yyyy-MM-dd date, written and read the tenant's way (DateField); emptied, ''. */
export function DateFormField<T extends FieldValues>({ control, name, ...props }: Bound<T, DateFieldProps>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateField
      {...props}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
