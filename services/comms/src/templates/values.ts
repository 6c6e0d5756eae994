/**
 * A booking's values for the template variables (spec 02 §3.5 plus issue 12's extras), from
 * comms' booking copy and the venue's settings copy. Dates are the venue's, prices in its
 * currency. `bookingId` is the booking's reference (HH-2027-0023): the customer reads it, and a
 * database id would mean nothing to them (decision 29).
 */
import type { TemplateValues } from '@venue/contracts/comms';
import type { Selectable, Tx } from '@venue/service-kit';
import type { BookingCopiesTable } from '../db/schema.ts';
import { dateText, db } from '../db/query.ts';

/**
 * A row of the booking copy as comms' queries read it (BOOKING_COPY_FIELDS plus `booking_date` as
 * yyyy-MM-dd text), its columns from the generated table; the phone may be absent where a row is
 * made up rather than read (the demo history).
 */
export type BookingCopyRow = Omit<
  Selectable<BookingCopiesTable>,
  'booking_date' | 'customer_phone' | 'received_at'
> & {
  booking_date: string;
  /** E.164 or '' (issue 26). */
  customer_phone?: string;
};

/**
 * The booking copy's columns (alias b) as BookingCopyRow has them, but for `booking_date`: each
 * query adds it as yyyy-MM-dd text with the kit's `dateText` (node-postgres would read a date
 * as a local-midnight Date).
 */
export const BOOKING_COPY_FIELDS = [
  'b.tenant_id',
  'b.booking_id',
  'b.booking_code',
  'b.customer_id',
  'b.customer_name',
  'b.customer_email',
  'b.customer_phone',
  'b.event_type',
  'b.guest_count',
  'b.start_time',
  'b.end_time',
  'b.resource_id',
  'b.resource_name',
  'b.status',
  'b.calculated_price_cents',
  'b.starts_at',
  'b.hold_expires_at',
  'b.booking_updated_at',
] as const;

export async function findBookingCopy(
  tx: Tx,
  tenantId: string,
  bookingId: string,
): Promise<BookingCopyRow | null> {
  const row = await db(tx)
    .selectFrom('booking_copies as b')
    .select(BOOKING_COPY_FIELDS)
    .select((eb) => dateText(eb.ref('b.booking_date')).as('booking_date'))
    .where('b.tenant_id', '=', tenantId)
    .where('b.booking_id', '=', bookingId)
    .executeTakeFirst();
  return row ?? null;
}

// Formatters are made once per zone or currency: constructing an Intl formatter costs far more
// than formatting with one, and every e-mail formats several dates and amounts (issue 27: in a
// profile of invoice issues, making them was 4 % of the services' process's busy time).
const dayFormat = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const instantFormats = new Map<string, Intl.DateTimeFormat>();
const moneyFormats = new Map<string, Intl.NumberFormat | null>();
/** Zones and currencies come from venues' settings: a handful, but the maps are capped anyway. */
const MAX_FORMATS = 500;

function remembered<T>(map: Map<string, T>, key: string, make: () => T): T {
  let found = map.get(key);
  if (found === undefined && !map.has(key)) {
    if (map.size >= MAX_FORMATS) map.clear();
    found = make();
    map.set(key, found);
  }
  return found as T;
}

/** "Sat 14 Mar 2026": the weekday helps the reader (spec 02 §9's reminder subject has it). */
export function formatDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return dayFormat.format(d).replace(/,/g, '');
}

export function formatInstant(at: Date | string, timeZone: string): string {
  const format = remembered(
    instantFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-AU', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      }),
  );
  return format.format(new Date(at)).replace(/^(\w+),/, '$1');
}

export function formatMoney(cents: number, currency: string): string {
  // null: a currency code Intl refuses, shown as a bare amount (as before).
  const format = remembered(moneyFormats, currency, () => {
    try {
      return new Intl.NumberFormat('en-AU', { style: 'currency', currency });
    } catch {
      return null;
    }
  });
  return format ? format.format(cents / 100) : (cents / 100).toFixed(2);
}

export interface VenueContext {
  timezone: string;
  currency: string;
  businessName: string;
}

export function bookingValues(b: BookingCopyRow, venue: VenueContext): TemplateValues {
  return {
    customerName: b.customer_name,
    customerEmail: b.customer_email,
    bookingId: b.booking_code,
    bookingCode: b.booking_code,
    eventType: b.event_type,
    bookingDate: formatDate(b.booking_date),
    startTime: b.start_time,
    endTime: b.end_time,
    hallName: b.resource_name,
    calculatedPrice: formatMoney(Number(b.calculated_price_cents ?? 0), venue.currency),
    guestCount: b.guest_count === null ? '' : String(b.guest_count),
    status: b.status,
    ...(b.hold_expires_at ? { holdExpiresAt: formatInstant(b.hold_expires_at, venue.timezone) } : {}),
    // Until the worker has learnt the venue's business name (its first delivery), a neutral one.
    businessName: venue.businessName || 'The venue team',
  };
}

/** The business details in the settings snapshot's Payments part (issue 13), when it has them. */
export function snapshotBusiness(snapshot: unknown): { businessName: string; businessEmail: string } {
  const payment = (snapshot as { payment?: { businessName?: unknown; businessEmail?: unknown } } | null)
    ?.payment;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return { businessName: text(payment?.businessName), businessEmail: text(payment?.businessEmail) };
}

/**
 * The venue's clock and currency (settings copy) and name (the kept sender, else the settings
 * copy's business name), or null without a settings copy.
 */
export async function venueContext(tx: Tx, tenantId: string): Promise<VenueContext | null> {
  const r = await db(tx)
    .selectFrom('tenant_settings as s')
    .leftJoin('tenant_senders as t', 't.tenant_id', 's.tenant_id')
    .select(['s.timezone', 's.currency', 's.snapshot', 't.business_name'])
    .where('s.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    timezone: r.timezone,
    currency: r.currency,
    businessName: r.business_name || snapshotBusiness(r.snapshot).businessName,
  };
}
