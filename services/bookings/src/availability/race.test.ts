import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { futureDate, useHarness } from '../testing/harness.ts';

describe('no overlaps under concurrency', () => {
  const h = useHarness();

  /** `n` creates at once, each changed by `over(i)`; asserts one 201 and n − 1 × 409 with the message. */
  async function race(n: number, over: (i: number) => Record<string, unknown>) {
    const results = await Promise.all(Array.from({ length: n }, (_, i) => h.create(over(i))));
    const statuses = results.map((r) => r.status);
    assert.equal(
      statuses.filter((s) => s === 201).length,
      1,
      `statuses: ${statuses.join(',')} ${JSON.stringify(results[0]!.body)}`,
    );
    assert.equal(statuses.filter((s) => s === 409).length, n - 1);
    for (const r of results.filter((x) => x.status === 409))
      assert.equal(
        r.body.message,
        'Time slot conflicts with existing booking(s). Please choose a different time.',
      );
  }

  it('50 concurrent creates for overlapping slots on one resource: exactly 1 created, 49 answered 409', async () => {
    const date = futureDate(60);
    await race(50, (i) => ({
      customerEmail: `racer${i}@example.com`,
      bookingDate: date,
      startTime: `${String(10 + (i % 5)).padStart(2, '0')}:00`,
      endTime: '16:00',
    }));
    const list = await h.call('GET', `/api/bookings?from=${date}&to=${date}`, h.tokens.owner);
    assert.equal(list.body.total, 1);
  });

  // Runs on PGlite too (transactions take turns there, so it passes trivially); the race is real
  // on the server, which must never skip it.
  it('the exclusion constraint answers 409 when racing requests all pass the application check', async () => {
    const date = futureDate(61);
    // Hold every request after its conflict check until ten are waiting (the pool size), so
    // only the database constraint can tell them apart.
    let waiting: Array<() => void> = [];
    h.state.gate = () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length >= 10) {
          waiting.forEach((r) => r());
          waiting = [];
        } else setTimeout(resolve, 500);
      });
    try {
      await race(10, (i) => ({
        customerEmail: `gate${i}@example.com`,
        bookingDate: date,
        startTime: '10:00',
        endTime: `${11 + i}:00`,
      }));
    } finally {
      h.state.gate = undefined;
    }
  });
});
