import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startTestService } from '@venue/service-kit/testing';
import { createBookingsService } from '../app.ts';
import { HALL, OWNER, fakeClients, futureDate, useHarness } from '../testing/harness.ts';

describe('the database guarantee', () => {
  const h = useHarness();

  it('refuses overlapping slots on one resource by itself (23P01), whatever the application does', async () => {
    const insert = (from: string, to: string, resource = HALL) =>
      h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query(
          `INSERT INTO resource_slots (tenant_id, resource_id, kind, blockout_id, slot) VALUES ($1, $2, 'blockout', $3, tstzrange($4, $5))`,
          [OWNER, resource, randomUUID(), from, to],
        ),
      );
    await insert('2031-01-01T10:00:00Z', '2031-01-01T12:00:00Z');
    await assert.rejects(
      insert('2031-01-01T11:59:00Z', '2031-01-01T13:00:00Z'),
      (err: { code?: string }) => err.code === '23P01',
    );
    // half-open ranges: touching is not overlapping; another resource is independent
    await insert('2031-01-01T12:00:00Z', '2031-01-01T13:00:00Z');
    await insert('2031-01-01T10:00:00Z', '2031-01-01T12:00:00Z', randomUUID());
  });

  it(
    'expires a hold once even when two replicas sweep at the same time',
    { skip: !process.env.TEST_DATABASE_URL && 'needs a shared PostgreSQL (TEST_DATABASE_URL)' },
    async () => {
      const b = (await h.create({ bookingDate: futureDate(20) })).body.booking;
      await h.call('POST', `/api/bookings/${b.id}/accept`, h.tokens.owner, { holdHours: 24 });
      const later = new Date(Date.now() + 25 * 3_600_000);
      h.clock.now = later;
      const replica = await startTestService(
        createBookingsService({ clients: fakeClients(), now: () => later }),
        { database: h.t.database, schema: h.t.schema },
      );
      try {
        const ran = await Promise.all([h.t.kit.runJob('expire-holds'), replica.kit.runJob('expire-holds')]);
        assert.ok(ran.includes(true));
        const { rows } = await h.t.kit.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE type = 'booking.status_changed' AND data->>'id' = $1 AND data->>'to' = 'expired'`,
          [b.id],
        );
        assert.equal(rows[0]!.n, 1);
      } finally {
        h.clock.now = new Date();
        await replica.close();
      }
    },
  );
});
