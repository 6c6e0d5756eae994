/** The quotation form's sections (spec 03 §2.3), in the dialog's order. */
import { useMemo, type ChangeEvent } from 'react';
import { NumberInput, Select, SimpleGrid, Text, TextInput, Textarea, Title } from '@mantine/core';
import { EVENT_TYPES } from '@venue/contracts/bookings';
import { DateField } from '@venue/ui/date-field';
import type { DepositType } from '@venue/contracts/money';
import { useFormat } from '../shared/format.ts';
import type { QuotationDraft } from './quotation-draft.ts';
import { RateCard } from './SlotPricing.tsx';
import type { SetField, useQuotationForm } from './useQuotationForm.ts';

type Form = ReturnType<typeof useQuotationForm>;

/** The draft's fields typed as plain text. */
type TextField = Exclude<keyof QuotationDraft, 'depositType' | 'depositPaid'>;

/** The draft, its messages and how a field changes, as every section takes them. */
export interface Fields {
  d: QuotationDraft;
  set: SetField;
  e: (field: string) => string | undefined;
  /** A required text field: its value, its message and what typing in it does. */
  required: (field: TextField) => {
    withAsterisk: true;
    value: string;
    error: string | undefined;
    onChange: (ev: ChangeEvent<HTMLInputElement>) => void;
  };
}

export function fieldsOf(d: QuotationDraft, errors: Record<string, string>, set: SetField): Fields {
  const e = (field: string) => errors[field] ?? undefined;
  return {
    d,
    set,
    e,
    required: (field) => ({
      withAsterisk: true,
      value: d[field],
      error: e(field),
      onChange: (ev) => set(field, ev.currentTarget.value),
    }),
  };
}

const Heading = ({ children }: { children: string }) => (
  <Title order={3} fz="md">
    {children}
  </Title>
);

export function CustomerSection({ fields: { required } }: { fields: Fields }) {
  return (
    <>
      <Heading>Customer Information</Heading>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Customer Name" {...required('customerName')} />
        <TextInput label="Customer Email" type="email" {...required('customerEmail')} />
        <TextInput label="Customer Phone" type="tel" {...required('customerPhone')} />
      </SimpleGrid>
    </>
  );
}

export function EventSection({ fields, form }: { fields: Fields; form: Form }) {
  const { d, set, e, required } = fields;
  const { resourceIds } = form;
  const resourceOptions = form.resourceList?.map((r) => ({ value: r.id, label: r.name })) ?? null;
  // The booking form's event types (one list, in the contract); a quotation saved with another
  // keeps it as a choice.
  const eventTypes = useMemo(
    () =>
      d.eventType && !(EVENT_TYPES as readonly string[]).includes(d.eventType)
        ? [...EVENT_TYPES, d.eventType]
        : [...EVENT_TYPES],
    [d.eventType],
  );
  return (
    <>
      <Heading>Event Information</Heading>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Event Type"
          withAsterisk
          data={eventTypes}
          value={d.eventType || null}
          error={e('eventType')}
          placeholder="Choose an event type"
          onChange={(value) => set('eventType', value ?? '')}
        />
        {resourceOptions ? (
          <Select
            label="Resource"
            withAsterisk
            data={resourceOptions}
            value={resourceIds.has(d.resource) ? d.resource : null}
            error={e('resource')}
            placeholder={form.resourcesPending ? 'Loading resources...' : 'Choose a resource'}
            onChange={(value) => {
              set('resource', value ?? '');
              set('resourceName', resourceOptions.find((o) => o.value === value)?.label ?? '');
            }}
          />
        ) : (
          <TextInput
            label="Resource"
            description="The resource's name as the venue calls it"
            {...required('resourceName')}
            error={e('resource') ?? e('resourceName')}
            onChange={(ev) => {
              set('resourceName', ev.currentTarget.value);
              set('resource', ev.currentTarget.value);
            }}
          />
        )}
        <TextInput
          label="Guest Count"
          inputMode="numeric"
          value={d.guestCount}
          error={e('guestCount')}
          onChange={(ev) => set('guestCount', ev.currentTarget.value.replace(/\D/g, ''))}
        />
        {/* in the venue's date format, as every date field of the product (not the browser's) */}
        <DateField
          label="Event Date"
          withAsterisk
          value={d.eventDate}
          error={e('eventDate')}
          onChange={(value) => set('eventDate', value)}
        />
        <TextInput label="Start Time" type="time" {...required('startTime')} />
        <TextInput label="End Time" type="time" {...required('endTime')} />
      </SimpleGrid>
    </>
  );
}

export function PricingSection({ fields: { d, set, e }, form }: { fields: Fields; form: Form }) {
  const fmt = useFormat();
  const { quote, quotedTotal, slot } = form;
  return (
    <>
      <Heading>Pricing Information</Heading>
      <NumberInput
        label="Total Amount (AUD)"
        description={
          quotedTotal && d.totalAmount !== quotedTotal
            ? `Your own price; the rate card says ${fmt.money(quote!.calculatedPriceCents)}.`
            : undefined
        }
        withAsterisk
        min={0}
        step={0.01}
        decimalScale={2}
        value={d.totalAmount}
        error={e('totalAmount')}
        onChange={(v) => set('totalAmount', String(v))}
      />
      <RateCard
        quote={quote}
        unavailable={form.look?.quoteUnavailable ?? false}
        pricing={slot.ready && slot.query.isFetching}
        canUse={quotedTotal !== null && d.totalAmount !== quotedTotal}
        onUse={form.takeRateCardTotal}
      />
    </>
  );
}

export function DepositSection({
  fields: { d, set, e },
  form,
  fresh,
}: {
  fields: Fields;
  form: Form;
  fresh: boolean;
}) {
  const { settingsDeposit, depositTouched, touchDeposit } = form;
  return (
    <>
      <Heading>Deposit Information</Heading>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Deposit Type"
          data={['None', 'Fixed', 'Percentage']}
          value={d.depositType}
          allowDeselect={false}
          description={
            fresh && settingsDeposit && !depositTouched && settingsDeposit.depositType !== 'None'
              ? 'From Settings → Payments'
              : undefined
          }
          onChange={(v) => {
            touchDeposit();
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
          // a percentage over 100 stays as typed, with its message, rather than being changed
          clampBehavior="none"
          value={d.depositValue}
          error={e('depositValue')}
          onChange={(v) => {
            touchDeposit();
            set('depositValue', String(v));
          }}
        />
      </SimpleGrid>
    </>
  );
}

export function NotesSection({ fields: { d, set } }: { fields: Fields }) {
  return (
    <>
      <Heading>Notes</Heading>
      <Textarea
        aria-label="Notes"
        value={d.notes}
        autosize
        minRows={2}
        onChange={(ev) => set('notes', ev.currentTarget.value)}
      />
    </>
  );
}

/** The total, deposit and final payment, and a word when the slot is taken. */
export function FinalPaymentSection({
  totalCents,
  deposit,
  slotTaken,
}: {
  totalCents: number;
  deposit: number;
  slotTaken: boolean;
}) {
  const fmt = useFormat();
  return (
    <>
      <Heading>Final Payment Details</Heading>
      <Text size="sm">
        Total {fmt.money(totalCents)} · Deposit {fmt.money(deposit)} · Final payment{' '}
        {fmt.money(Math.max(0, totalCents - deposit))}
      </Text>
      {slotTaken ? (
        <Text size="sm" fw={600}>
          The slot is taken: the quotation can be saved, but it will not be sent until the date or time is
          changed.
        </Text>
      ) : null}
    </>
  );
}
