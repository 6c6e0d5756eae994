/**
 * money's Accept (decision 33): POST /internal/bookings/from-quote makes one confirmed booking
 * per quotation id, at the quotation's price and deposit, even when called twice at once; a
 * taken slot answers the clash. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { futureDate, HALL, OWNER, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();

const quote = (over: Record<string, unknown> = {}) => ({
  tenantId: OWNER,
  quotationId: randomUUID(),
  customerName: 'Grace Hopper',
  customerEmail: 'grace@example.com',
  customerPhone: '0412 345 678',
  eventType: 'Wedding',
  resource: HALL,
  eventDate: futureDate(120),
  startTime: '10:00',
  endTime: '14:00',
  guestCount: 50,
  totalCents: 550_000,
  depositType: 'Percentage',
  depositValue: 20,
  notes: 'From a quotation',
  ...over,
});

const post = (body: unknown, secret = process.env.INTERNAL_SECRET!) =>
  fetch(`${h.t.url}/internal/bookings/from-quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-venue-internal': secret },
    body: JSON.stringify(body),
  }).then(async (r) => ({
    status: r.status,
    // The answers are probed field by field below.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (await r.json()) as any,
  }));

const ofQuote = (quotationId: string) =>
  h.t.kit.db.tenantTx(OWNER, async (tx) => {
    const { rows } = await tx.query<{
      status: string;
      total_cents: string;
      deposit_cents: string;
      booking_source: string;
    }>(
      `SELECT status, total_cents, deposit_cents, booking_source FROM bookings WHERE tenant_id = $1 AND quotation_id = $2`,
      [OWNER, quotationId],
    );
    return rows;
  });

describe('POST /internal/bookings/from-quote', () => {
  useHarness(h);
  it('internal callers only; a bad body is a 400', async () => {
    assert.equal((await post(quote(), 'wrong')).status, 401);
    assert.equal((await post({ ...quote(), tenantId: 'x' })).status, 400);
  });

  it("the booking form's limits hold: a quotation for 0 guests is a 400 naming guestCount, nothing stored", async () => {
    const q = quote({ guestCount: 0 });
    const res = await post(q);
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.errors, [
      { path: 'guestCount', message: 'Guest count must be a whole number of at least 1' },
    ]);
    assert.deepEqual(await ofQuote(q.quotationId), []);
  });

  it('twice at once → one confirmed booking with the quotation’s price and deposit', async () => {
    const q = quote();
    const [a, b] = await Promise.all([post(q), post(q)]);
    assert.equal(a.status, 200, JSON.stringify(a.body));
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.deepEqual([a.body.outcome, b.body.outcome].sort(), ['created', 'existing']);
    assert.equal(a.body.booking.id, b.body.booking.id);
    const rows = await ofQuote(q.quotationId);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.status, 'confirmed');
    assert.equal(Number(rows[0]!.total_cents), 550_000);
    assert.equal(Number(rows[0]!.deposit_cents), 110_000);
    assert.equal(rows[0]!.booking_source, 'quotation');
  });

  it('an exclusive quotation keeps its terms: $5,000 + 10 % GST is a $5,500 booking', async () => {
    const q = quote({
      eventDate: futureDate(122),
      totalCents: 500_000,
      taxType: 'exclusive',
      taxRateBp: 1000,
    });
    assert.equal((await post(q)).body.outcome, 'created');
    const rows = await ofQuote(q.quotationId);
    assert.equal(Number(rows[0]!.total_cents), 550_000);
    assert.equal(Number(rows[0]!.deposit_cents), 110_000);
  });

  it('a taken slot answers the clash and makes nothing', async () => {
    const day = futureDate(121);
    const first = await post(quote({ eventDate: day }));
    assert.equal(first.body.outcome, 'created');
    const q = quote({ eventDate: day, startTime: '12:00', endTime: '16:00' });
    const clash = await post(q);
    assert.equal(clash.status, 200);
    assert.equal(clash.body.outcome, 'conflict');
    assert.equal(clash.body.conflict.bookingId, first.body.booking.id);
    assert.equal((await ofQuote(q.quotationId)).length, 0);
  });
});
