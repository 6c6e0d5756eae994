/**
 * Send (issue 24, decision 57): the checks before the transaction (the quotation may be sent,
 * its resource is the venue's, bookings finds the slot free: else 409 naming the clash, nothing
 * sent), then Draft (or Sent again) → Sent with its gap-free number, under the row's lock.
 */
import { QUOTATION_MESSAGES as M, type Quotation } from '@venue/contracts/money-api';
import { conflict, HttpError, inRequestTx, isUuid, type AppContext, type Tx } from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import { nextQuotationNumber } from '../shared/numbers.ts';
import { moneySettings, today } from '../shared/settings.ts';
import { auditQuotation, emailEvent } from './events.ts';
import { checkSlot, resolveResource, type QuotedResource } from './peers.ts';
import { effectiveStatus, loadQuotation, toQuotation, type QuotationRow } from './quotation-row.ts';

/** 409 unless the quotation may be sent on `day`: Draft or Sent, and within its valid day. */
export function assertSendable(row: QuotationRow, day: string) {
  const status = effectiveStatus(row, day);
  // A Draft past its valid day is not sent out stale either.
  if (status === 'Expired' || row.valid_until < day) throw conflict(M.expired, { conflict: null });
  if (row.status !== 'Draft' && row.status !== 'Sent')
    throw conflict(M.badTransition(status, 'Sent'), { conflict: null });
}

/** What a send has checked before its transaction: the resource as the catalogue names it. */
export interface SendCheck {
  resource: QuotedResource | null;
}

/**
 * The checks a send makes before it writes, with no transaction held while the peers answer:
 * the quotation may be sent, its resource is one of the venue's (named by the catalogue when the
 * row lacks its id or its name), and bookings finds the slot free (else 409 naming the clash).
 */
export async function checkBeforeSend(ctx: AppContext, tenantId: string, id: string): Promise<SendCheck> {
  const row = await inRequestTx(ctx, async (tx) => {
    const day = today(await moneySettings(tx, tenantId));
    const r = await loadQuotation(tx, tenantId, id);
    assertSendable(r, day);
    return r;
  });
  const needsName = !isUuid(row.resource) || !row.resource_name.trim() || row.resource_name === row.resource;
  let resource: QuotedResource | null = null;
  if (needsName) {
    try {
      resource = await resolveResource(tenantId, row.resource);
    } catch (err) {
      // A quotation for a resource the venue does not have cannot become a booking: say so.
      if (err instanceof HttpError && err.status === 400) throw conflict(err.message, { conflict: null });
      throw err;
    }
  }
  const answer = await checkSlot({
    tenantId,
    resource: resource?.id ?? row.resource,
    eventDate: row.event_date,
    startTime: row.start_time,
    endTime: row.end_time,
  });
  if (answer.outcome === 'conflict')
    throw conflict(M.sendClash(answer.message), { conflict: answer.conflict });
  return { resource };
}

/**
 * Draft (or Sent again) → Sent, with the e-mail event; refused when expired or settled. The first
 * send gives the number, under the row's lock: a second send waits, then finds it numbered.
 */
export async function send(
  tx: Tx,
  ctx: AppContext,
  tenantId: string,
  id: string,
  day: string,
  checked: SendCheck,
): Promise<Quotation> {
  const row = await loadQuotation(tx, tenantId, id, true);
  assertSendable(row, day);
  const number = row.number ?? (await nextQuotationNumber(tx, tenantId, day));
  await db(tx)
    .updateTable('quotations')
    .set({
      status: 'Sent',
      number,
      sent_at: NOW,
      updated_at: NOW,
      ...(checked.resource ? { resource: checked.resource.id, resource_name: checked.resource.name } : {}),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  const q = toQuotation(await loadQuotation(tx, tenantId, id), day);
  await tx.publish('quotation.sent', emailEvent(q, true), { tenantId });
  await auditQuotation(tx, ctx, 'quotation_sent', q);
  return q;
}
