import { Controller, type Control, type UseFormReturn } from 'react-hook-form';
import { Group, MultiSelect, Radio, Select, Text, TextInput, Textarea } from '@mantine/core';
import { fieldProps } from '@venue/ui/contract-form';
import { RadioGroupField } from '@venue/ui/radio-group-field';
import { SelectField } from '@venue/ui/select-field';
import { BLOCKOUT_REASONS, type BlockoutInput } from '../api/types.ts';
import { DateFormField } from '../shared/DateFormField.tsx';
import type { BlockoutMode } from './BlockoutDialog.tsx';

/** A list's problem is on the list, or (a bad id) on one of its entries. */
function listError(error: unknown): string | undefined {
  const e = error as ({ message?: string } & Array<{ message?: string } | undefined>) | undefined;
  return e?.message ?? (Array.isArray(e) ? e.find((x) => x?.message)?.message : undefined);
}

/** The block-out form's fields, each problem under its field; `summary` says what saving creates. */
export function BlockoutFields({
  form,
  mode,
  options,
  summary,
}: {
  form: UseFormReturn<BlockoutInput, unknown, BlockoutInput>;
  mode: BlockoutMode;
  options: Array<{ value: string; label: string }>;
  summary: string | null;
}) {
  const { control } = form;
  return (
    <>
      <ResourcesField control={control} mode={mode} options={options} />
      <Group grow align="flex-start">
        <DateFormField control={control} name="dateFrom" label="Date from" />
        <DateFormField control={control} name="dateTo" label="Date to" />
      </Group>
      <Group grow align="flex-start">
        <TextInput type="time" label="Time from" {...fieldProps(form, 'timeFrom')} />
        <TextInput type="time" label="Time to" {...fieldProps(form, 'timeTo')} />
      </Group>
      {mode === 'edit' ? null : (
        <RadioGroupField control={control} name="span" label="Over several days">
          <Group mt={4}>
            <Radio value="daily" label="One block-out per day, for these hours" />
            <Radio value="continuous" label="Continuous from start to end" />
          </Group>
        </RadioGroupField>
      )}
      {summary ? (
        <Text size="sm" c="dimmed" data-testid="blockout-summary" aria-live="polite">
          {summary}
        </Text>
      ) : null}
      <SelectField
        control={control}
        name="reason"
        label="Reason"
        data={[...BLOCKOUT_REASONS]}
        fallback="Maintenance"
        allowDeselect={false}
      />
      <Textarea label="Notes" {...fieldProps(form, 'notes')} />
    </>
  );
}

/** One resource (a single block-out, or its edit), or several at once (bulk). */
function ResourcesField({
  control,
  mode,
  options,
}: {
  control: Control<BlockoutInput, unknown, BlockoutInput>;
  mode: BlockoutMode;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <Controller
      control={control}
      name="resourceIds"
      render={({ field, fieldState }) =>
        mode === 'single' ? (
          <Select
            label="Resource"
            data={options}
            ref={field.ref}
            value={field.value[0] ?? null}
            onChange={(v) => field.onChange(v ? [v] : [])}
            onBlur={field.onBlur}
            error={listError(fieldState.error)}
            searchable
          />
        ) : (
          <MultiSelect
            label="Resources"
            data={options}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={listError(fieldState.error)}
            searchable
            placeholder={field.value.length ? undefined : 'Choose active resources'}
          />
        )
      }
    />
  );
}
