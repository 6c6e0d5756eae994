/**
 * Money's copy of bookings (decision 9): what an invoice or the Deposits screen needs of a
 * booking, kept from bookings' `booking.*` events. The newest `updatedAt` wins, so a late or
 * repeated event never undoes a newer one. Confirming a booking with a deposit raises its
 * DEPOSIT invoice (issue 13), issued at once when the venue's seller details allow it.
 */
import type { BOOKING_SLOT_EVENTS } from '@venue/contracts';
import type { Consumer, Tx } from '@venue/service-kit';
import { autoDepositInvoice } from '../deposits/auto-invoice.ts';

interface BookingEventData {
  id: string;
  hallOwnerId: string;
  status: string;
  updatedAt: string;
  bookingCode?: unknown;
  customerName?: unknown;
  customerEmail?: unknown;
  eventType?: unknown;
  bookingDate?: unknown;
  startTime?: unknown;
  endTime?: unknown;
  resourceName?: unknown;
  bookingSource?: unknown;
  quotationId?: unknown;
  calculatedPriceCents?: unknown;
  depositType?: unknown;
  money?: unknown;
  from?: unknown;
}

interface MoneyView {
  taxType?: unknown;
  taxRateBp?: unknown;
  totalCents?: unknown;
  depositCents?: unknown;
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const int = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null;

export interface BookingCopyRow {
  tenant_id: string;
  booking_id: string;
  booking_code: string;
  status: string;
  customer_name: string;
  customer_email: string;
  event_type: string;
  booking_date: string;
  start_time: string;
  end_time: string;
  resource_name: string;
  booking_source: string;
  quotation_id: string | null;
  tax_type: string | null;
  tax_rate_bp: number | null;
  total_cents: number | string | null;
  deposit_cents: number | string | null;
  deposit_type: string;
  price_cents: number | string;
}

export const BOOKING_COPY_COLUMNS = `b.*, to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date`;

/** The booking copy row, locked (FOR UPDATE) when asked: changes to one booking's money queue on it. */
export async function findBooking(
  tx: Tx,
  tenantId: string,
  bookingId: string,
  lock = false,
): Promise<BookingCopyRow | null> {
  const { rows } = await tx.query<BookingCopyRow>(
    `SELECT ${BOOKING_COPY_COLUMNS} FROM booking_copy b WHERE b.tenant_id = $1 AND b.booking_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [tenantId, bookingId],
  );
  return rows[0] ?? null;
}

export const bookingEvent: Consumer<(typeof BOOKING_SLOT_EVENTS)[number]> = async (event, tx) => {
  const b = event.data as unknown as BookingEventData;
  const money = (b.money ?? null) as MoneyView | null;
  const taxType =
    money && (money.taxType === 'inclusive' || money.taxType === 'exclusive') ? money.taxType : null;
  const { rowCount } = await tx.query(
    `INSERT INTO booking_copy (tenant_id, booking_id, booking_code, status, customer_name, customer_email,
        event_type, booking_date, start_time, end_time, resource_name, booking_source, quotation_id,
        tax_type, tax_rate_bp, total_cents, deposit_cents, deposit_type, price_cents, booking_updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     ON CONFLICT (tenant_id, booking_id) DO UPDATE SET booking_code = EXCLUDED.booking_code,
        status = EXCLUDED.status, customer_name = EXCLUDED.customer_name, customer_email = EXCLUDED.customer_email,
        event_type = EXCLUDED.event_type, booking_date = EXCLUDED.booking_date, start_time = EXCLUDED.start_time,
        end_time = EXCLUDED.end_time, resource_name = EXCLUDED.resource_name, booking_source = EXCLUDED.booking_source,
        quotation_id = EXCLUDED.quotation_id, tax_type = EXCLUDED.tax_type, tax_rate_bp = EXCLUDED.tax_rate_bp,
        total_cents = EXCLUDED.total_cents, deposit_cents = EXCLUDED.deposit_cents,
        deposit_type = EXCLUDED.deposit_type, price_cents = EXCLUDED.price_cents,
        booking_updated_at = EXCLUDED.booking_updated_at, received_at = now()
      WHERE booking_copy.booking_updated_at <= EXCLUDED.booking_updated_at`,
    [
      b.hallOwnerId,
      b.id,
      str(b.bookingCode),
      b.status,
      str(b.customerName),
      str(b.customerEmail),
      str(b.eventType),
      // the event's own start gives the day when the field is missing
      /^\d{4}-\d{2}-\d{2}$/.test(str(b.bookingDate))
        ? str(b.bookingDate)
        : str((b as { startsAt?: unknown }).startsAt).slice(0, 10),
      str(b.startTime),
      str(b.endTime),
      str(b.resourceName),
      str(b.bookingSource, 'admin'),
      typeof b.quotationId === 'string' ? b.quotationId : null,
      taxType,
      taxType ? int(money?.taxRateBp) : null,
      taxType ? int(money?.totalCents) : null,
      taxType ? int(money?.depositCents) : null,
      str(b.depositType, 'None'),
      int(b.calculatedPriceCents) ?? 0,
      b.updatedAt,
    ],
  );
  // Confirmed now: by a status change, or created confirmed from an accepted quotation (decision
  // 33: its deposit becomes the booking's DEPOSIT invoice). Other bookings created confirmed
  // carry no deposit yet (bookings' insertBooking), and staff raise their invoices by hand.
  if (
    rowCount > 0 &&
    b.status === 'confirmed' &&
    ((event.type === 'booking.status_changed' && b.from !== 'confirmed') ||
      (event.type === 'booking.created' && b.bookingSource === 'quotation'))
  ) {
    await autoDepositInvoice(tx, b.hallOwnerId, b.id);
  }
};
