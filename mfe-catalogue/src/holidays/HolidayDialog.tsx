import { useEffect, useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import {
  AU_STATES,
  PRICING_RULES,
  type Holiday,
  type HolidayInput,
  type HolidayScope,
  type PricingRule,
} from '../api/types.ts';
import { useSaveHoliday } from '../api/hooks.ts';
import { FormErrors } from '../shared/FormErrors.tsx';
import { SCOPE_LABELS } from './filterHolidays.ts';

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
      const { id: _id, provenance: _p, ...rest } = holiday;
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
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={holiday ? 'Edit Holiday' : 'New Holiday'}
      size="lg"
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit().catch(() => undefined);
        }}
      >
        <Stack>
          <FormErrors errors={errors} />
          <TextInput
            label="Name"
            required
            value={form.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
          <Group grow>
            <TextInput
              type="date"
              label="Date"
              required
              value={form.date}
              onChange={(e) => set({ date: e.currentTarget.value })}
            />
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
              onChange={(state) => set({ state })}
            />
          </Group>
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
              value={form.surchargePercent}
              onChange={(v) => set({ surchargePercent: typeof v === 'number' ? v : 0 })}
            />
          </Group>
          <Group>
            <Switch
              label="Block-out (no bookings)"
              checked={form.blockOut}
              onChange={(e) => set({ blockOut: e.currentTarget.checked })}
            />
            <Switch
              label="Restricted trading"
              checked={form.restrictedTrading}
              onChange={(e) => set({ restrictedTrading: e.currentTarget.checked })}
            />
          </Group>
          <Textarea
            label="Notes"
            value={form.notes}
            onChange={(e) => set({ notes: e.currentTarget.value })}
          />
          <TextInput
            label="Source URL"
            value={form.sourceUrl}
            onChange={(e) => set({ sourceUrl: e.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save Holiday
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
