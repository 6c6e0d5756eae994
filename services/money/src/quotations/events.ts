/** What a quotation's moves record: the venue's audit entry, and the event comms e-mails from. */
import type { Quotation, QuotationEmailEvent } from '@venue/contracts/money-api';
import type { AppContext, Tx } from '@venue/service-kit';
import { auditActor } from '../shared/http.ts';

export async function auditQuotation(tx: Tx, ctx: AppContext, action: string, q: Quotation, info?: string) {
  await tx.audit(ctx, {
    // A customer answering in the portal is the actor (issue 25): the venue sees who accepted.
    ...auditActor(ctx),
    action,
    targetType: 'quotation',
    target: q.number ?? q.id,
    targetLabel: `${q.number ? `Quotation ${q.number}` : 'Draft quotation'} — ${q.customerName} · ${q.eventType} · ${q.eventDate}`,
    additionalInfo: info ?? null,
  });
}

export function emailEvent(
  q: Quotation,
  withPdf: boolean,
  extra: Partial<QuotationEmailEvent> = {},
): QuotationEmailEvent {
  return {
    quotationId: q.id,
    number: q.number,
    hallOwnerId: q.hallOwnerId,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    eventType: q.eventType,
    eventDate: q.eventDate,
    startTime: q.startTime,
    endTime: q.endTime,
    resourceName: q.resourceName,
    totalCents: Math.round(q.totalInclGst * 100),
    depositCents: q.depositCents,
    validUntil: q.validUntil,
    status: q.status,
    pdfPath: withPdf ? `/internal/quotations/${q.hallOwnerId}/${q.id}/pdf` : null,
    ...extra,
  };
}
