/**
 * Fields of a react-hook-form form bound by name, written once (issue 28 item 4; exported by
 * `@venue/ui/contract-form`): a yes/no field as a Switch or a Checkbox, and a choice as a Select or
 * a group of radio buttons.
 * Each takes its value, its change, its blur and its problem from the form; the ref lets the form
 * focus it when it holds the first problem. Text boxes need none of this:
 * `{...fieldProps(form, name)}`.
 */
import { useId, type ChangeEvent } from 'react';
import {
  Checkbox,
  Radio,
  Select,
  Switch,
  type CheckboxProps,
  type RadioGroupProps,
  type SelectProps,
  type SwitchProps,
} from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A field's own props, less what the form gives it, with the form's control and the field's name. */
export type BoundProps<T extends FieldValues, P> = Omit<
  P,
  'value' | 'checked' | 'defaultChecked' | 'onChange' | 'onBlur' | 'error' | 'name'
> & {
  // Whatever the form hands its submit (the parsed body).
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
};

/**
 * What a yes/no box takes from the form: a value that is not yet true counts as no. Its problem is
 * shown under the box; Mantine's Switch and Checkbox do not tie that message to their input as its
 * text inputs do, so it is tied here (aria-invalid, aria-describedby), for a screen reader to say
 * it with the box.
 */
function useYesNo<T extends FieldValues>(control: Control<T, unknown, FieldValues>, name: Path<T>) {
  const { field, fieldState } = useController({ control, name });
  const errorId = useId();
  const problem = fieldState.error?.message;
  return {
    name: field.name,
    ref: field.ref,
    checked: Boolean(field.value),
    onChange: (e: ChangeEvent<HTMLInputElement>) => field.onChange(e.currentTarget.checked),
    onBlur: field.onBlur,
    // Mantine gives the message's element no id of ours (its `attributes` stop short of it).
    error: problem ? <span id={errorId}>{problem}</span> : undefined,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? errorId : undefined,
  };
}

export function SwitchField<T extends FieldValues>({ control, name, ...props }: BoundProps<T, SwitchProps>) {
  return <Switch {...props} {...useYesNo(control, name)} />;
}

export function CheckboxField<T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T, CheckboxProps>) {
  return <Checkbox {...props} {...useYesNo(control, name)} />;
}

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
