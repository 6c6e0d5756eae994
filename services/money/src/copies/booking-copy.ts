/**
 * Money's copy of bookings (decision 9): what an invoice or the Deposits screen needs of a
 * booking, kept from bookings' `booking.*` events. The newest `updatedAt` wins, so a late or
 * repeated event never undoes a newer one. Confirming a booking with a deposit raises its
 * DEPOSIT invoice (issue 13), issued at once when the venue's seller details allow it.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { EVENTS, type BOOKING_SLOT_EVENTS } from '@venue/contracts';
import {
  callService,
  HttpError,
  InternalCallError,
  keepNewest,
  type Consumer,
  type Tx,
} from '@venue/service-kit';
import { db, dateText } from '../db/query.ts';
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

/** The copy's columns as BookingCopyRow has them: the day as yyyy-MM-dd text. */
const BOOKING_COPY_COLUMNS = [
  'b.tenant_id',
  'b.booking_id',
  'b.booking_code',
  'b.status',
  'b.customer_name',
  'b.customer_email',
  'b.event_type',
  'b.start_time',
  'b.end_time',
  'b.resource_name',
  'b.booking_source',
  'b.quotation_id',
  'b.tax_type',
  'b.tax_rate_bp',
  'b.total_cents',
  'b.deposit_cents',
  'b.deposit_type',
  'b.price_cents',
] as const;

/** The booking copy row, locked (FOR UPDATE) when asked: changes to one booking's money queue on it. */
export async function findBooking(
  tx: Tx,
  tenantId: string,
  bookingId: string,
  lock = false,
): Promise<BookingCopyRow | null> {
  const query = db(tx)
    .selectFrom('booking_copy as b')
    .select(BOOKING_COPY_COLUMNS)
    .select((eb) => dateText(eb.ref('b.booking_date')).as('booking_date'))
    .where('b.tenant_id', '=', tenantId)
    .where('b.booking_id', '=', bookingId);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return row ?? null;
}

const internalBookingAnswer = z.object({ booking: EVENTS['booking.updated'].schema });

/**
 * The booking from the copy, or, when its event has not arrived yet (a booking made a moment
 * ago, events behind under a burst), from bookings itself, stored in the copy as its event
 * would have stored it: a user action never fails for an event still on its way (issue 27 item
 * 2). Null when bookings has no such booking; 503 when bookings cannot be asked.
 */
export async function findOrFetchBooking(
  tx: Tx,
  tenantId: string,
  bookingId: string,
): Promise<BookingCopyRow | null> {
  const copy = await findBooking(tx, tenantId, bookingId, true);
  if (copy) return copy;
  let answer: z.infer<typeof internalBookingAnswer>;
  try {
    answer = await callService({
      service: 'bookings',
      path: `/internal/bookings/${tenantId}/${bookingId}`,
      response: internalBookingAnswer,
    });
  } catch (err) {
    if (err instanceof InternalCallError && err.status === 404) return null;
    throw new HttpError(
      503,
      'The booking could not be looked up just now, so nothing was saved. Please try again.',
    );
  }
  if (answer.booking.hallOwnerId !== tenantId) return null;
  await bookingEvent(
    {
      id: randomUUID(),
      type: 'booking.updated',
      version: 1,
      source: 'bookings',
      tenantId,
      occurredAt: new Date().toISOString(),
      data: answer.booking,
    } as Parameters<typeof bookingEvent>[0],
    tx,
  );
  return findBooking(tx, tenantId, bookingId, true);
}

export const bookingEvent: Consumer<(typeof BOOKING_SLOT_EVENTS)[number]> = async (event, tx) => {
  const b = event.data as unknown as BookingEventData;
  const money = (b.money ?? null) as MoneyView | null;
  const taxType =
    money && (money.taxType === 'inclusive' || money.taxType === 'exclusive') ? money.taxType : null;
  // the newest booking_updated_at wins: a late or repeated event changes nothing
  const upserted = await keepNewest(
    db(tx),
    'booking_copy',
    {
      tenant_id: b.hallOwnerId,
      booking_id: b.id,
      booking_code: str(b.bookingCode),
      status: b.status,
      customer_name: str(b.customerName),
      customer_email: str(b.customerEmail),
      event_type: str(b.eventType),
      // the event's own start gives the day when the field is missing
      booking_date: /^\d{4}-\d{2}-\d{2}$/.test(str(b.bookingDate))
        ? str(b.bookingDate)
        : str((b as { startsAt?: unknown }).startsAt).slice(0, 10),
      start_time: str(b.startTime),
      end_time: str(b.endTime),
      resource_name: str(b.resourceName),
      booking_source: str(b.bookingSource, 'admin'),
      quotation_id: typeof b.quotationId === 'string' ? b.quotationId : null,
      tax_type: taxType,
      tax_rate_bp: taxType ? int(money?.taxRateBp) : null,
      total_cents: taxType ? int(money?.totalCents) : null,
      deposit_cents: taxType ? int(money?.depositCents) : null,
      deposit_type: str(b.depositType, 'None'),
      price_cents: int(b.calculatedPriceCents) ?? 0,
      booking_updated_at: b.updatedAt,
    },
    { key: ['tenant_id', 'booking_id'], version: 'booking_updated_at', stamp: 'received_at' },
  );
  const rowCount = Number(upserted.numInsertedOrUpdatedRows ?? 0n);
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
