/** A yes/no field of a contract form as a Switch or a Checkbox, bound by name (see bound-props.ts). */
import { useId, type ChangeEvent } from 'react';
import { Checkbox, Switch, type CheckboxProps, type SwitchProps } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { BoundProps } from './bound-props.ts';

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
