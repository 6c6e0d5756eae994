/**
 * Demo history (decision 48): the demo venues' customers and bookings of the last six months
 * and the next three, written by bookings itself with the dates they happened on. The public
 * API refuses a booking in the past, rightly; this import is the one way past-dated rows get in,
 * and it runs only for the two demo tenants while SEED_DEMO is on, once (the first booking of
 * the plan present = done), under a transaction lock so two starts cannot both write it.
 *
 * Each booking is written as the API would have left it (stored money figures, slot claimed for
 * a blocking status, customer summary refreshed) and published as one `booking.created` in its
 * final state, so money, comms, the catalogue and insights copy it as they copy any booking.
 */
import { z } from 'zod';
import { demoHistoryRefusal } from '@venue/contracts/demo';
import type { CustomerTier } from '@venue/contracts/bookings';
import { HttpError, sql, type Tx } from '@venue/service-kit';
import { localResource, usableResource } from '../availability/resources.ts';
import { claimSlotOr409, spanFor } from '../availability/resource-slots.ts';
import { codeFromClaim, withCodeClaim } from '../bookings/booking-code.ts';
import { publishBooking, reload } from '../bookings/booking-row.ts';
import { upsertCustomer } from '../customers/customer-store.ts';
import { refreshCustomerSummary } from '../customers/customer-summary.ts';
import { tenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import {
  confirmFigures,
  moneyValues,
  paymentDetails,
  priceFigures,
  pricingTerms,
} from '../status/payment.ts';
import { isBlocking, STATUSES } from '../status/transitions.ts';
import { db } from '../db/query.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.');
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm.');
const instant = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().min(1).max(max);

export const demoBookingsSchema = z.object({
  customers: z
    .array(
      z.object({
        name: text(200),
        email: z.email().max(320),
        phone: z.string().max(40),
        tier: z.enum(['standard', 'nonprofit', 'business', 'premium']),
      }),
    )
    .max(200),
  bookings: z
    .array(
      z.object({
        id: z.uuid(),
        customerEmail: z.email().max(320),
        resourceId: z.uuid(),
        eventType: text(100),
        guestCount: z.number().int().min(1).max(10000),
        bookingDate: day,
        startTime: time,
        endTime: time,
        status: z.enum(STATUSES),
        priceCents: z.number().int().min(0).max(100_000_000),
        depositPercent: z.number().int().min(0).max(100),
        bondCents: z.number().int().min(0).max(10_000_000),
        createdAt: instant,
        updatedAt: instant,
        holdExpiresAt: instant.nullable(),
        cancellationReason: z.string().max(500).nullable(),
        bookingSource: z.enum(['admin', 'website', 'quotation']),
        quotationId: z.string().max(100).nullable(),
        docsVerified: z.boolean(),
      }),
    )
    .min(1)
    .max(1000),
});
export type DemoBookings = z.infer<typeof demoBookingsSchema>;

export interface DemoOutcome {
  created: number;
  /** The history was already there (an earlier start wrote it): nothing was added. */
  already: boolean;
}

/** 404 for anything but a demo tenant with demo data on: the route does not exist for them. */
export function guardDemoTenant(tenantId: string): void {
  const refusal = demoHistoryRefusal(tenantId, process.env.SEED_DEMO);
  if (refusal) throw new HttpError(404, refusal);
}

type DemoCustomers = Map<string, { id: string; name: string; phone: string; tier: string }>;

export async function writeDemoBookings(
  tx: Tx,
  tenantId: string,
  plan: DemoBookings,
  now: Date,
): Promise<DemoOutcome> {
  guardDemoTenant(tenantId);
  if (await alreadyWritten(tx, tenantId, plan.bookings[0]!.id)) return { created: 0, already: true };

  const settings = await tenantSettings(tx, tenantId);
  const zone = settings.timezone;
  const customers: DemoCustomers = new Map();
  for (const c of plan.customers) {
    const id = await upsertCustomer(tx, tenantId, c);
    customers.set(c.email.toLowerCase(), { id, name: c.name, phone: c.phone, tier: c.tier });
  }
  const ordered = [...plan.bookings].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const b of ordered) await writeDemoBooking(tx, tenantId, settings, customers, b);
  await refreshCustomerSummary(
    tx,
    tenantId,
    [...customers.values()].map((c) => c.id),
    now,
    zone,
  );
  // One entry for the whole import rather than one "created" per row stamped today.
  await tx.audit(null, {
    action: 'demo_history_imported',
    targetType: 'booking',
    target: null,
    targetLabel: 'Demo history',
    additionalInfo: `${plan.customers.length} customers, ${plan.bookings.length} bookings`,
    actor: { id: null, email: 'system', role: 'system' },
    tenantId,
  });
  return { created: plan.bookings.length, already: false };
}

/** Whether an earlier start wrote the history (its first booking is there), once the tenant's lock is held. */
async function alreadyWritten(tx: Tx, tenantId: string, first: string): Promise<boolean> {
  // One writer at a time per tenant; the second finds the first one's rows.
  await db(tx)
    .selectNoFrom((eb) =>
      eb
        .fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`demo-history:bookings:${tenantId}`)])])
        .as('locked'),
    )
    .execute();
  const done = await db(tx)
    .selectFrom('bookings')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', first)
    .executeTakeFirst();
  return done !== undefined;
}

/** One booking as the API would have left it: its row, its slot when blocking, its `booking.created`. */
async function writeDemoBooking(
  tx: Tx,
  tenantId: string,
  settings: TenantSettings,
  customers: DemoCustomers,
  b: DemoBookings['bookings'][number],
): Promise<void> {
  const customer = customers.get(b.customerEmail.toLowerCase());
  if (!customer) throw new HttpError(400, `bookings: ${b.customerEmail} is not among the customers.`);
  const known = await localResource(tx, b.resourceId);
  // The catalogue's resource.created has not reached bookings yet: the caller tries again.
  if (!known) throw new HttpError(503, `Resource ${b.resourceId} has not reached bookings yet.`);
  const resource = usableResource(known);
  const span = spanFor(b, resource, settings);
  const year = Number(b.bookingDate.slice(0, 4));
  const confirmedOnce = b.status === 'confirmed' || b.status === 'completed';
  const figures = confirmedOnce
    ? confirmFigures(b.priceCents, settings, {
        deposit_type: b.depositPercent > 0 ? 'Percentage' : 'None',
        deposit_value: b.depositPercent,
      })
    : priceFigures(b.priceCents, pricingTerms(settings));
  await withCodeClaim(tx, tenantId, year)
    .insertInto('bookings')
    .values({
      tenant_id: tenantId,
      id: b.id,
      booking_code: codeFromClaim(year),
      customer_id: customer.id,
      customer_name: customer.name,
      customer_email: b.customerEmail,
      customer_phone: customer.phone,
      event_type: b.eventType,
      guest_count: b.guestCount,
      booking_date: b.bookingDate,
      start_time: b.startTime,
      end_time: b.endTime,
      resource_id: resource.id,
      resource_name: resource.name,
      status: b.status,
      calculated_price_cents: b.priceCents,
      setup_buffer_minutes: span.setup,
      packdown_buffer_minutes: span.packdown,
      starts_at: span.startsAt.toISOString(),
      ends_at: span.endsAt.toISOString(),
      // sql: a range value (the slot), which the builder has no constructor for
      slot: sql<string>`tstzrange(${span.slotStart.toISOString()}::timestamptz, ${span.slotEnd.toISOString()}::timestamptz)`,
      ...moneyValues(figures),
      payment_details: confirmedOnce ? JSON.stringify(paymentDetails(figures)) : null,
      booking_source: b.bookingSource,
      quotation_id: b.quotationId,
      customer_tier: customer.tier as CustomerTier,
      bond_required: b.bondCents > 0,
      bond_cents: b.bondCents,
      docs: JSON.stringify({ idVerified: b.docsVerified, insuranceVerified: b.docsVerified }),
      hold_expires_at: b.holdExpiresAt,
      cancelled_at: b.status === 'cancelled' ? b.updatedAt : null,
      cancellation_reason: b.status === 'cancelled' ? b.cancellationReason : null,
      created_at: b.createdAt,
      updated_at: b.updatedAt,
    })
    .execute();
  if (isBlocking(b.status)) await claimSlotOr409(tx, tenantId, b.id, resource.id, span);
  await publishBooking(tx, 'booking.created', await reload(tx, b.id), settings.timezone);
}
