import { useEffect, useMemo } from 'react';
import { pricingInput } from '@venue/contracts';
import { Group, Textarea } from '@mantine/core';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';
import type { Pricing, PricingInput, RateType, Resource } from '../api/types.ts';
import { useSavePricing } from '../api/hooks.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { notifySuccess } from '../shared/notify.ts';
import { MoneyField } from '../shared/fields.tsx';

/** The form as typed: rates in dollars ('' while empty), '' for no resource or rate type yet. */
interface PricingDraft {
  resourceId: string;
  rateType: RateType | '';
  weekdayRate: number | '';
  weekendRate: number | '';
  description: string;
}

/** The contract's pricingInput reads the dollars and says its cents fields' problems: here, on the dollars. */
const RENAMES = { weekdayRateCents: 'weekdayRate', weekendRateCents: 'weekendRate' };

const NEW_CARD: PricingDraft = {
  resourceId: '',
  rateType: 'hourly',
  weekdayRate: '',
  weekendRate: '',
  description: '',
};

function draftOf(p: Pricing): PricingDraft {
  return {
    resourceId: p.resourceId,
    rateType: p.rateType,
    weekdayRate: p.weekdayRateCents / 100,
    weekendRate: p.weekendRateCents / 100,
    description: p.description ?? '',
  };
}

const RATE_TYPES = [
  { value: 'hourly', label: 'Hourly' },
  { value: 'daily', label: 'Daily / flat' },
];

export function PricingDialog({
  opened,
  pricing,
  resources,
  taken,
  onClose,
}: {
  opened: boolean;
  pricing: Pricing | null;
  resources: Resource[];
  /** Resources that already have a rate card: one entry per resource. */
  taken: string[];
  onClose: () => void;
}) {
  const save = useSavePricing();
  const { form, formRef, summary, onSubmit } = useContractForm<
    PricingDraft,
    Omit<PricingInput, 'resourceName'>
  >({ schema: pricingInput, defaultValues: NEW_CARD, fieldOf: RENAMES });
  const { control, reset } = form;

  useEffect(() => {
    if (opened) reset(pricing ? draftOf(pricing) : NEW_CARD);
  }, [opened, pricing, reset]);

  const options = useMemo(
    () =>
      resources
        .filter((r) => r.id === pricing?.resourceId || !taken.includes(r.id))
        .map((r) => ({ value: r.id, label: `${r.name} (${r.code})` })),
    [resources, taken, pricing],
  );

  const submit = onSubmit(async (body) => {
    const resource = resources.find((r) => r.id === body.resourceId);
    await save.mutateAsync({
      id: pricing?.id,
      input: { ...body, resourceName: resource?.name ?? pricing?.resourceName ?? '' },
    });
    notifySuccess(pricing ? 'Pricing updated successfully!' : 'Pricing created successfully!');
    onClose();
  });

  return (
    <FormDialog
      opened={opened}
      title={pricing ? 'Edit Pricing' : 'Add Pricing'}
      errors={summary}
      busy={save.isPending || form.formState.isSubmitting}
      submitLabel={pricing ? 'Update Pricing' : 'Create Pricing'}
      onClose={onClose}
      onSubmit={submit}
      formRef={formRef}
    >
      <SelectField
        control={control}
        name="resourceId"
        label="Resource"
        required
        data={options}
        fallback=""
        searchable
        nothingFoundMessage="Every resource already has a rate card"
      />
      <SelectField
        control={control}
        name="rateType"
        label="Rate type"
        required
        data={RATE_TYPES}
        fallback=""
      />
      <Group grow align="flex-start">
        <MoneyField control={control} name="weekdayRate" label="Weekday rate" required />
        <MoneyField control={control} name="weekendRate" label="Weekend rate" required />
      </Group>
      <Textarea label="Description" {...fieldProps(form, 'description')} />
    </FormDialog>
  );
}
