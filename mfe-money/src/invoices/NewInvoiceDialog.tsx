import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ApiError,
  DialogActions,
  fieldErrorsOf,
  idempotencyKeys,
  serverMessage,
  useFocusFirstError,
  useSession,
} from '@venue/ui';
import { DateField } from '@venue/ui/date-field';
import { gstOfInclusive } from '@venue/contracts';
import { DEPOSIT_DEADLINE_DAYS_DEFAULT, depositDueDate } from '@venue/contracts/money-api';
import type { InvoiceableBooking } from '@venue/contracts/money-api/screens';
import { useCreateInvoice, useInvoiceSettings, useInvoiceableBookings } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import { toastSuccess } from '../shared/notify.ts';
import { addDays, venueToday } from '../shared/venue-day.ts';
import { MoneyInput, centsOf, dollarsText } from '../shared/MoneyInput.tsx';

type Kind = 'DEPOSIT' | 'FINAL';

/** The booking's stored figures (decision 25); a booking stored without them has its price as total. */
export function bookingFigures(b: InvoiceableBooking) {
  const total = b.money?.totalCents ?? b.calculatedPriceCents;
  const deposit = b.money?.depositCents ?? 0;
  return {
    total,
    deposit,
    finalDue: b.money?.finalDueCents ?? total - deposit,
    rateBp: b.money?.taxRateBp ?? 1000,
  };
}

/** Spec 03 §4: a booking with a deposit and a balance starts as Final with the final due. */
function startingKind(b: InvoiceableBooking): Kind {
  const f = bookingFigures(b);
  return f.deposit > 0 && f.finalDue <= 0 ? 'DEPOSIT' : 'FINAL';
}

function amountFor(b: InvoiceableBooking, kind: Kind): number {
  const f = bookingFigures(b);
  return kind === 'DEPOSIT' ? f.deposit : f.finalDue;
}

/** Spec 03 §3: event type, then the invoice type, then " Payment". */
function defaultDescription(b: InvoiceableBooking, kind: Kind): string {
  return `${b.eventType || 'Booking'} ${kind === 'DEPOSIT' ? 'Deposit' : 'Final'} Payment`;
}

/** The 409 answer of a second invoice of one type: the existing invoice, to name it. */
function existingOf(error: unknown): { invoiceNumber: string | null; status: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as
    { existingInvoice?: { invoiceNumber: string | null; status: string } } | undefined;
  return body?.existingInvoice ?? null;
}

export function NewInvoiceDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const fmt = useFormat();
  const { settings } = useSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const bookings = useInvoiceableBookings(debounced, true);
  const invoiceSettings = useInvoiceSettings();
  const create = useCreateInvoice();
  const [keyFor] = useState(idempotencyKeys);
  const [booking, setBooking] = useState<InvoiceableBooking | null>(null);
  const [kind, setKind] = useState<Kind>('FINAL');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [issue, setIssue] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server's refusals by field (an amount over what the booking has left, a due date before
  // the issue date or past the deposit deadline), shown beside their fields, the first focused.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(attempt);
  const clear = (field: string) =>
    setFieldErrors((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  // A due date the person typed is theirs; until then it follows the payment terms.
  const [dueTyped, setDueTyped] = useState(false);

  // Default due date (issue 24 item 5, the service's rule): the venue's today plus the Payment
  // settings' due days (30 until they load); a deposit's no later than the deposit deadline
  // before the event, never before today.
  const dueDays = invoiceSettings.data?.defaultDueDays ?? 30;
  const deadlineDays = invoiceSettings.data?.depositDeadlineDays ?? DEPOSIT_DEADLINE_DAYS_DEFAULT;
  const eventDay = booking?.bookingDate ?? null;
  useEffect(() => {
    if (dueTyped) return;
    const today = venueToday(settings.timezone);
    setDueDate(
      kind === 'DEPOSIT' && eventDay
        ? depositDueDate(today, eventDay, dueDays, deadlineDays)
        : addDays(today, dueDays),
    );
  }, [dueDays, deadlineDays, settings.timezone, kind, eventDay, dueTyped]);

  function choose(b: InvoiceableBooking) {
    const k = startingKind(b);
    setBooking(b);
    setKind(k);
    setAmount(dollarsText(amountFor(b, k)));
    setDescription(defaultDescription(b, k));
    setFailure(null);
    setFieldErrors({});
  }

  function changeKind(k: Kind) {
    setKind(k);
    clear('amount');
    if (booking) {
      setAmount(dollarsText(amountFor(booking, k)));
      setDescription(defaultDescription(booking, k));
    }
  }

  const cents = centsOf(amount);
  const figures = booking ? bookingFigures(booking) : null;
  const gst = useMemo(
    () => (cents !== null && figures ? gstOfInclusive(cents, figures.rateBp) : 0),
    [cents, figures],
  );

  async function submit() {
    if (!booking || cents === null || cents === 0) return;
    setFailure(null);
    const body = {
      bookingId: booking.id,
      invoiceType: kind,
      amountCents: cents,
      description: description.trim() || undefined,
      dueDate: dueDate || undefined,
      issue,
    };
    try {
      const created = await create.mutateAsync({ body, key: keyFor(body) });
      toastSuccess(
        created.invoiceNumber
          ? `Invoice ${created.invoiceNumber} sent to ${created.customer.name}.`
          : `Draft invoice created for ${created.customer.name}.`,
        'Invoice created',
      );
      onCreated?.(created.id);
      onClose();
    } catch (error) {
      const message = (error instanceof ApiError && serverMessage(error.body)) || (error as Error).message;
      const onFields = fieldErrorsOf(error);
      const mapped: Record<string, string> = {};
      for (const [field, text] of Object.entries(onFields))
        mapped[field === 'amountCents' ? 'amount' : field === 'bookingId' ? 'booking' : field] = text;
      setFieldErrors(mapped);
      if (Object.keys(mapped).length > 0) setAttempt((n) => n + 1);
      const existing = existingOf(error);
      setFailure(
        `Failed to create invoice: ${message}${existing ? ` (${existing.invoiceNumber ?? 'draft'}, ${existing.status})` : ''}`,
      );
    }
  }

  return (
    <Modal opened onClose={onClose} title="Create New Invoice" size="lg">
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="Search bookings"
            description="By customer, event type, date, resource or status"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            rightSection={bookings.isFetching ? <Loader size="xs" /> : null}
            data-autofocus
          />
          {bookings.isError ? (
            <Alert color="red" role="alert">
              {bookings.error.message}
            </Alert>
          ) : bookings.isPending ? (
            <Text size="sm" c="dimmed">
              Loading bookings...
            </Text>
          ) : bookings.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No confirmed, pending or completed bookings match.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={200}>
              <Radio.Group
                label="Booking"
                error={fieldErrors.booking}
                value={booking?.id ?? ''}
                onChange={(id) => {
                  const b = bookings.data.items.find((x) => x.id === id);
                  if (b) choose(b);
                }}
              >
                <Stack gap={4} mt={4}>
                  {bookings.data.items.map((b) => (
                    <Radio
                      key={b.id}
                      value={b.id}
                      label={`${b.bookingCode} · ${b.customerName} · ${b.eventType} · ${fmt.date(b.bookingDate)} · ${b.resourceName} · ${b.status}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            </ScrollArea.Autosize>
          )}

          {booking && figures ? (
            <Paper withBorder p="sm" aria-label="Selected booking" component="section">
              <Group justify="space-between">
                <Text fw={600}>
                  {booking.bookingCode} — {booking.customerName}
                </Text>
                <Badge variant="light">{booking.status}</Badge>
              </Group>
              <Text size="sm">
                {booking.eventType} · {fmt.date(booking.bookingDate)} {fmt.time(booking.startTime)}–
                {fmt.time(booking.endTime)} · {booking.resourceName}
              </Text>
              <Text size="sm">
                Total {fmt.money(figures.total)} · Deposit {fmt.money(figures.deposit)} · Final due{' '}
                {fmt.money(figures.finalDue)}
              </Text>
            </Paper>
          ) : null}

          <div>
            <Text size="sm" fw={500} id="invoice-type-label">
              Invoice Type
            </Text>
            <SegmentedControl
              aria-labelledby="invoice-type-label"
              value={kind}
              onChange={(v) => changeKind(v as Kind)}
              data={[
                { value: 'DEPOSIT', label: 'Deposit' },
                { value: 'FINAL', label: 'Final Payment' },
              ]}
            />
          </div>
          <MoneyInput
            label="Amount (AUD)"
            value={amount}
            error={fieldErrors.amount}
            onChange={(v) => {
              setAmount(v);
              clear('amount');
            }}
          />
          <TextInput
            label="Description"
            value={description}
            maxLength={500}
            error={fieldErrors.description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              clear('description');
            }}
          />
          <DateField
            label="Due Date"
            value={dueDate}
            error={fieldErrors.dueDate}
            onChange={(v) => {
              setDueDate(v);
              setDueTyped(true);
              clear('dueDate');
            }}
          />
          {cents !== null && figures ? (
            <Paper withBorder p="sm" aria-label="Tax breakdown" component="section">
              <Text size="sm">Subtotal (excl. GST): {fmt.money(cents - gst)}</Text>
              <Text size="sm">
                GST ({figures.rateBp / 100}%): {fmt.money(gst)}
              </Text>
              <Text size="sm" fw={600}>
                Total (incl. GST): {fmt.money(cents)}
              </Text>
            </Paper>
          ) : null}
          <Checkbox
            label="Send to the customer now (assigns the invoice number)"
            checked={issue}
            onChange={(e) => setIssue(e.currentTarget.checked)}
          />
          <DialogActions error={failure} onCancel={onClose}>
            <Button type="submit" disabled={!booking || cents === null || cents === 0 || create.isPending}>
              {create.isPending ? 'Creating…' : 'Create Invoice'}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
