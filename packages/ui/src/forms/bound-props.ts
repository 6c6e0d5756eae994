/**
 * What a field of a react-hook-form form bound by name takes (issue 28 item 4): its own props, less
 * what the form gives it, with the form's control and the field's name. Each bound field is a
 * sub-path of its own (`@venue/ui/yes-no-field`, `/select-field`, `/radio-group-field`), so a page
 * loads only the Mantine inputs it shows: re-exported together from `contract-form`, every page
 * with a form paid for all of them (the settings pages 2-4 kB of gzipped JS more).
 * Text boxes need none of this: `{...fieldProps(form, name)}`.
 */
import type { Control, FieldValues, Path } from 'react-hook-form';

export type BoundProps<T extends FieldValues, P> = Omit<
  P,
  'value' | 'checked' | 'defaultChecked' | 'onChange' | 'onBlur' | 'error' | 'name'
> & {
  // Whatever the form hands its submit (the parsed body).
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
};
