import { useEffect, useState } from 'react';
import { Group, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { DateField } from '@venue/ui/date-field';
import {
  AU_STATES,
  PRICING_RULES,
  type Holiday,
  type HolidayInput,
  type HolidayScope,
  type PricingRule,
} from '../api/types.ts';
import { useSaveHoliday } from '../api/hooks.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { SCOPE_LABELS } from './filterHolidays.ts';
import { NotesField, SwitchField, TextField } from '../shared/fields.tsx';
import { numberFrom } from '../shared/labels.ts';

/** Default surcharge per pricing rule (contract: PH-Std 25 %, others 0 unless set). */
const RULE_SURCHARGE: Record<PricingRule, number> = {
  'PH-Std': 25,
  'PH-Religious': 0,
  'PH-AFL': 0,
  'PH-Local': 0,
};

function empty(): HolidayInput {
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
  const [form, setForm] = useState<HolidayInput>(empty);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    if (!opened) return;
    if (holiday) {
      // Provenance and the stamp are the server's; the form sends only what the venue edits.
      const { id: _id, provenance: _p, updatedAt: _u, ...rest } = holiday;
      setForm({ ...empty(), ...rest });
    } else setForm(empty());
    setErrors([]);
  }, [opened, holiday]);

  const set = (patch: Partial<HolidayInput>) => setForm((f) => ({ ...f, ...patch }));

  async function submit() {
    const problems: string[] = [];
    if (!form.name.trim()) problems.push('Holiday name is required');
    if (!form.date) problems.push('Date is required');
    if (!(form.surchargePercent >= 0 && form.surchargePercent <= 500))
      problems.push('Surcharge must be between 0 and 500 %');
    setErrors(problems);
    if (problems.length) return;
    await save.mutateAsync({ id: holiday?.id, input: { ...form, name: form.name.trim() } });
    onClose();
  }

  return (
    <FormDialog
      opened={opened}
      title={holiday ? 'Edit Holiday' : 'New Holiday'}
      size="lg"
      errors={errors}
      busy={save.isPending}
      submitLabel="Save Holiday"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField label="Name" required value={form.name} onValue={(name) => set({ name })} />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <DateField label="Date" required value={form.date} onChange={(date) => set({ date })} />
        <Select
          label="Scope"
          data={(Object.keys(SCOPE_LABELS) as HolidayScope[]).map((value) => ({
            value,
            label: SCOPE_LABELS[value],
          }))}
          value={form.scope}
          allowDeselect={false}
          onChange={(v) => set({ scope: (v as HolidayScope) ?? 'custom' })}
        />
        <Select
          label="State"
          placeholder="None"
          data={[...AU_STATES]}
          value={form.state}
          clearable
          onChange={(state) => set({ state: state as HolidayInput['state'] })}
        />
      </SimpleGrid>
      <Group grow>
        <Select
          label="Pricing rule"
          placeholder="None"
          data={[...PRICING_RULES]}
          value={form.pricingRule}
          clearable
          onChange={(v) => {
            const rule = v as PricingRule | null;
            set({ pricingRule: rule, surchargePercent: rule ? RULE_SURCHARGE[rule] : 0 });
          }}
        />
        <NumberInput
          label="Surcharge %"
          min={0}
          max={500}
          // The service stores whole percentages and refuses 12.5.
          allowDecimal={false}
          value={form.surchargePercent}
          onChange={(v) => set({ surchargePercent: numberFrom(v) })}
        />
      </Group>
      <Group>
        <SwitchField
          label="Block-out (no bookings)"
          checked={form.blockOut}
          onValue={(blockOut) => set({ blockOut })}
        />
        <SwitchField
          label="Restricted trading"
          checked={form.restrictedTrading}
          onValue={(restrictedTrading) => set({ restrictedTrading })}
        />
      </Group>
      <NotesField label="Notes" value={form.notes} onValue={(notes) => set({ notes })} />
      <TextField
        label="Source URL"
        value={form.sourceUrl ?? ''}
        onValue={(sourceUrl) => set({ sourceUrl })}
      />
    </FormDialog>
  );
}
