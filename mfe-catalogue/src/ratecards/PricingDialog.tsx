import { useEffect, useMemo, useState } from 'react';
import { pricingFormMessages } from '@venue/contracts';
import { Group, Select } from '@mantine/core';
import type { Pricing, RateType, Resource } from '../api/types.ts';
import { useSavePricing } from '../api/hooks.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { notifySuccess } from '../shared/notify.ts';
import { toCents } from '../shared/labels.ts';
import { MoneyField, NotesField } from '../shared/fields.tsx';

interface Form {
  resourceId: string | null;
  rateType: RateType | null;
  weekdayRate: number | '';
  weekendRate: number | '';
  description: string;
}

/** The §5 pricing rules (the service's own), every one at once; rates are typed in dollars. */
export function validatePricing(f: Form): string[] {
  return pricingFormMessages({
    resourceId: f.resourceId ?? '',
    rateType: f.rateType ?? '',
    weekdayRate: f.weekdayRate,
    weekendRate: f.weekendRate,
    description: f.description,
  });
}

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
  const [form, setForm] = useState<Form>({
    resourceId: null,
    rateType: 'hourly',
    weekdayRate: '',
    weekendRate: '',
    description: '',
  });
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    if (!opened) return;
    setForm(
      pricing
        ? {
            resourceId: pricing.resourceId,
            rateType: pricing.rateType,
            weekdayRate: pricing.weekdayRateCents / 100,
            weekendRate: pricing.weekendRateCents / 100,
            description: pricing.description ?? '',
          }
        : { resourceId: null, rateType: 'hourly', weekdayRate: '', weekendRate: '', description: '' },
    );
    setErrors([]);
  }, [opened, pricing]);

  const options = useMemo(
    () =>
      resources
        .filter((r) => r.id === pricing?.resourceId || !taken.includes(r.id))
        .map((r) => ({ value: r.id, label: `${r.name} (${r.code})` })),
    [resources, taken, pricing],
  );

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  async function submit() {
    const problems = validatePricing(form);
    setErrors(problems);
    if (problems.length || !form.resourceId || !form.rateType) return;
    const resource = resources.find((r) => r.id === form.resourceId);
    await save.mutateAsync({
      id: pricing?.id,
      input: {
        resourceId: form.resourceId,
        resourceName: resource?.name ?? pricing?.resourceName ?? '',
        rateType: form.rateType,
        weekdayRateCents: toCents(Number(form.weekdayRate)),
        weekendRateCents: toCents(Number(form.weekendRate)),
        description: form.description,
      },
    });
    notifySuccess(pricing ? 'Pricing updated successfully!' : 'Pricing created successfully!');
    onClose();
  }

  return (
    <FormDialog
      opened={opened}
      title={pricing ? 'Edit Pricing' : 'Add Pricing'}
      errors={errors}
      busy={save.isPending}
      submitLabel={pricing ? 'Update Pricing' : 'Create Pricing'}
      onClose={onClose}
      onSubmit={submit}
    >
      <Select
        label="Resource"
        required
        data={options}
        value={form.resourceId}
        onChange={(resourceId) => set({ resourceId })}
        searchable
        nothingFoundMessage="Every resource already has a rate card"
      />
      <Select
        label="Rate type"
        required
        data={[
          { value: 'hourly', label: 'Hourly' },
          { value: 'daily', label: 'Daily / flat' },
        ]}
        value={form.rateType}
        onChange={(v) => set({ rateType: v as RateType | null })}
      />
      <Group grow>
        <MoneyField
          label="Weekday rate"
          required
          value={form.weekdayRate}
          onValue={(weekdayRate) => set({ weekdayRate })}
        />
        <MoneyField
          label="Weekend rate"
          required
          value={form.weekendRate}
          onValue={(weekendRate) => set({ weekendRate })}
        />
      </Group>
      <NotesField
        label="Description"
        value={form.description}
        onValue={(description) => set({ description })}
      />
    </FormDialog>
  );
}
