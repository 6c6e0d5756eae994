/**
 * money's Send of a quotation (decision 57): POST /internal/bookings/slot-check says whether the
 * slot is free of bookings and block-outs, buffers counted, and names the clash when it is not.
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { futureDate, HALL, OWNER, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();

const call = (path: string, body: unknown, secret = process.env.INTERNAL_SECRET!) =>
  fetch(`${h.t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-venue-internal': secret },
    body: JSON.stringify(body),
  }).then(async (r) => ({
    status: r.status,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (await r.json()) as any,
  }));

const slot = (over: Record<string, unknown> = {}) => ({
  tenantId: OWNER,
  resource: HALL,
  eventDate: futureDate(140),
  startTime: '10:00',
  endTime: '14:00',
  ...over,
});

describe('POST /internal/bookings/slot-check', () => {
  useHarness(h);
  it('internal callers only; a bad body is a 400', async () => {
    assert.equal((await call('/internal/bookings/slot-check', slot(), 'wrong')).status, 401);
    assert.equal(
      (await call('/internal/bookings/slot-check', { ...slot(), eventDate: '2026-02-30' })).status,
      400,
    );
  });

  it('free until a booking holds the time; then the clash is named, and a later slot is free again', async () => {
    const day = futureDate(150);
    assert.deepEqual((await call('/internal/bookings/slot-check', slot({ eventDate: day }))).body, {
      outcome: 'free',
    });
    const made = await call('/internal/bookings/from-quote', {
      tenantId: OWNER,
      quotationId: randomUUID(),
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      customerPhone: '0412 345 678',
      eventType: 'Wedding',
      resource: HALL,
      eventDate: day,
      startTime: '10:00',
      endTime: '14:00',
      guestCount: 40,
      totalCents: 100_000,
      depositType: 'None',
      depositValue: 0,
      notes: '',
    });
    assert.equal(made.body.outcome, 'created', JSON.stringify(made.body));
    const clash = await call(
      '/internal/bookings/slot-check',
      slot({ eventDate: day, startTime: '13:00', endTime: '16:00' }),
    );
    assert.equal(clash.status, 200);
    assert.equal(clash.body.outcome, 'conflict');
    assert.equal(clash.body.conflict.bookingId, made.body.booking.id);
    assert.equal(clash.body.conflict.bookingCode, made.body.booking.bookingCode);
    assert.match(clash.body.message, /Ada Lovelace/);
    const later = await call(
      '/internal/bookings/slot-check',
      slot({ eventDate: day, startTime: '18:00', endTime: '20:00' }),
    );
    assert.equal(later.body.outcome, 'free');
  });
});
