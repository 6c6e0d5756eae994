/**
 * The Create New Invoice form (spec 03 §3, §4): the chosen booking, the invoice type with the
 * amount and description it starts with, the due date following the payment terms until typed,
 * all checked by invoiceCreateSchema (what the service parses) through react-hook-form, and the
 * create with the server's refusals beside their fields.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, idempotencyKeys, serverMessage, useSession } from '@venue/ui';
import { gstOfInclusive } from '@venue/contracts';
import {
  DEPOSIT_DEADLINE_DAYS_DEFAULT,
  MONEY_MESSAGES,
  depositDueDate,
  invoiceCreateSchema,
} from '@venue/contracts/money-api';
import type { InvoiceableBooking } from '@venue/contracts/money-api/screens';
import { useCreateInvoice, useInvoiceSettings } from '../api/hooks.ts';
import { toastSuccess } from '../shared/notify.ts';
import { addDays, venueToday } from '../shared/venue-day.ts';
import { centsOf, dollarsText } from '../shared/MoneyField.tsx';
import { useContractForm } from '@venue/ui/contract-form';

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

/** A refused create's headline, naming an existing invoice of that type. */
function refusalText(error: unknown): string {
  const message = (error instanceof ApiError && serverMessage(error.body)) || (error as Error).message;
  const existing = existingOf(error);
  return `Failed to create invoice: ${message}${existing ? ` (${existing.invoiceNumber ?? 'draft'}, ${existing.status})` : ''}`;
}

/** The form as typed: the booking's id ('' until one is chosen), the amount as text. */
export interface NewInvoiceValues {
  booking: string;
  invoiceType: Kind;
  amount: string;
  description: string;
  dueDate: string;
  issue: boolean;
}
type InvoiceBody = z.output<typeof invoiceCreateSchema>;

/** The call's body: the amount in cents (parseDollars, as the server rounds), blanks left out. */
export const invoiceBodyOf = (v: NewInvoiceValues) => ({
  bookingId: v.booking,
  invoiceType: v.invoiceType,
  amountCents: centsOf(v.amount) ?? undefined,
  description: v.description.trim() || undefined,
  dueDate: v.dueDate || undefined,
  issue: v.issue,
});

/** The server names the amount `amount` or `amountCents`, the booking `bookingId`. */
const NEW_INVOICE_FIELDS = { amountCents: 'amount', bookingId: 'booking' } as const;

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

/**
 * The form, checked by invoiceCreateSchema. An amount left empty is the screen's own refusal: the
 * service would not refuse it but default it (the deposit, or what the booking has left).
 */
function useInvoiceForm() {
  return useContractForm<NewInvoiceValues, InvoiceBody>({
    schema: invoiceCreateSchema,
    toBody: invoiceBodyOf,
    fieldOf: NEW_INVOICE_FIELDS,
    screenRules: (v) => (centsOf(v.amount) === null ? { amount: MONEY_MESSAGES.amountRequired } : {}),
    defaultValues: {
      booking: '',
      invoiceType: 'FINAL',
      amount: '',
      description: '',
      dueDate: '',
      issue: false,
    },
  });
}

export function useNewInvoiceForm(onClose: () => void, onCreated?: (id: string) => void) {
  const create = useCreateInvoice();
  const [keyFor] = useState(idempotencyKeys);
  const [booking, setBooking] = useState<InvoiceableBooking | null>(null);
  const [dueTyped, setDueTyped] = useState(false);
  const dialog = useInvoiceForm();
  const { form } = dialog;
  const [kind, amount] = useWatch({ control: form.control, name: ['invoiceType', 'amount'] });
  const { setValue } = form;
  const setDueDate = useCallback((day: string) => setValue('dueDate', day), [setValue]);
  useDefaultDueDate(kind, booking?.bookingDate ?? null, dueTyped, setDueDate);

  const fill = (b: InvoiceableBooking, k: Kind) => {
    form.setValue('amount', dollarsText(amountFor(b, k)));
    form.setValue('description', defaultDescription(b, k));
  };
  function choose(b: InvoiceableBooking) {
    const k = startingKind(b);
    setBooking(b);
    form.setValue('booking', b.id);
    form.setValue('invoiceType', k);
    fill(b, k);
    dialog.setFailure(null);
    form.clearErrors();
  }
  function changeKind(k: Kind) {
    form.setValue('invoiceType', k);
    form.clearErrors('amount');
    if (booking) fill(booking, k);
  }

  const cents = centsOf(amount);
  const figures = booking ? bookingFigures(booking) : null;
  const gst = useMemo(
    () => (cents !== null && figures ? gstOfInclusive(cents, figures.rateBp) : 0),
    [cents, figures],
  );

  const submit = dialog.onSubmit(async (body) => {
    const created = await create.mutateAsync({ body, key: keyFor(body) });
    toastSuccess(
      created.invoiceNumber
        ? `Invoice ${created.invoiceNumber} sent to ${created.customer.name}.`
        : `Draft invoice created for ${created.customer.name}.`,
      'Invoice created',
    );
    onCreated?.(created.id);
    onClose();
  }, refusalText);

  return {
    ...dialog,
    booking,
    kind,
    cents,
    figures,
    gst,
    setDueTyped,
    choose,
    changeKind,
    submit,
    creating: create.isPending,
  };
}
