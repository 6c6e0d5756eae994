/**
 * The invoice's life (issue 13): created as a draft from a booking, issued (numbered, sent),
 * paid in part or whole, credited, voided. Every move is a conditional change on a locked row
 * inside the request's (or event's) transaction, so two requests racing see each other's result
 * and the loser gets a 409, never a half-applied change. A sent invoice is never edited:
 * corrections are credit notes.
 *
 * Lock order, everywhere: the booking copy row, then the invoice row (no deadlocks between a
 * payment and a deposit change of one booking).
 *
 * Here: issuing and voiding (creating is create-invoice.ts); money moving on an invoice is
 * movements.ts, credit notes credit-notes.ts.
 */
import {
  DEPOSIT_DEADLINE_DAYS_DEFAULT,
  depositDueDate,
  depositDueLimit,
  MONEY_MESSAGES,
  termsDueDate,
  type InvoiceStatus,
} from '@venue/contracts/money-api';
import { conflict, type AuditContext, type Tx } from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import type { InvoiceType } from '../db/schema.ts';
import { publishBookingMoney } from '../shared/booking-money.ts';
import { formatCents } from '../shared/format.ts';
import { nextInvoiceNumber } from '../shared/numbers.ts';
import { today, type MoneySettings } from '../shared/settings.ts';
import { invoiceEventData, invoiceLabel, loadInvoice, type InvoiceRow, type Seller } from './invoice-row.ts';

/** Payment settings' deposit deadline (days before the event), 14 until the venue sets it. */
export const depositDeadlineDays = (settings: MoneySettings): number =>
  settings.payment.depositDeadlineDays ?? DEPOSIT_DEADLINE_DAYS_DEFAULT;

/**
 * The due day of an invoice issued on `issueDay` (issue 24 item 5): the payment terms; a deposit's
 * no later than the deposit deadline before the event, never before the issue day.
 */
export function defaultDueDate(
  type: InvoiceType,
  issueDay: string,
  eventDay: string | null,
  settings: MoneySettings,
): string {
  const dueDays = settings.payment.defaultDueDays;
  if (type === 'DEPOSIT' && eventDay)
    return depositDueDate(issueDay, eventDay, dueDays, depositDeadlineDays(settings));
  return termsDueDate(issueDay, dueDays);
}

/**
 * The due day a draft takes when it is issued on `issueDay`: its own, unless that is now before
 * the issue day (the terms then run from the issue day) or, for a deposit, past the deadline
 * before the event (the venue's deadline may have changed since the draft was made).
 */
export function dueOnIssue(
  row: Pick<InvoiceRow, 'type' | 'due_date' | 'event_date'>,
  issueDay: string,
  settings: MoneySettings,
): string {
  if (row.due_date < issueDay) return defaultDueDate(row.type, issueDay, row.event_date, settings);
  if (row.type === 'DEPOSIT' && row.event_date) {
    const limit = depositDueLimit(issueDay, row.event_date, depositDeadlineDays(settings));
    if (row.due_date > limit) return limit;
  }
  return row.due_date;
}

/** The seller as a tax invoice prints it, or 409 when the name or ABN is missing. */
export function sellerOf(settings: MoneySettings): Seller {
  const p = settings.payment;
  if (!p.businessName.trim() || !p.businessABN.trim()) throw conflict(MONEY_MESSAGES.sellerDetailsMissing);
  return currentSeller(settings);
}

/** The seller a draft's (or a quotation's) PDF shows: the venue's current Payment settings, unchecked. */
export function currentSeller(settings: MoneySettings): Seller {
  const p = settings.payment;
  return {
    businessName: p.businessName,
    businessABN: p.businessABN,
    businessAddress: p.businessAddress,
    businessPhone: p.businessPhone,
    businessEmail: p.businessEmail,
    bankName: p.bankName,
    accountName: p.accountName,
    bsb: p.bsb,
    accountNumber: p.accountNumber,
    referenceNote: p.referenceNote,
  };
}

const SYSTEM_ACTOR = { id: null, email: 'system', role: 'system' };

/** Audit through the request, or as the system (event consumers, sweeps). */
export async function audit(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  entry: {
    action: string;
    row: InvoiceRow;
    changes?: Record<string, { old: unknown; new: unknown }>;
    info?: string;
  },
) {
  await tx.audit(ctx, {
    action: entry.action,
    targetType: 'invoice',
    target: entry.row.invoice_number ?? entry.row.id,
    targetLabel: invoiceLabel(entry.row),
    changes: entry.changes ?? null,
    additionalInfo: entry.info ?? null,
    ...(ctx ? {} : { actor: SYSTEM_ACTOR, tenantId }),
  });
}

export async function auditInvoiceCreated(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  row: InvoiceRow,
) {
  await audit(tx, ctx, tenantId, {
    action: 'invoice_created',
    row,
    info: `${row.type} ${formatCents(Number(row.total_cents))}`,
  });
}

/**
 * Issues a draft: the next gap-free number of the venue's year, today's date, the seller fixed
 * as printed; status SENT; `invoice.issued` for Communications. 409 unless it is a draft.
 */
export async function issueInvoice(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  /**
   * The invoice's id, or the draft row this transaction has just created: no one else can see
   * that row before the commit, so it needs neither the lock nor reading again.
   */
  invoice: string | InvoiceRow,
  settings: MoneySettings,
  /** The person who pressed Send (their e-mail is then always sent); null for an automatic issue. */
  requestedBy: string | null = null,
): Promise<InvoiceRow> {
  const before = typeof invoice === 'string' ? await loadInvoice(tx, tenantId, invoice, true) : invoice;
  const id = before.id;
  if (before.status !== 'DRAFT')
    throw conflict(
      before.status === 'VOID'
        ? 'This invoice is void and cannot be sent.'
        : 'This invoice has already been sent. Use Send to customer to e-mail a copy, or Send Reminders.',
      { status: before.status },
    );
  const seller = sellerOf(settings);
  const day = today(settings);
  const number = await nextInvoiceNumber(tx, tenantId, settings, day);
  // The terms run from the issue day: a draft issued later than made keeps no due day before it.
  const due = dueOnIssue(before, day, settings);
  const stamped = await db(tx)
    .updateTable('invoices')
    .set({
      status: 'SENT',
      invoice_number: number,
      issue_date: day,
      due_date: due,
      sent_at: NOW,
      seller: JSON.stringify(seller),
      updated_at: NOW,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'DRAFT')
    .returning(['sent_at', 'updated_at'])
    .executeTakeFirstOrThrow();
  // The locked draft with what the update changed: the figures (paid, credited, the deposits'
  // payments) are untouched by issuing, so the row is not read again.
  const row: InvoiceRow = {
    ...before,
    status: 'SENT',
    invoice_number: number,
    issue_date: day,
    due_date: due,
    seller,
    sent_at: stamped.sent_at,
    updated_at: stamped.updated_at,
  };
  await tx.publish(
    'invoice.issued',
    { ...invoiceEventData(row, seller.businessName), from: 'DRAFT', requestedBy },
    { tenantId },
  );
  await audit(tx, ctx, tenantId, {
    action: 'invoice_sent',
    row,
    changes: {
      status: { old: 'DRAFT', new: 'SENT' },
      ...(due !== before.due_date ? { dueDate: { old: before.due_date, new: due } } : {}),
    },
  });
  await publishBookingMoney(tx, tenantId, row.booking_id);
  return row;
}

/** VOID: a draft, or a sent invoice with nothing paid or credited. */
export async function voidInvoice(
  tx: Tx,
  ctx: AuditContext,
  tenantId: string,
  id: string,
  reason: string | undefined,
  settings: MoneySettings,
): Promise<InvoiceRow> {
  const before = await loadInvoice(tx, tenantId, id, true);
  const voidable =
    before.status === 'DRAFT' ||
    ((before.status === 'SENT' || before.status === 'OVERDUE') &&
      Number(before.paid_cents) === 0 &&
      Number(before.credited_cents) === 0);
  if (!voidable)
    throw conflict(
      'Only a draft, or a sent invoice with nothing paid, can be voided. Use a credit note (Create Refund) instead.',
      { status: before.status },
    );
  await db(tx)
    .updateTable('invoices')
    .set({ status: 'VOID', voided_at: NOW, updated_at: NOW })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', before.status)
    .execute();
  const row = await loadInvoice(tx, tenantId, id);
  if (before.status !== 'DRAFT')
    await tx.publish(
      'invoice.status_changed',
      { ...invoiceEventData(row, settings.payment.businessName), from: before.status },
      { tenantId },
    );
  await audit(tx, ctx, tenantId, {
    action: 'invoice_voided',
    row,
    changes: { status: { old: before.status, new: 'VOID' } },
    ...(reason ? { info: reason } : {}),
  });
  await publishBookingMoney(tx, tenantId, row.booking_id);
  return row;
}

/** The status an open invoice takes from its figures (paid in full, some paid, none). */
export function statusFromFigures(
  r: Pick<InvoiceRow, 'total_cents' | 'credited_cents' | 'paid_cents' | 'due_date'>,
  day: string,
  refunded: boolean,
): InvoiceStatus {
  const total = Number(r.total_cents);
  const credited = Number(r.credited_cents);
  const paid = Number(r.paid_cents);
  if (credited >= total) return refunded ? 'REFUNDED' : 'VOID';
  if (paid + credited >= total) return 'PAID';
  if (r.due_date < day) return 'OVERDUE';
  return paid > 0 ? 'PARTIAL' : 'SENT';
}
