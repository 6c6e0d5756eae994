/**
 * Dashboard and Reports answers are kept per version of the tenant's read model (answers.ts,
 * migration 023): a kept answer is never served once anything of the tenant changed, whoever
 * wrote it, nor once the clock has moved on by MAX_AGE_MS; an event that changes nothing leaves
 * the version; and transactions writing the same venues in opposite orders never deadlock on
 * the versions (the PostgreSQL pass, where transactions really run side by side). Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MAX_AGE_MS } from './answers.ts';
import {
  OWNER,
  OWNER2,
  bookingEvent,
  openDaily,
  resourceEvent,
  settingsEvent,
  startInsights,
  stopClocks,
  type BookingSpec,
  type Harness,
} from '../testing/harness.ts';

const NOW = new Date('2026-11-18T01:00:00.000Z');
const R1 = '1a000000-0000-4000-8000-0000000000a1';
const R2 = '1a000000-0000-4000-8000-0000000000a2';
const HOLD = '2b000000-0000-4000-8000-0000000000a1';

const hold = (over: Partial<BookingSpec> = {}): BookingSpec => ({
  id: HOLD,
  code: 'BK-HOLD',
  resourceId: R1,
  resourceName: 'Main Hall',
  status: 'tentative',
  startsAt: '2026-11-25T01:00:00.000Z',
  endsAt: '2026-11-25T03:00:00.000Z',
  // Runs out ten seconds after NOW, with no event to say so.
  holdExpiresAt: new Date(NOW.getTime() + 10_000).toISOString(),
  updatedAt: NOW.toISOString(),
  ...over,
});

describe('insights: answers kept per version of the read model', () => {
  let h: Harness;
  let startClocks = () => {};
  const setClock = (at: Date) => {
    startClocks();
    startClocks = stopClocks(at);
  };

  before(async () => {
    setClock(NOW);
    h = await startInsights();
    for (const t of [OWNER, OWNER2]) await h.deliver(settingsEvent(t));
    await h.deliver(resourceEvent(OWNER, { id: R1, name: 'Main Hall', hours: openDaily('08:00', '22:00') }));
    await h.deliver(resourceEvent(OWNER2, { id: R2, name: 'Hall Two', hours: openDaily('08:00', '22:00') }));
    await h.deliver(bookingEvent(OWNER, hold()));
  });
  after(async () => {
    startClocks();
    await h?.close();
  });

  const holdsKpi = async () => {
    const res = await h.call('GET', '/api/dashboard/stats', OWNER);
    assert.equal(res.status, 200, res.text);
    return (res.body.kpis as Array<{ key: string; value: number }>).find((k) => k.key === 'holdsExpiring')!
      .value;
  };
  const summaryBookings = async () => {
    const res = await h.call('GET', '/api/reports/summary?period=30d', OWNER);
    assert.equal(res.status, 200, res.text);
    return res.body.summary.bookings as number;
  };
  const version = async (tenantId: string) =>
    (
      await h.t.kit.db.systemTx((tx) =>
        tx.query<{ version: string }>('SELECT version FROM read_versions WHERE tenant_id = $1', [tenantId]),
      )
    ).rows[0]?.version;

  it('an event lands: the very next call counts it, although the answer before was kept', async () => {
    assert.equal(await holdsKpi(), 1);
    assert.equal(await holdsKpi(), 1);
    await h.deliver(bookingEvent(OWNER, hold({ id: randomUUID(), code: 'BK-HOLD2' })));
    assert.equal(await holdsKpi(), 2);

    const before = await summaryBookings();
    assert.equal(await summaryBookings(), before);
    // Two days ago: inside the Reports' last 30 days.
    const past = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();
    await h.deliver(
      bookingEvent(
        OWNER,
        hold({
          id: randomUUID(),
          code: 'BK-PAST',
          status: 'completed',
          startsAt: past(2),
          endsAt: past(1.9),
          holdExpiresAt: null,
        }),
      ),
    );
    assert.equal(await summaryBookings(), before + 1);
  });

  it('a change written by any hand, here plain SQL, shows on the next call', async () => {
    assert.equal(await holdsKpi(), 2);
    await h.t.kit.db.systemTx((tx) =>
      tx.query(`DELETE FROM bookings WHERE tenant_id = $1 AND booking_code = 'BK-HOLD2'`, [OWNER]),
    );
    assert.equal(await holdsKpi(), 1);
  });

  it('an event that changes nothing (an older version of the booking) leaves the version; a newer one moves it', async () => {
    const v = await version(OWNER);
    assert.ok(v);
    const older = new Date(NOW.getTime() - 60_000).toISOString();
    await h.deliver(bookingEvent(OWNER, hold({ status: 'cancelled', updatedAt: older, cancelledAt: older })));
    assert.equal(await version(OWNER), v);
    const other = await version(OWNER2);
    await h.deliver(
      bookingEvent(
        OWNER,
        hold({ customerName: 'Renamed', updatedAt: new Date(NOW.getTime() + 1).toISOString() }),
      ),
    );
    assert.notEqual(await version(OWNER), v);
    // Only the venue written to.
    assert.equal(await version(OWNER2), other);
  });

  it('time alone: a kept answer stands at most MAX_AGE_MS of the clock, and never for an earlier clock', async () => {
    assert.equal(await holdsKpi(), 1);
    // The hold ran out at NOW + 10 s; nothing was written since.
    setClock(new Date(NOW.getTime() + MAX_AGE_MS + 1));
    assert.equal(await holdsKpi(), 0);
    setClock(NOW);
    assert.equal(await holdsKpi(), 1);
  });

  it('two transactions writing two venues in opposite orders both commit (no deadlock on the versions)', async (t) => {
    if (h.t.database.kind !== 'pg') return t.skip('PGlite runs one transaction at a time');
    const write = (tx: Parameters<Parameters<typeof h.t.kit.db.systemTx>[0]>[0], tenantId: string) =>
      tx.query(
        `INSERT INTO resources (tenant_id, id, name, status, version_at) VALUES ($1, $2, 'Side room', 'active', now())`,
        [tenantId, randomUUID()],
      );
    // Each writes its first venue, waits until the other has too, then writes the other venue.
    let firsts = 0;
    let bothWrote = () => {};
    const gate = new Promise<void>((r) => (bothWrote = r));
    const firstDone = () => {
      if (++firsts === 2) bothWrote();
      return gate;
    };
    const [a, b] = [await version(OWNER), await version(OWNER2)];
    await Promise.all([
      h.t.kit.db.systemTx(async (tx) => {
        await write(tx, OWNER);
        await firstDone();
        await write(tx, OWNER2);
      }),
      h.t.kit.db.systemTx(async (tx) => {
        await write(tx, OWNER2);
        await firstDone();
        await write(tx, OWNER);
      }),
    ]);
    assert.notEqual(await version(OWNER), a);
    assert.notEqual(await version(OWNER2), b);
  });
});
