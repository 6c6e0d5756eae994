/** comms' Send Pay Link: the link of a booking's first open invoice (earliest due). */
import { PAYLINK_MESSAGES, type BookingPaymentLink } from '@venue/contracts/money-api';
import { HttpError, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { balanceCents, loadInvoice } from '../invoices/invoice-row.ts';
import { moneySettings } from '../shared/settings.ts';
import type { PaylinkConfig } from './config.ts';
import { linkFor } from './links.ts';

export async function bookingPayLink(
  tx: Tx,
  tenantId: string,
  bookingId: string,
  cfg: PaylinkConfig,
): Promise<BookingPaymentLink> {
  const open = await db(tx)
    .selectFrom('invoices')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', bookingId)
    .where('status', 'in', ['SENT', 'PARTIAL', 'OVERDUE'])
    .orderBy('due_date')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!open) throw new HttpError(409, PAYLINK_MESSAGES.noOpenInvoice);
  const invoice = await loadInvoice(tx, tenantId, open.id);
  const link = await linkFor(tx, invoice, await moneySettings(tx, tenantId), cfg, 'Send Pay Link');
  return { ...link, balanceCents: balanceCents(invoice) };
}
