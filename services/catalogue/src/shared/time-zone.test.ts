import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hall, OWNER3, startCatalogue, type Harness } from '../testing/harness.ts';
import { wallClock, zonedInstant } from '@venue/service-kit';

describe('tenant time zone', () => {
  // The conversions themselves are the service kit's venue clock (venue-clock.test.ts); these are
  // the block-outs' cases.
  it('turns a wall-clock time into the instant it means, across daylight saving', () => {
    assert.equal(
      zonedInstant('2026-07-01', '09:00', 'Australia/Sydney').toISOString(),
      '2026-06-30T23:00:00.000Z',
    );
    assert.equal(
      zonedInstant('2026-01-01', '09:00', 'Australia/Sydney').toISOString(),
      '2025-12-31T22:00:00.000Z',
    );
    // 4 Oct 2026 02:30 does not exist in Sydney (clocks jump 02:00 → 03:00).
    assert.equal(
      zonedInstant('2026-10-04', '02:30', 'Australia/Sydney').toISOString(),
      '2026-10-03T16:30:00.000Z',
    );
    assert.equal(
      zonedInstant('2026-07-01', '09:00', 'Australia/Perth').toISOString(),
      '2026-07-01T01:00:00.000Z',
    );
    assert.deepEqual(wallClock(new Date('2026-06-30T23:00:00Z'), 'Australia/Sydney'), {
      date: '2026-07-01',
      time: '09:00',
    });
  });

  describe("from the catalogue's copy of admin's settings", () => {
    let h: Harness;
    let hallId: string;
    before(async () => {
      h = await startCatalogue();
      hallId = (await h.call('POST', '/api/resources', OWNER3, hall())).body.id;
    });
    after(() => h.close());
    const blockout = (as = OWNER3) =>
      h.call('POST', '/api/blockouts', as, {
        resourceId: hallId,
        dateFrom: '2026-07-01',
        dateTo: '2026-07-01',
      });
    const count = async () =>
      Number(
        (await h.t.kit.db.systemTx((tx) => tx.query<{ n: number }>(`SELECT count(*) AS n FROM blockouts`)))
          .rows[0]!.n,
      );

    it('a tenant whose settings have not arrived gets 503 and nothing is stored', async () => {
      await h.t.kit.db.systemTx((tx) =>
        tx.query(`DELETE FROM tenant_settings WHERE tenant_id = $1`, [OWNER3]),
      );
      const before = await count();
      const r = await blockout();
      assert.equal(r.status, 503);
      assert.equal(
        r.body.message,
        "This venue's settings have not reached the catalogue yet. Try again in a minute.",
      );
      assert.equal(await count(), before);
      assert.equal((await h.events('blockout.created')).length, 0);
    });

    it('places block-outs on the zone of the newest version; an older event changes nothing', async () => {
      assert.equal(await h.settings(OWNER3, { version: 5, timezone: 'Australia/Perth' }), 'processed');
      assert.equal((await blockout()).body.startsAt, '2026-07-01T01:00:00.000Z'); // 09:00 AWST
      // version 4 arrives late (and redelivered): kept out
      assert.equal(await h.settings(OWNER3, { version: 4, timezone: 'Pacific/Auckland' }), 'processed');
      assert.equal((await blockout()).body.startsAt, '2026-07-01T01:00:00.000Z');
      await h.settings(OWNER3, { version: 6, timezone: 'Pacific/Auckland' });
      assert.equal((await blockout()).body.startsAt, '2026-06-30T21:00:00.000Z'); // 09:00 NZST
    });

    it('refuses an event that breaks the contract, so the sender retries it', async () => {
      await assert.rejects(h.settings(OWNER3, { version: 7, timezone: 'Mars/Olympus' }));
      assert.equal((await blockout()).body.startsAt, '2026-06-30T21:00:00.000Z');
    });
  });
});
