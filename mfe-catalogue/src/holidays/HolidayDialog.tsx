import { useEffect } from 'react';
import { Group, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { defaultSurcharge, holidayInput } from '@venue/contracts/catalogue';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';
import { SwitchField } from '@venue/ui/yes-no-field';
import {
  AU_STATES,
  PRICING_RULES,
  type Holiday,
  type HolidayInput,
  type HolidayScope,
} from '../api/types.ts';
import { useSaveHoliday } from '../api/hooks.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { WholeNumberField } from '../shared/fields.tsx';
import { DateFormField } from '../shared/DateFormField.tsx';
import { SCOPE_LABELS } from './filterHolidays.ts';

/** The form as typed: a source URL is '' when there is none. */
type HolidayDraft = Omit<HolidayInput, 'sourceUrl'> & { sourceUrl: string };

function empty(): HolidayDraft {
  return {
    name: '',
    date: '',
    scope: 'custom',
    state: null,
    pricingRule: 'PH-Std',
    surchargePercent: 25,
    blockOut: false,
    restrictedTrading: false,
    notes: '',
    sourceUrl: '',
    substitutes: null,
  };
}

/** Provenance and the stamp are the server's; the form sends only what the venue edits. */
function draftOf(holiday: Holiday): HolidayDraft {
  const { id: _id, provenance: _p, updatedAt: _u, ...rest } = holiday;
  return { ...empty(), ...rest, sourceUrl: rest.sourceUrl ?? '' };
}

const SCOPE_OPTIONS = (Object.keys(SCOPE_LABELS) as HolidayScope[]).map((value) => ({
  value,
  label: SCOPE_LABELS[value],
}));

/** New or edit, checked by the contract's holidayInput (what the service parses). */
export function HolidayDialog({
  opened,
  holiday,
  onClose,
}: {
  opened: boolean;
  holiday: Holiday | null;
  onClose: () => void;
}) {
  const save = useSaveHoliday();
  const { form, formRef, summary, onSubmit } = useContractForm<HolidayDraft, HolidayInput>({
    schema: holidayInput,
    defaultValues: empty(),
  });
  const { control, reset, setValue } = form;

  useEffect(() => {
    if (opened) reset(holiday ? draftOf(holiday) : empty());
  }, [opened, holiday, reset]);

  const submit = onSubmit(async (input) => {
    await save.mutateAsync({ id: holiday?.id, input });
    onClose();
  });

  return (
    <FormDialog
      opened={opened}
      title={holiday ? 'Edit Holiday' : 'New Holiday'}
      size="lg"
      errors={summary}
      busy={save.isPending || form.formState.isSubmitting}
      submitLabel="Save Holiday"
      onClose={onClose}
      onSubmit={submit}
      formRef={formRef}
    >
      <TextInput label="Name" required {...fieldProps(form, 'name')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <DateFormField control={control} name="date" label="Date" required />
        <SelectField
          control={control}
          name="scope"
          label="Scope"
          data={SCOPE_OPTIONS}
          fallback="custom"
          allowDeselect={false}
        />
        <SelectField
          control={control}
          name="state"
          label="State"
          placeholder="None"
          data={[...AU_STATES]}
          clearable
        />
      </SimpleGrid>
      <Group grow align="flex-start">
        <SelectField
          control={control}
          name="pricingRule"
          label="Pricing rule"
          placeholder="None"
          data={[...PRICING_RULES]}
          clearable
          onPicked={(rule) => setValue('surchargePercent', defaultSurcharge(rule))}
        />
        {/* The service stores whole percentages and refuses 12.5. */}
        <WholeNumberField control={control} name="surchargePercent" label="Surcharge %" min={0} max={500} />
      </Group>
      <Group>
        <SwitchField control={control} name="blockOut" label="Block-out (no bookings)" />
        <SwitchField control={control} name="restrictedTrading" label="Restricted trading" />
      </Group>
      <Textarea label="Notes" {...fieldProps(form, 'notes')} />
      <TextInput label="Source URL" {...fieldProps(form, 'sourceUrl')} />
    </FormDialog>
  );
}
