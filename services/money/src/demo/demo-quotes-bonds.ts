/**
 * Demo history's bonds and quotations (decision 48), written on the days the plan gives.
 *
 * Bonds publish `bond.received` / `bond.refunded` as the Deposits screen's calls do. Quotations
 * publish nothing: `quotation.sent` and `quotation.declined` are comms' orders to e-mail the
 * customer now, and a quotation sent three months ago must not be e-mailed today; comms writes
 * those e-mails into its own history instead (services/comms/src/demo).
 */
import type { Quotation } from '@venue/contracts/money-api';
import { venueToday, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { quotationDeposit, toQuotation, loadQuotation } from '../quotations/quotation-row.ts';
import { nextQuotationNumber } from '../shared/numbers.ts';
import type { MoneySettings } from '../shared/settings.ts';

export interface DemoBond {
  id: string;
  bookingId: string;
  amountCents: number;
  method: 'Bank Transfer' | 'Card' | 'Cash' | 'Cheque';
  receivedAt: string;
  refundedAt: string | null;
}

export interface DemoQuotation {
  id: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  eventType: string;
  resourceId: string;
  resourceName: string;
  eventDate: string;
  startTime: string;
  endTime: string;
  guestCount: number;
  totalCents: number;
  depositPercent: number;
  validUntil: string;
  status: 'Draft' | 'Sent' | 'Accepted' | 'Declined';
  createdAt: string;
  sentAt: string | null;
  decidedAt: string | null;
  bookingId: string | null;
}

export async function writeDemoBonds(tx: Tx, tenantId: string, bonds: DemoBond[]): Promise<void> {
  for (const b of [...bonds].sort((x, y) => x.receivedAt.localeCompare(y.receivedAt))) {
    const settled = b.refundedAt;
    await db(tx)
      .insertInto('bonds')
      .values({
        tenant_id: tenantId,
        id: b.id,
        booking_id: b.bookingId,
        status: settled ? 'REFUNDED' : 'HELD',
        amount_cents: b.amountCents,
        payment_method: b.method,
        reference: '',
        received_at: b.receivedAt,
        refunded_cents: settled ? b.amountCents : 0,
        settled_at: settled ?? null,
        created_by: 'system',
        created_at: b.receivedAt,
        updated_at: settled ?? b.receivedAt,
      })
      .execute();
    const event = (status: 'HELD' | 'REFUNDED', at: string) => ({
      id: b.id,
      bookingId: b.bookingId,
      status,
      amountCents: b.amountCents,
      refundedCents: status === 'REFUNDED' ? b.amountCents : 0,
      forfeitedCents: 0,
      forfeitedGstCents: 0,
      reason: null,
      at: new Date(at).toISOString(),
    });
    await tx.publish('bond.received', event('HELD', b.receivedAt), { tenantId });
    if (settled) await tx.publish('bond.refunded', event('REFUNDED', settled), { tenantId });
  }
}

export async function writeDemoQuotations(
  tx: Tx,
  tenantId: string,
  quotations: DemoQuotation[],
  settings: MoneySettings,
): Promise<void> {
  const taxType = settings.copy.taxType === 'Exclusive' ? 'Exclusive' : 'Inclusive';
  // Numbers as Send gives them (issue 24 item 2): each sent quotation the next of its venue year,
  // in the order they were sent, so the demo's numbers are gap-free as a venue's are.
  const numbers = new Map<string, string>();
  const sentAt = (q: DemoQuotation) => q.sentAt ?? q.createdAt;
  const sentInOrder = quotations
    .filter((q) => q.status !== 'Draft')
    .sort((a, b) => sentAt(a).localeCompare(sentAt(b)) || a.id.localeCompare(b.id));
  for (const q of sentInOrder)
    numbers.set(
      q.id,
      await nextQuotationNumber(tx, tenantId, venueToday(new Date(sentAt(q)), settings.zone)),
    );
  for (const q of quotations) {
    const depositType = q.depositPercent > 0 ? 'Percentage' : 'None';
    const sent = q.status === 'Draft' ? null : q.sentAt;
    await db(tx)
      .insertInto('quotations')
      .values({
        tenant_id: tenantId,
        id: q.id,
        customer_name: q.customerName,
        customer_email: q.customerEmail,
        customer_phone: q.customerPhone,
        event_type: q.eventType,
        resource: q.resourceId,
        resource_name: q.resourceName,
        event_date: q.eventDate,
        start_time: q.startTime,
        end_time: q.endTime,
        guest_count: q.guestCount,
        total_cents: q.totalCents,
        tax_type: taxType,
        tax_rate_bp: settings.rateBp,
        deposit_type: depositType,
        deposit_value: q.depositPercent,
        deposit_cents: quotationDeposit(depositType, q.depositPercent, q.totalCents),
        valid_until: q.validUntil,
        status: q.status === 'Accepted' ? 'Sent' : q.status,
        number: numbers.get(q.id) ?? null,
        sent_at: sent,
        created_by: 'system',
        created_at: q.createdAt,
        updated_at: q.decidedAt ?? sent ?? q.createdAt,
      })
      .execute();
    if (q.status !== 'Accepted' || !q.bookingId || !q.decidedAt) continue;
    // Accepted: the quotation frozen as it was accepted (decision 33), linked to its booking.
    const day = venueToday(new Date(q.decidedAt), settings.zone);
    const frozen: Quotation = {
      ...toQuotation(await loadQuotation(tx, tenantId, q.id), day),
      status: 'Accepted',
      bookingId: q.bookingId,
      acceptedAt: new Date(q.decidedAt).toISOString(),
    };
    await db(tx)
      .updateTable('quotations')
      .set({
        status: 'Accepted',
        booking_id: q.bookingId,
        accepted_snapshot: JSON.stringify(frozen),
        accepted_at: q.decidedAt,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', q.id)
      .execute();
  }
}
