/**
 * The Create New Invoice form's state (spec 03 §3, §4): the chosen booking, the invoice type with
 * the amount and description it starts with, the due date following the payment terms until
 * typed, and the create with the server's refusals beside their fields.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  ApiError,
  fieldErrorsOf,
  idempotencyKeys,
  serverMessage,
  useFocusFirstError,
  useSession,
} from '@venue/ui';
import { gstOfInclusive } from '@venue/contracts';
import {
  DEPOSIT_DEADLINE_DAYS_DEFAULT,
  depositDueDate,
  type InvoiceCreate,
} from '@venue/contracts/money-api';
import type { InvoiceableBooking } from '@venue/contracts/money-api/screens';
import { useCreateInvoice, useInvoiceSettings } from '../api/hooks.ts';
import { toastSuccess } from '../shared/notify.ts';
import { addDays, venueToday } from '../shared/venue-day.ts';
import { centsOf, dollarsText } from '../shared/MoneyInput.tsx';

export type Kind = 'DEPOSIT' | 'FINAL';

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

/** A refused create: its message (naming an existing invoice of that type) and its fields' words. */
function refusalOf(error: unknown): { failure: string; fields: Record<string, string> } {
  const message = (error instanceof ApiError && serverMessage(error.body)) || (error as Error).message;
  const fields: Record<string, string> = {};
  for (const [field, text] of Object.entries(fieldErrorsOf(error)))
    fields[field === 'amountCents' ? 'amount' : field === 'bookingId' ? 'booking' : field] = text;
  const existing = existingOf(error);
  return {
    failure: `Failed to create invoice: ${message}${existing ? ` (${existing.invoiceNumber ?? 'draft'}, ${existing.status})` : ''}`,
    fields,
  };
}

/**
 * The server's refusals by field (an amount over what the booking has left, a due date before
 * the issue date or past the deposit deadline), shown beside their fields, the first focused.
 */
function useFieldErrors() {
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
  const show = (fields: Record<string, string>) => {
    setFieldErrors(fields);
    if (Object.keys(fields).length > 0) setAttempt((n) => n + 1);
  };
  return { fieldErrors, formRef, clear, show };
}

/**
 * Default due date (issue 24 item 5, the service's rule): the venue's today plus the Payment
 * settings' due days (30 until they load); a deposit's no later than the deposit deadline
 * before the event, never before today. A due date the person typed is theirs.
 */
function useDefaultDueDate(
  kind: Kind,
  eventDay: string | null,
  typed: boolean,
  setDueDate: (day: string) => void,
) {
  const { settings } = useSession();
  const invoiceSettings = useInvoiceSettings();
  const dueDays = invoiceSettings.data?.defaultDueDays ?? 30;
  const deadlineDays = invoiceSettings.data?.depositDeadlineDays ?? DEPOSIT_DEADLINE_DAYS_DEFAULT;
  useEffect(() => {
    if (typed) return;
    const today = venueToday(settings.timezone);
    setDueDate(
      kind === 'DEPOSIT' && eventDay
        ? depositDueDate(today, eventDay, dueDays, deadlineDays)
        : addDays(today, dueDays),
    );
  }, [dueDays, deadlineDays, settings.timezone, kind, eventDay, typed, setDueDate]);
}

/** Create (and issue, when asked) with one key per content; a refusal goes beside its fields. */
function useSendNewInvoice(
  onClose: () => void,
  onCreated: ((id: string) => void) | undefined,
  showFieldErrors: (fields: Record<string, string>) => void,
  setFailure: (failure: string) => void,
) {
  const create = useCreateInvoice();
  const [keyFor] = useState(idempotencyKeys);
  async function send(body: InvoiceCreate) {
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
      const refused = refusalOf(error);
      showFieldErrors(refused.fields);
      setFailure(refused.failure);
    }
  }
  return { send, creating: create.isPending };
}

export function useNewInvoiceForm(onClose: () => void, onCreated?: (id: string) => void) {
  const [booking, setBooking] = useState<InvoiceableBooking | null>(null);
  const [kind, setKind] = useState<Kind>('FINAL');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [dueTyped, setDueTyped] = useState(false);
  const [issue, setIssue] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = useFieldErrors();
  const { send, creating } = useSendNewInvoice(onClose, onCreated, errors.show, setFailure);
  useDefaultDueDate(kind, booking?.bookingDate ?? null, dueTyped, setDueDate);

  const fill = (b: InvoiceableBooking, k: Kind) => {
    setAmount(dollarsText(amountFor(b, k)));
    setDescription(defaultDescription(b, k));
  };
  function choose(b: InvoiceableBooking) {
    const k = startingKind(b);
    setBooking(b);
    setKind(k);
    fill(b, k);
    setFailure(null);
    errors.show({});
  }
  function changeKind(k: Kind) {
    setKind(k);
    errors.clear('amount');
    if (booking) fill(booking, k);
  }

  const cents = centsOf(amount);
  const figures = booking ? bookingFigures(booking) : null;
  const gst = useMemo(
    () => (cents !== null && figures ? gstOfInclusive(cents, figures.rateBp) : 0),
    [cents, figures],
  );

  function submit() {
    if (!booking || cents === null || cents === 0) return;
    setFailure(null);
    return send({
      bookingId: booking.id,
      invoiceType: kind,
      amountCents: cents,
      description: description.trim() || undefined,
      dueDate: dueDate || undefined,
      issue,
    });
  }

  return {
    booking,
    kind,
    amount,
    description,
    dueDate,
    issue,
    failure,
    cents,
    figures,
    gst,
    errors,
    setAmount,
    setDescription,
    setDueDate,
    setDueTyped,
    setIssue,
    choose,
    changeKind,
    submit,
    creating,
  };
}
