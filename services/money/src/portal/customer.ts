/** The portal's signed-in customer, their downloads, and the customer answering a quotation. */
import { PORTAL_MONEY_MESSAGES as PM } from '@venue/contracts/money-api';
import { conflict, type AppContext } from '@venue/service-kit';
import { csvDate, timeText } from '../csv/venue-format.ts';
import type { Answerer } from '../quotations/answer.ts';
import { CUSTOMER_ANSWER_PREFIX } from '../quotations/quotation-row.ts';
import type { MoneySettings } from '../shared/settings.ts';
import { customerQuotation, type PortalCustomer } from './portal-rows.ts';

/** The signed-in customer: their venue and address (lower-cased by the kit). */
export function customerOf(ctx: AppContext): PortalCustomer {
  const { tenantId, email } = ctx.state.customer;
  return { tenantId, email };
}

/** A file name safe in a Content-Disposition header. */
export const fileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/** One of the customer's documents: a download, kept by no shared cache. */
export function sendPdf(ctx: AppContext, name: string, bytes: Buffer) {
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${name}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = bytes;
}

/**
 * The customer answering a quotation in the portal: only a quotation sent to them, recorded as
 * theirs (`answered_by`, the audit entry's actor), refused in their words; a taken slot is said
 * as the quotation's own slot in the venue's formats, never whose booking it is.
 */
export function customerAnswerer(c: PortalCustomer, settings: MoneySettings): Answerer {
  return {
    load: (tx, id, lock) => customerQuotation(tx, c, id, lock),
    who: `${CUSTOMER_ANSWER_PREFIX}${c.email}`,
    side: 'customer',
    expired: PM.expired,
    accepting: PM.accepting,
    badTransition: (status) => (status === 'Expired' ? PM.expired : PM.answered(status)),
    slotTaken: (row) => {
      const f = settings.copy;
      const slot = `${row.resource_name} on ${csvDate(row.event_date, f)} from ${timeText(row.start_time, f.timeFormat)} to ${timeText(row.end_time, f.timeFormat)}`;
      return conflict(PM.slotTaken(slot));
    },
    acceptFailed: PM.acceptFailed,
  };
}
