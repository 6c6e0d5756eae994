import { useState, type ChangeEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { idempotencyKeys } from '@venue/ui';
import {
  QUOTATION_MESSAGES,
  quotationInputSchema,
  type Quotation,
  type QuotationInput,
} from '@venue/contracts/money-api';
import { depositCents, parseDollars, type DepositType } from '@venue/contracts/money';
import { useQuotationResources, useSaveQuotation } from '../api/quotation-hooks.ts';
import { useFormat } from '../lib/format.ts';
import type { QuotationDraft } from './quotation-draft.ts';

export { draftOf, EMPTY_DRAFT, type QuotationDraft } from './quotation-draft.ts';

const num = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The request body; the same contract schema the server parses decides the messages. */
export function bodyOf(d: QuotationDraft): QuotationInput {
  return {
    customerName: d.customerName,
    customerEmail: d.customerEmail,
    customerPhone: d.customerPhone,
    eventType: d.eventType,
    resource: d.resource,
    resourceName: d.resourceName || undefined,
    eventDate: d.eventDate,
    startTime: d.startTime,
    endTime: d.endTime,
    guestCount: num(d.guestCount),
    totalAmount: num(d.totalAmount) ?? 0,
    depositType: d.depositType,
    depositValue: d.depositType === 'None' ? undefined : num(d.depositValue),
    notes: d.notes,
    payment_details: { deposit_paid: d.depositPaid },
  };
}

/** Field → first message, from the contract schema (spec 03 §5). */
export function formErrors(d: QuotationDraft): Record<string, string> {
  const parsed = quotationInputSchema.safeParse(bodyOf(d));
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= issue.message;
    }
  return errors;
}

/** The draft's fields typed as plain text. */
type TextField = Exclude<keyof QuotationDraft, 'depositType' | 'depositPaid'>;

interface Props {
  /** The quotation being edited; null for a new one or a duplicate. */
  editing: Quotation | null;
  initial: QuotationDraft;
  onClose: () => void;
  onSaved: (q: Quotation) => void;
}

/** The quotation form dialog (spec 03 §2.3): six sections, Cancel and Save Draft (or Update). */
export function QuotationForm({ editing, initial, onClose, onSaved }: Props) {
  const fmt = useFormat();
  const save = useSaveQuotation();
  const resources = useQuotationResources();
  const [keyFor] = useState(idempotencyKeys);
  const [d, setD] = useState<QuotationDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  // A field's message clears as soon as that field changes (spec 03 §2.3).
  function set<K extends keyof QuotationDraft>(field: K, value: QuotationDraft[K]) {
    setD((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }

  const totalCents = parseDollars(d.totalAmount) ?? 0;
  const depositValue = num(d.depositValue) ?? 0;
  let deposit = 0;
  try {
    deposit =
      d.depositType === 'Fixed'
        ? depositCents({ type: 'Fixed', cents: parseDollars(d.depositValue) ?? 0 }, totalCents)
        : d.depositType === 'Percentage' && Number.isInteger(depositValue) && depositValue <= 100
          ? depositCents({ type: 'Percentage', percent: Math.max(0, depositValue) }, totalCents)
          : 0;
  } catch {
    deposit = 0;
  }

  async function submit() {
    const found = formErrors(d);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    const body = bodyOf(d);
    try {
      const saved = await save.mutateAsync({ id: editing?.id ?? null, body, key: keyFor(body) });
      onSaved(saved);
    } catch {
      setFailure(QUOTATION_MESSAGES.saveFailed);
    }
  }

  const resourceOptions = resources.data?.map((r) => ({ value: r.id, label: r.name })) ?? null;
  const e = (field: string) => errors[field] ?? undefined;
  /** A required text field: its value, its message and what typing in it does. */
  const required = (field: TextField) => ({
    withAsterisk: true,
    value: d[field],
    error: e(field),
    onChange: (ev: ChangeEvent<HTMLInputElement>) => set(field, ev.currentTarget.value),
  });

  return (
    <Modal opened onClose={onClose} size="xl" title={editing ? 'Edit Quotation' : 'Create New Quotation'}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <Title order={5}>Customer Information</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Customer Name" {...required('customerName')} />
          <TextInput label="Customer Email" {...required('customerEmail')} />
          <TextInput label="Customer Phone" {...required('customerPhone')} />
        </SimpleGrid>
        <Title order={5}>Event Information</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Event Type" {...required('eventType')} />
          {resourceOptions ? (
            <Select
              label="Resource"
              withAsterisk
              data={resourceOptions}
              value={d.resource || null}
              error={e('resource')}
              onChange={(value) => {
                set('resource', value ?? '');
                set('resourceName', resourceOptions.find((o) => o.value === value)?.label ?? '');
              }}
            />
          ) : (
            <TextInput label="Resource" {...required('resource')} />
          )}
          <TextInput
            label="Guest Count"
            inputMode="numeric"
            value={d.guestCount}
            error={e('guestCount')}
            onChange={(ev) => set('guestCount', ev.currentTarget.value.replace(/\D/g, ''))}
          />
          <TextInput label="Event Date" type="date" {...required('eventDate')} />
          <TextInput label="Start Time" type="time" {...required('startTime')} />
          <TextInput label="End Time" type="time" {...required('endTime')} />
        </SimpleGrid>
        <Title order={5}>Pricing Information</Title>
        <NumberInput
          label="Total Amount (AUD)"
          withAsterisk
          min={0}
          step={0.01}
          decimalScale={2}
          value={d.totalAmount}
          error={e('totalAmount')}
          onChange={(v) => set('totalAmount', String(v))}
        />
        <Title order={5}>Deposit Information</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Deposit Type"
            data={['None', 'Fixed', 'Percentage']}
            value={d.depositType}
            allowDeselect={false}
            onChange={(v) => {
              set('depositType', (v ?? 'None') as DepositType);
              set('depositValue', '');
            }}
          />
          <NumberInput
            label={d.depositType === 'Percentage' ? 'Deposit Percentage' : 'Deposit Value'}
            disabled={d.depositType === 'None'}
            min={0}
            step={d.depositType === 'Percentage' ? 1 : 0.01}
            max={d.depositType === 'Percentage' ? 100 : undefined}
            value={d.depositValue}
            error={e('depositValue')}
            onChange={(v) => set('depositValue', String(v))}
          />
        </SimpleGrid>
        <Title order={5}>Notes</Title>
        <Textarea
          aria-label="Notes"
          value={d.notes}
          autosize
          minRows={2}
          onChange={(ev) => set('notes', ev.currentTarget.value)}
        />
        <Title order={5}>Final Payment Details</Title>
        <Text size="sm">
          Total {fmt.money(totalCents)} · Deposit {fmt.money(deposit)} · Final payment{' '}
          {fmt.money(Math.max(0, totalCents - deposit))}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {editing ? 'Update' : 'Save Draft'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
