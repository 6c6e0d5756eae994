/**
 * Customers at once (issue 25): when the venue holds free slots automatically, ten customers
 * requesting the same slot at the same moment get one hold between them, and the others are told
 * the time is taken with free times instead (never another customer's details); the two clicks of
 * one verification link at once make one booking. On PostgreSQL (where races are real) the
 * requests are also held after their check until all have passed it, so only the database's
 * exclusion constraint can decide. PGlite runs one transaction at a time and gives the same
 * answers.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useHarness } from '../testing/harness.ts';
import { count, openDoors, outbox, requestBody, visit } from './door-testing.ts';

const NOW = new Date('2031-03-03T00:00:00Z');

/** A gate the fake catalogue's quote waits at: opened once `n` requests reached it. */
function gateFor(n: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return async () => {
    arrived += 1;
    if (arrived >= n) open();
    await Promise.race([opened, new Promise((r) => setTimeout(r, 5000))]);
  };
}

describe('customers at once', () => {
  const h = useHarness();
  before(async () => {
    h.clock.now = NOW;
    await openDoors(h, { mode: 'hold', verifyEmail: false });
  });

  for (const [label, gated] of [
    ['at once', false],
    ['all past the check before any write (only the constraint decides)', true],
  ] as const) {
    it(`ten requests for one slot in hold mode: one hold, nine refusals (${label})`, async () => {
      const date = gated ? '2031-04-12' : '2031-04-05';
      if (gated) h.state.gate = gateFor(10);
      try {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            visit(
              h,
              'POST',
              '/requests',
              requestBody(date, { email: `racer${i}-${date}@example.com`, name: `Racer ${i}` }),
            ),
          ),
        );
        const statuses = answers.map((a) => a.status).sort();
        assert.deepEqual(statuses, [201, ...Array(9).fill(409)], answers.map((a) => a.text).join('\n'));
        const won = answers.find((a) => a.status === 201)!;
        assert.equal(won.body.hold, true);
        for (const lost of answers.filter((a) => a.status === 409)) {
          assert.equal(lost.body.reason, 'taken');
          assert.ok(Array.isArray(lost.body.alternatives));
          assert.doesNotMatch(lost.text, /Racer|racer|HH-/);
        }
        assert.equal(
          await count(
            h,
            `SELECT count(*) AS n FROM bookings WHERE booking_date = $1 AND status = 'tentative'`,
            [date],
          ),
          1,
        );
        assert.equal(await count(h, `SELECT count(*) AS n FROM bookings WHERE booking_date = $1`, [date]), 1);
      } finally {
        h.state.gate = undefined;
      }
    });
  }

  it('two clicks of one verification link at once make one booking, both told so', async () => {
    await openDoors(h, { mode: 'request', verifyEmail: true });
    const r = await visit(h, 'POST', '/requests', requestBody('2031-04-19', { email: 'twice@example.com' }));
    assert.equal(r.status, 202, r.text);
    const token = (await outbox(h, 'booking.request_verification_requested')).at(-1)!.token;
    h.state.gate = gateFor(2);
    try {
      const answers = await Promise.all([
        visit(h, 'POST', '/requests/verify', { token }),
        visit(h, 'POST', '/requests/verify', { token }),
      ]);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200],
        answers.map((a) => a.text).join('\n'),
      );
      assert.deepEqual(answers.map((a) => a.body.status).sort(), ['already', 'received']);
      assert.equal(answers[0]!.body.booking.code, answers[1]!.body.booking.code);
    } finally {
      h.state.gate = undefined;
    }
    assert.equal(await count(h, `SELECT count(*) AS n FROM bookings WHERE booking_date = '2031-04-19'`), 1);
  });
});
