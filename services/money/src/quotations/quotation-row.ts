/** A quotations row ↔ the API's Quotation (spec 03 §3), and the PDF (spec 03 §7). */
import { depositCents, gstSplit, type DepositType } from '@venue/contracts/money';
import type { Quotation, QuotationStatus } from '@venue/contracts/money-api';
import { notFound, type Tx } from '@venue/service-kit';
import { dateText, db } from '../db/query.ts';

export interface QuotationRow {
  tenant_id: string;
  id: string;
  number: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  event_type: string;
  resource: string;
  resource_name: string;
  event_date: string;
  start_time: string;
  end_time: string;
  guest_count: number | null;
  total_cents: number | string;
  tax_type: 'Inclusive' | 'Exclusive';
  tax_rate_bp: number;
  deposit_type: DepositType;
  deposit_value: number | string;
  deposit_cents: number | string;
  deposit_paid: boolean;
  valid_until: string;
  notes: string;
  status: 'Draft' | 'Sent' | 'Accepting' | 'Accepted' | 'Declined';
  booking_id: string | null;
  /** Stored at acceptance, else the code in money's copy of the booking. */
  booking_code: string | null;
  accepted_snapshot: Quotation | null;
  accepted_at: Date | string | null;
  sent_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** The customer's reason when they declined it in the portal (issue 25). */
  decline_reason: string | null;
  /** `customer:<address>` when answered in the portal, else the staff member who answered. */
  answered_by: string | null;
}

/** The tenant's quotations as QuotationRow has them: days as yyyy-MM-dd text. */
export function selectQuotations(tx: Tx) {
  return db(tx)
    .selectFrom('quotations')
    .select((eb) => [
      'tenant_id',
      'id',
      'number',
      'customer_name',
      'customer_email',
      'customer_phone',
      'event_type',
      'resource',
      'resource_name',
      dateText(eb.ref('event_date')).as('event_date'),
      'start_time',
      'end_time',
      'guest_count',
      'total_cents',
      'tax_type',
      'tax_rate_bp',
      'deposit_type',
      'deposit_value',
      'deposit_cents',
      'deposit_paid',
      dateText(eb.ref('valid_until')).as('valid_until'),
      'notes',
      'status',
      'booking_id',
      // The code stored at acceptance, else the one in the booking copy (accepted before it was stored).
      eb.fn
        .coalesce(
          'booking_code',
          eb
            .selectFrom('booking_copy as b')
            .select('b.booking_code')
            .whereRef('b.tenant_id', '=', 'quotations.tenant_id')
            .whereRef('b.booking_id', '=', 'quotations.booking_id'),
        )
        .as('booking_code'),
      'accepted_snapshot',
      'accepted_at',
      'sent_at',
      'created_at',
      'updated_at',
      'decline_reason',
      'answered_by',
    ])
    .$castTo<QuotationRow>();
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** How `answered_by` marks an answer given by the customer in the portal. */
export const CUSTOMER_ANSWER_PREFIX = 'customer:';

/** Who answered the quotation, as the API says it (issue 25). */
export function answeredBy(r: Pick<QuotationRow, 'answered_by'>): Quotation['answeredBy'] {
  if (r.answered_by === null) return null;
  return r.answered_by.startsWith(CUSTOMER_ANSWER_PREFIX)
    ? { kind: 'customer', email: r.answered_by.slice(CUSTOMER_ANSWER_PREFIX.length) }
    : { kind: 'staff', email: r.answered_by || null };
}

/**
 * The status a person sees on `today` (the venue's day): a Sent quotation is Expired once its
 * valid day has ended in the venue's zone; an accept in flight still reads Sent.
 */
export function effectiveStatus(
  r: Pick<QuotationRow, 'status' | 'valid_until'>,
  today: string,
): QuotationStatus {
  if (r.status === 'Accepting') return 'Sent';
  if (r.status === 'Sent' && r.valid_until < today) return 'Expired';
  return r.status;
}

/** The deposit in cents for a total, as the form chose it (spec 03 §9). */
export function quotationDeposit(type: DepositType, value: number, totalCents: number): number {
  if (type === 'Fixed') return depositCents({ type, cents: Math.round(value * 100) }, totalCents);
  if (type === 'Percentage') return depositCents({ type, percent: value }, totalCents);
  return 0;
}

export function toQuotation(r: QuotationRow, today: string): Quotation {
  // Accepted: the frozen copy answers, only its status fields reflect the row (and what was added
  // after it was frozen: the number, the booking's code; a resource name is never its id).
  if (r.status === 'Accepted' && r.accepted_snapshot)
    return {
      ...r.accepted_snapshot,
      status: 'Accepted',
      number: r.number,
      bookingCode: r.booking_code ?? r.accepted_snapshot.bookingCode ?? null,
      resourceName: r.resource_name,
      answeredBy: answeredBy(r),
      declineReason: r.decline_reason,
    };
  const total = Number(r.total_cents);
  const split = gstSplit(total, r.tax_type === 'Exclusive' ? 'exclusive' : 'inclusive', r.tax_rate_bp);
  const deposit = Number(r.deposit_cents);
  const inclusive = split.totalCents;
  return {
    id: r.id,
    number: r.number,
    hallOwnerId: r.tenant_id,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    eventType: r.event_type,
    resource: r.resource,
    resourceName: r.resource_name,
    eventDate: r.event_date,
    startTime: r.start_time,
    endTime: r.end_time,
    guestCount: r.guest_count,
    totalAmount: total / 100,
    totalCents: total,
    totalInclGst: inclusive / 100,
    gstCents: split.gstCents,
    taxType: r.tax_type,
    taxRate: r.tax_rate_bp / 100,
    depositType: r.deposit_type,
    depositValue: Number(r.deposit_value),
    depositAmount: deposit / 100,
    depositCents: deposit,
    finalAmount: Math.max(0, inclusive - deposit) / 100,
    validUntil: r.valid_until,
    notes: r.notes,
    status: effectiveStatus(r, today),
    bookingId: r.booking_id,
    bookingCode: r.booking_code,
    acceptedAt: iso(r.accepted_at),
    sentAt: iso(r.sent_at),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    answeredBy: answeredBy(r),
    declineReason: r.decline_reason,
    payment_details: {
      total_amount: inclusive / 100,
      deposit_amount: deposit / 100,
      deposit_type: r.deposit_type,
      final_due: Math.max(0, inclusive - deposit) / 100,
      deposit_paid: r.deposit_paid,
    },
  };
}

export async function loadQuotation(
  tx: Tx,
  tenantId: string,
  id: string | null,
  lock = false,
): Promise<QuotationRow> {
  if (!id) throw notFound('Quotation not found');
  const query = selectQuotations(tx).where('tenant_id', '=', tenantId).where('id', '=', id);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound('Quotation not found');
  return row;
}

/** The quotation's PDF is drawn with the other money documents, in their fonts. */
export { quotationPdf } from '../pdf/quotation.ts';

/** The PDF's file name: the quotation's number once it has one (`QUO-2026-00001.pdf`). */
export const quotationPdfName = (q: Pick<Quotation, 'id' | 'number'>) =>
  q.number ? `${q.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf` : `quotation-${q.id}.pdf`;
