/**
 * Credit notes (adjustment notes) against an issued invoice, with the refund that may go with one.
 * A sent invoice is never edited: corrections are credit notes (operations.ts).
 */
import { gstOfInclusive } from '@venue/contracts';
import { conflict, type AuditContext, type Tx } from '@venue/service-kit';
import { dateText, db, NOW } from '../db/query.ts';
import { publishBookingMoney } from '../shared/booking-money.ts';
import { formatCents } from '../shared/format.ts';
import { nextNumber } from '../shared/numbers.ts';
import { today, type MoneySettings } from '../shared/settings.ts';
import { invoiceEventData, loadInvoice, type InvoiceRow } from './invoice-row.ts';
import {
  afterMovement,
  insertMovement,
  lockInvoiceAndBooking,
  type MoneyMovement,
  type PaymentRow,
} from './movements.ts';
import { audit, statusFromFigures } from './operations.ts';

export interface CreditNoteRow {
  tenant_id: string;
  id: string;
  invoice_id: string;
  credit_note_number: string;
  issue_date: string;
  reason: string;
  amount_cents: number | string;
  gst_cents: number | string;
  refunded_cents: number | string;
  created_by: string | null;
  created_at: Date | string;
}

/** A credit note of the tenant as CreditNoteRow has it: the day as yyyy-MM-dd text. */
export function selectCreditNotes(tx: Tx) {
  return db(tx)
    .selectFrom('credit_notes as c')
    .selectAll('c')
    .select((eb) => dateText(eb.ref('c.issue_date')).as('issue_date'))
    .$castTo<CreditNoteRow>();
}

/**
 * An adjustment note against an issued invoice: its own gap-free number, the GST it takes back
 * (same rate as the invoice), and optionally a refund of money paid. Afterwards what was paid
 * plus what was credited may not pass the total: crediting a paid invoice needs the refund.
 */
export async function createCreditNote(
  tx: Tx,
  ctx: AuditContext,
  tenantId: string,
  id: string | null,
  input: {
    amountCents: number;
    reason: string;
    refund?: Omit<MoneyMovement, 'amountCents'> | undefined;
    createdBy: string | null;
  },
  settings: MoneySettings,
): Promise<{ creditNote: CreditNoteRow; refund: PaymentRow | null; invoice: InvoiceRow }> {
  const before = await lockInvoiceAndBooking(tx, tenantId, id);
  const refundCents = creditRefundCents(before, input.amountCents, Boolean(input.refund));
  const credited = Number(before.credited_cents);
  const paid = Number(before.paid_cents);
  const day = today(settings);
  const number = await nextNumber(tx, tenantId, 'credit_note', Number(day.slice(0, 4)));
  const gst = gstOfInclusive(input.amountCents, before.tax_rate_bp);
  const { id: creditNoteId } = await db(tx)
    .insertInto('credit_notes')
    .values({
      tenant_id: tenantId,
      invoice_id: before.id,
      credit_note_number: number,
      issue_date: day,
      reason: input.reason,
      amount_cents: input.amountCents,
      gst_cents: gst,
      refunded_cents: refundCents,
      created_by: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let refund: PaymentRow | null = null;
  if (input.refund && refundCents > 0) {
    refund = await insertMovement(
      tx,
      tenantId,
      before.id,
      'refund',
      { ...input.refund, amountCents: refundCents },
      day,
      { creditNoteId },
    );
  }
  const after0 = { ...before, credited_cents: credited + input.amountCents, paid_cents: paid - refundCents };
  const hadRefunds = refundCents > 0 || (await anyRefund(tx, tenantId, before.id));
  const next = statusFromFigures(after0, day, hadRefunds);
  await db(tx)
    .updateTable('invoices')
    .set((eb) => ({
      credited_cents: eb('credited_cents', '+', input.amountCents),
      paid_cents: eb('paid_cents', '-', refundCents),
      status: next,
      updated_at: NOW,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', before.id)
    .execute();
  const after = await loadInvoice(tx, tenantId, before.id);
  const creditNote = await selectCreditNotes(tx)
    .where('c.tenant_id', '=', tenantId)
    .where('c.id', '=', creditNoteId)
    .executeTakeFirstOrThrow();
  await publishCreditNote(tx, tenantId, { before, after, creditNote, refund }, settings);
  await audit(tx, ctx, tenantId, {
    action: 'credit_note_issued',
    row: after,
    changes: {
      creditedCents: { old: credited, new: Number(after.credited_cents) },
      status: { old: before.status, new: after.status },
    },
    info: `${number}: ${formatCents(input.amountCents)}${refund ? `, refunded ${formatCents(refundCents)}` : ''} — ${input.reason}`,
  });
  return { creditNote, refund, invoice: after };
}

/**
 * The refund that goes with a credit note of `amountCents` on the locked invoice, once the note
 * fits: an issued invoice, no more than its total less earlier credits, and never leaving the
 * customer in credit (crediting a paid invoice needs the refund).
 */
function creditRefundCents(before: InvoiceRow, amountCents: number, withRefund: boolean): number {
  if (before.status === 'DRAFT' || before.status === 'VOID')
    throw conflict('Only an issued invoice takes a credit note; a draft can be voided or changed.', {
      status: before.status,
    });
  const total = Number(before.total_cents);
  const credited = Number(before.credited_cents);
  const paid = Number(before.paid_cents);
  if (amountCents > total - credited) {
    const message = `A credit note can be at most ${formatCents(total - credited)} (the invoice less earlier credits).`;
    throw conflict(message, { errors: [{ path: 'amount', message }] });
  }
  const refundCents = withRefund ? Math.min(amountCents, paid) : 0;
  if (paid - refundCents + credited + amountCents > total) {
    const needed = paid + credited + amountCents - total;
    const message = `This credit leaves the customer ${formatCents(needed)} in credit: add a refund of at least that much.`;
    throw conflict(message, { errors: [{ path: 'refund', message }] });
  }
  return refundCents;
}

/** The note's events: the note itself, then the refund's (or, without one, the booking's money and the status move). */
async function publishCreditNote(
  tx: Tx,
  tenantId: string,
  note: { before: InvoiceRow; after: InvoiceRow; creditNote: CreditNoteRow; refund: PaymentRow | null },
  settings: MoneySettings,
): Promise<void> {
  const { before, after, creditNote, refund } = note;
  // With the invoice after it: comms e-mails the note to its customer (issue 24 item 3).
  await tx.publish(
    'credit_note.issued',
    { ...creditNoteData(creditNote, after), invoice: invoiceEventData(after, settings.payment.businessName) },
    { tenantId },
  );
  if (refund) await afterMovement(tx, tenantId, before, after, refund, settings);
  else {
    await publishBookingMoney(tx, tenantId, after.booking_id);
    if (before.status !== after.status)
      await tx.publish(
        'invoice.status_changed',
        { ...invoiceEventData(after, settings.payment.businessName), from: before.status },
        { tenantId },
      );
  }
}

async function anyRefund(tx: Tx, tenantId: string, invoiceId: string): Promise<boolean> {
  const row = await db(tx)
    .selectFrom('payments')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .where('kind', '=', 'refund')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function creditNoteData(c: CreditNoteRow, invoice: Pick<InvoiceRow, 'invoice_number'>) {
  const amount = Number(c.amount_cents);
  const gst = Number(c.gst_cents);
  return {
    id: c.id,
    hallOwnerId: c.tenant_id,
    invoiceId: c.invoice_id,
    invoiceNumber: invoice.invoice_number,
    creditNoteNumber: c.credit_note_number,
    issueDate: c.issue_date,
    reason: c.reason,
    amountCents: amount,
    gstCents: gst,
    amount: amount / 100,
    gst: gst / 100,
    refundedCents: Number(c.refunded_cents),
    createdAt: new Date(c.created_at).toISOString(),
  };
}
