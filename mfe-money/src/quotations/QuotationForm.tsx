import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  List,
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
import { ApiError, fieldErrorsOf, idempotencyKeys, serverMessage, useFocusFirstError } from '@venue/ui';
import {
  QUOTATION_MESSAGES,
  quotationInputSchema,
  type Quotation,
  type QuotationInput,
} from '@venue/contracts/money-api';
import { EVENT_TYPES } from '@venue/contracts/bookings';
import { DateField } from '@venue/ui/date-field';
import { depositCents, parseDollars, type DepositType } from '@venue/contracts/money';
import { useInvoiceSettings } from '../api/hooks.ts';
import { useQuotationResources, useSaveQuotation } from '../api/quotation-hooks.ts';
import { useFormat } from '../lib/format.ts';
import { depositFromSettings, type QuotationDraft } from './quotation-draft.ts';
import { useQuotationSlot, type SlotLook } from './useQuotationSlot.ts';

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

/** The rate card's price as the total field types it (dollars, two decimals). */
const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

/** The draft's fields typed as plain text. */
type TextField = Exclude<keyof QuotationDraft, 'depositType' | 'depositPaid'>;

interface Props {
  /** The quotation being edited; null for a new one or a duplicate. */
  editing: Quotation | null;
  initial: QuotationDraft;
  /**
   * A new quotation (not an edit or a duplicate): its deposit starts from Settings → Payments
   * (issue 24 item 4) once they are read, unless the deposit was changed first.
   */
  fresh?: boolean;
  onClose: () => void;
  onSaved: (q: Quotation) => void;
}

/** The quotation form dialog (spec 03 §2.3): six sections, Cancel and Save Draft (or Update). */
export function QuotationForm({ editing, initial, fresh = false, onClose, onSaved }: Props) {
  const fmt = useFormat();
  const save = useSaveQuotation();
  const resources = useQuotationResources();
  const invoiceSettings = useInvoiceSettings(fresh);
  const [keyFor] = useState(idempotencyKeys);
  const [d, setD] = useState<QuotationDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(attempt);
  // Whether the deposit was chosen here, and the total the rate card last filled in: the
  // settings and the rate card fill only what the person has not typed themselves.
  const [depositTouched, setDepositTouched] = useState(false);
  const [filledTotal, setFilledTotal] = useState<string | null>(null);

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

  // Settings → Payments' deposit, once read (issue 24 item 4).
  const settingsDeposit = invoiceSettings.data ? depositFromSettings(invoiceSettings.data) : null;
  const settingsType = settingsDeposit?.depositType;
  const settingsValue = settingsDeposit?.depositValue;
  useEffect(() => {
    if (!fresh || depositTouched || settingsType === undefined || settingsValue === undefined) return;
    setD((prev) =>
      prev.depositType === settingsType && prev.depositValue === settingsValue
        ? prev
        : { ...prev, depositType: settingsType, depositValue: settingsValue },
    );
  }, [fresh, depositTouched, settingsType, settingsValue]);

  // The venue's resources by id; a quotation saved with a name (typed, or from before ids) is
  // matched to its resource by that name.
  const resourceList = useMemo(() => resources.data ?? null, [resources.data]);
  const resourceIds = useMemo(() => new Set((resourceList ?? []).map((r) => r.id)), [resourceList]);
  useEffect(() => {
    if (!resourceList || !d.resource || resourceIds.has(d.resource)) return;
    const byName = resourceList.find((r) => r.name === d.resource || r.name === d.resourceName);
    if (byName) setD((prev) => ({ ...prev, resource: byName.id, resourceName: byName.name }));
  }, [resourceList, resourceIds, d.resource, d.resourceName]);

  const slot = useQuotationSlot(
    { resourceId: d.resource, date: d.eventDate, startTime: d.startTime, endTime: d.endTime },
    resourceIds,
  );
  const look: SlotLook | undefined = slot.current ? slot.query.data : undefined;
  const quote = look?.quote ?? null;
  const quotedTotal = quote && quote.calculatedPriceCents > 0 ? dollarsOf(quote.calculatedPriceCents) : null;
  // The rate card prices the total until the person types their own (issue 24 item 2): run when
  // a new price arrives, not on each keystroke in the total (which would undo the typing).
  useEffect(() => {
    if (!quotedTotal) return;
    if (d.totalAmount.trim() === '' || d.totalAmount === filledTotal) {
      setFilledTotal(quotedTotal);
      if (d.totalAmount !== quotedTotal) set('totalAmount', quotedTotal);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quotedTotal]);

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

  const clashes = look?.clashes ?? null;
  const clashCount = clashes ? clashes.conflicts.length + clashes.blockouts.length : 0;

  async function submit() {
    const found = formErrors(d);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setFailure(null);
    const body = bodyOf(d);
    try {
      const saved = await save.mutateAsync({ id: editing?.id ?? null, body, key: keyFor(body) });
      onSaved(saved);
    } catch (error) {
      // The server's field refusals (a resource the venue does not have, a deposit over the
      // total) land on their fields like the screen's own; anything else is said above.
      const onFields = fieldErrorsOf(error);
      if (Object.keys(onFields).length > 0) {
        setErrors(onFields);
        setAttempt((n) => n + 1);
      }
      setFailure((error instanceof ApiError && serverMessage(error.body)) || QUOTATION_MESSAGES.saveFailed);
    }
  }

  const resourceOptions = resourceList?.map((r) => ({ value: r.id, label: r.name })) ?? null;
  // The booking form's event types (one list, in the contract); a quotation saved with another
  // keeps it as a choice.
  const eventTypes = useMemo(
    () =>
      d.eventType && !(EVENT_TYPES as readonly string[]).includes(d.eventType)
        ? [...EVENT_TYPES, d.eventType]
        : [...EVENT_TYPES],
    [d.eventType],
  );
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
      <form
        ref={formRef}
        noValidate
        aria-label={editing ? 'Edit quotation' : 'New quotation'}
        onSubmit={(ev) => {
          ev.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <Title order={3} fz="md">
            Customer Information
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Customer Name" {...required('customerName')} />
            <TextInput label="Customer Email" type="email" {...required('customerEmail')} />
            <TextInput label="Customer Phone" type="tel" {...required('customerPhone')} />
          </SimpleGrid>
          <Title order={3} fz="md">
            Event Information
          </Title>
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
                placeholder={resources.isPending ? 'Loading resources...' : 'Choose a resource'}
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
          <SlotClashes look={look} checking={slot.ready && slot.query.isFetching} error={slot.query.error} />
          <Title order={3} fz="md">
            Pricing Information
          </Title>
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
            unavailable={look?.quoteUnavailable ?? false}
            pricing={slot.ready && slot.query.isFetching}
            canUse={quotedTotal !== null && d.totalAmount !== quotedTotal}
            onUse={() => {
              if (!quotedTotal) return;
              setFilledTotal(quotedTotal);
              set('totalAmount', quotedTotal);
            }}
          />
          <Title order={3} fz="md">
            Deposit Information
          </Title>
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
                setDepositTouched(true);
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
                setDepositTouched(true);
                set('depositValue', String(v));
              }}
            />
          </SimpleGrid>
          <Title order={3} fz="md">
            Notes
          </Title>
          <Textarea
            aria-label="Notes"
            value={d.notes}
            autosize
            minRows={2}
            onChange={(ev) => set('notes', ev.currentTarget.value)}
          />
          <Title order={3} fz="md">
            Final Payment Details
          </Title>
          <Text size="sm">
            Total {fmt.money(totalCents)} · Deposit {fmt.money(deposit)} · Final payment{' '}
            {fmt.money(Math.max(0, totalCents - deposit))}
          </Text>
          {clashCount > 0 ? (
            <Text size="sm" fw={600}>
              The slot is taken: the quotation can be saved, but it will not be sent until the date or time is
              changed.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Update' : 'Save Draft'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The rate card's price for the slot and how it is made up (the catalogue's breakdown). */
function RateCard({
  quote,
  unavailable,
  pricing,
  canUse,
  onUse,
}: {
  quote: SlotLook['quote'];
  unavailable: boolean;
  pricing: boolean;
  canUse: boolean;
  onUse: () => void;
}) {
  const fmt = useFormat();
  return (
    <div aria-live="polite" data-testid="rate-card-price">
      {pricing ? (
        <Text size="sm" c="dimmed">
          Pricing from the rate card...
        </Text>
      ) : unavailable ? (
        <Text size="sm">The rate card could not be read just now; type the total yourself.</Text>
      ) : quote ? (
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              Rate card price: <strong>{fmt.money(quote.calculatedPriceCents)}</strong>
              {quote.durationHours !== undefined ? ` (${quote.durationHours} h)` : ''}
            </Text>
            {canUse ? (
              <Button size="compact-xs" variant="light" onClick={onUse}>
                Use rate card price
              </Button>
            ) : null}
          </Group>
          {quote.breakdown?.length ? (
            <List size="xs" aria-label="Price breakdown">
              {quote.breakdown.map((line) => (
                <List.Item key={line.label}>
                  {line.label}: {fmt.money(line.amountCents)}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          Choose the resource, date and times to price the quotation from the rate card.
        </Text>
      )}
    </div>
  );
}

/** What already holds the chosen time (bookings, holds, block-outs), as bookings reports it. */
function SlotClashes({
  look,
  checking,
  error,
}: {
  look: SlotLook | undefined;
  checking: boolean;
  error: Error | null;
}) {
  const fmt = useFormat();
  if (error)
    return (
      <Text size="sm" c="red.9">
        Could not check the slot: {error.message}. It is checked again when the quotation is sent.
      </Text>
    );
  if (checking && !look) return null;
  const clashes = look?.clashes;
  if (!clashes || clashes.conflicts.length + clashes.blockouts.length === 0) {
    return clashes ? (
      <Text size="sm" fw={500} data-testid="slot-free">
        The slot is free.
      </Text>
    ) : null;
  }
  return (
    <Alert color="orange" title="The slot is taken" data-testid="slot-clashes">
      <List size="sm">
        {clashes.conflicts.map((c) => (
          <List.Item key={c.id}>
            {c.bookingCode} · {c.customer} — {fmt.time(c.startTime)} to {fmt.time(c.endTime)} ({c.eventType},{' '}
            {c.status})
          </List.Item>
        ))}
        {clashes.blockouts.map((b) => (
          <List.Item key={b.id}>
            Blocked out: {b.reason} ({fmt.dateTime(b.startsAt)} to {fmt.dateTime(b.endsAt)})
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
