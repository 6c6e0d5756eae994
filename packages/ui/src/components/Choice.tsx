/**
 * A choice among a few named values, written once (issue 28 item 4): chips (one or several on)
 * for a list's filters, and a segmented control for a form's either-or. Mantine gives neither a
 * label of its own, so each section wrote the same visible heading tied to the control by
 * `aria-labelledby`, and cast the control's plain strings back to its own values. Imported as
 * `@venue/ui/choice`: each app bundles it with the pages that use it (not the calendar's).
 */
import { useId, type CSSProperties, type ReactNode } from 'react';
import { Chip, Group, SegmentedControl, Text } from '@mantine/core';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
}

interface ChoiceBase<T extends string> {
  /** The choice's name: a heading above it, or with `labelHidden` its name for screen readers. */
  label: string;
  labelHidden?: boolean;
  options: readonly ChoiceOption<T>[];
}

export type ChipChoiceProps<T extends string> = ChoiceBase<T> &
  (
    | { multiple: true; value: T[]; onChange: (value: T[]) => void }
    | { multiple?: false; value: T; onChange: (value: T) => void }
  );

/** A row of chips: several on at once with `multiple`, else one. */
export function ChipChoice<T extends string>(props: ChipChoiceProps<T>) {
  const id = useId();
  const chips = (
    <Group
      gap={6}
      role="group"
      {...(props.labelHidden ? { 'aria-label': props.label } : { 'aria-labelledby': id })}
    >
      {props.options.map((o) => (
        <Chip key={o.value} value={o.value} size="sm">
          {o.label}
        </Chip>
      ))}
    </Group>
  );
  // The chips hold only the options' values, so what Mantine hands back is one of them.
  const group = props.multiple ? (
    <Chip.Group multiple value={props.value} onChange={(v) => props.onChange(v as T[])}>
      {chips}
    </Chip.Group>
  ) : (
    <Chip.Group multiple={false} value={props.value} onChange={(v) => props.onChange(v as T)}>
      {chips}
    </Chip.Group>
  );
  if (props.labelHidden) return group;
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {props.label}
      </Text>
      {group}
    </div>
  );
}

export type SegmentedChoiceProps<T extends string> = ChoiceBase<T> & {
  value: T;
  onChange: (value: T) => void;
  style?: CSSProperties;
  /** Shown under the control: what the chosen value means. */
  children?: ReactNode;
};

/** A segmented control: exactly one of two or three values, all in sight. */
export function SegmentedChoice<T extends string>({
  label,
  labelHidden,
  options,
  value,
  onChange,
  style,
  children,
}: SegmentedChoiceProps<T>) {
  const id = useId();
  const control = (
    <SegmentedControl
      {...(labelHidden ? { 'aria-label': label } : { 'aria-labelledby': id })}
      value={value}
      onChange={(v) => onChange(v as T)}
      data={options as ChoiceOption<T>[]}
      style={style}
    />
  );
  if (labelHidden && !children) return control;
  return (
    <div>
      {labelHidden ? null : (
        <Text size="sm" fw={500} id={id}>
          {label}
        </Text>
      )}
      {control}
      {children}
    </div>
  );
}
