// The demo history is made relative to today, so what it promises (every booking, invoice, bond
// and quotation status; holds under 2 h and 12 h; six months back and three ahead) must hold on
// every day it can be started, not just the day a test happens to run. The plan is pure, so it
// is built here for 400 consecutive days from today, at a different hour each day, with the
// demo venues' real halls and block-outs. demo-seed.test.ts checks, for today, that the services
// store exactly the statuses the plan predicts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error plain JavaScript module of the launcher
import { addDays, buildPlan, venueDay } from './demo-seed-plan.mjs';
// @ts-expect-error plain JavaScript module of the launcher
import { BLOCKOUTS, HALLS } from './demo-seed.mjs';
// @ts-expect-error plain JavaScript module of the launcher
import { DEMO_TENANT_IDS } from './demo-seed-history.mjs';

const ZONE = 'Australia/Sydney';
const DAYS = 400;

interface PlanBooking {
  id: string;
  status: string;
  bookingDate: string;
  customerEmail: string;
  priceCents: number;
  holdExpiresAt: string | null;
  cancellationReason: string | null;
}

type Halls = Record<
  string,
  { resource: { name: string; type: string; capacity: number }; pricing: unknown }[]
>;

function planFor(key: 'owner' | 'owner2', now: Date) {
  const halls = (HALLS as Halls)[key]!;
  const resources = halls.map(({ resource, pricing }, i) => ({
    id: `${key}-resource-${i}`,
    name: resource.name,
    type: resource.type,
    capacity: resource.capacity,
    rate: pricing,
  }));
  const blocked = (BLOCKOUTS as [string, number, number][])
    .filter(([venue]) => venue === key)
    .map(([, index, days]) => ({
      resourceId: resources[index]!.id,
      day: addDays(now.toISOString().slice(0, 10), days),
    }));
  return buildPlan({ key, tenantId: DEMO_TENANT_IDS[key], resources, blocked, now, timeZone: ZONE });
}

/** Every promise the demo history makes, as a list of what is missing (empty: all kept). */
function broken(plan: ReturnType<typeof planFor>, now: Date): string[] {
  const missing: string[] = [];
  const need = (ok: boolean, what: string) => ok || missing.push(what);
  const today = venueDay(now, ZONE);
  const bookings = plan.bookings as PlanBooking[];
  const statuses = new Set(bookings.map((b) => b.status));
  for (const s of ['pending', 'tentative', 'confirmed', 'completed', 'cancelled', 'expired'])
    need(statuses.has(s), `a ${s} booking`);
  const days = bookings.map((b) => b.bookingDate).sort();
  need(days[0]! <= addDays(today, -160), 'history from six months back');
  need(days.at(-1)! >= addDays(today, 60), 'bookings two months ahead');
  need(
    bookings.some((b) => b.bookingDate === today && b.status === 'confirmed'),
    'a booking today',
  );
  const cancelled = bookings.filter((b) => b.status === 'cancelled');
  need(
    cancelled.some((b) => b.cancellationReason?.startsWith('Declined - ')),
    'a declined request',
  );
  need(
    cancelled.some((b) => b.cancellationReason && !b.cancellationReason.startsWith('Declined - ')),
    'a cancellation with its reason',
  );
  const holds = bookings
    .filter((b) => b.status === 'tentative')
    .map((b) => (Date.parse(b.holdExpiresAt!) - now.getTime()) / 3_600_000);
  need(
    holds.some((h) => h > 0 && h < 2),
    'a hold under 2 h',
  );
  need(
    holds.some((h) => h >= 2 && h < 12),
    'a hold under 12 h',
  );
  need(
    holds.every((h) => h > 0),
    'no hold already lapsed',
  );
  // VIP (rfm.ts): over $2,000 spent, or five bookings in twelve months, lapsed ones not counted.
  const spend = new Map<string, { cents: number; recent: number }>();
  for (const b of bookings) {
    if (b.status === 'cancelled' || b.status === 'expired') continue;
    const c = spend.get(b.customerEmail) ?? { cents: 0, recent: 0 };
    c.cents += b.priceCents;
    if (b.bookingDate > addDays(today, -365)) c.recent += 1;
    spend.set(b.customerEmail, c);
  }
  need(
    [...spend.values()].some((c) => c.cents > 200_000 || c.recent >= 5),
    'a VIP customer',
  );
  need(
    plan.customers.some((c: { tier: string }) => c.tier === 'nonprofit'),
    'an NFP customer',
  );
  const invoiceStatuses = new Set(plan.meta.invoiceStatuses.values());
  for (const s of ['DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'VOID', 'REFUNDED'])
    need(invoiceStatuses.has(s), `a ${s} invoice`);
  const paidDays = (plan.invoices as { payments: { at: string }[] }[])
    .flatMap((i) => i.payments.map((p) => venueDay(new Date(p.at), ZONE)))
    .sort();
  need(paidDays[0]! <= addDays(today, -120), 'payments four months back');
  need(paidDays.at(-1)! <= today, 'no payment in the future');
  const bonds = plan.bonds as { refundedAt: string | null }[];
  need(
    bonds.some((b) => !b.refundedAt),
    'a bond held',
  );
  need(
    bonds.some((b) => b.refundedAt),
    'a bond refunded',
  );
  const quotes = new Set(
    (plan.quotations as { status: string; validUntil: string }[]).map((q) =>
      q.status === 'Sent' && q.validUntil < today ? 'Expired' : q.status,
    ),
  );
  for (const s of ['Draft', 'Sent', 'Accepted', 'Declined', 'Expired'])
    need(quotes.has(s), `a ${s} quotation`);
  const emailDays = (plan.emails as { sentAt: string }[])
    .map((e) => venueDay(new Date(e.sentAt), ZONE))
    .sort();
  need(emailDays[0]! <= addDays(today, -120), 'e-mails four months back');
  need(
    (plan.emails as { sentAt: string }[]).every((e) => Date.parse(e.sentAt) < now.getTime()),
    'no e-mail in the future',
  );
  return missing;
}

describe('demo history plan, every day of the next 400', () => {
  const start = Date.now();
  for (const key of ['owner', 'owner2'] as const)
    it(`${key}: every promise kept on each day`, () => {
      const failures: string[] = [];
      for (let i = 0; i < DAYS; i++) {
        // A different hour of the day each time (holds and "not yet paid" are by the hour).
        const now = new Date(start + i * 86_400_000 + ((i * 7) % 24) * 3_600_000);
        const missing = broken(planFor(key, now), now);
        if (missing.length) failures.push(`${now.toISOString()}: ${missing.join(', ')}`);
      }
      assert.deepEqual(failures, []);
    });
});
