/**
 * The catalogue's side of a block-out write through bookings (decision 55), against a stand-in
 * for bookings that answers as a test says: what bookings refuses is not stored; what bookings
 * did not confirm is undone there (released, or put back) and not stored; an edit bookings
 * cannot put back is stored; what is left between the steps is settled by the job; the revision
 * numbers bookings orders a block-out's writes by. scripts/blockout-race.test.ts runs the two
 * real services against each other.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BlockoutClash } from '@venue/contracts/bookings';
import { OWNER, hall, startCatalogue, type Harness } from '../testing/harness.ts';
import {
  BEING_CHANGED,
  CHANGED_MEANWHILE,
  intentTiming,
  NOT_SAVED,
  NOT_SETTLED,
} from './blockout-intents.ts';

describe('block-out writes through bookings', () => {
  let h: Harness;
  let hallA: string;
  let hallB: string;
  before(async () => {
    h = await startCatalogue();
    hallA = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Hall A' }))).body.id;
    hallB = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Hall B' }))).body.id;
  });
  after(() => h.close());

  const reset = () => {
    h.bookings.calls = [];
    delete h.bookings.answerReserve;
    delete h.bookings.answerRelease;
  };
  const form = (over: Record<string, unknown> = {}) => ({
    resourceIds: [hallA],
    dateFrom: '2027-03-01',
    dateTo: '2027-03-01',
    timeFrom: '08:00',
    timeTo: '12:00',
    reason: 'Maintenance',
    ...over,
  });
  const list = async () => (await h.call('GET', '/api/blockouts', OWNER)).body as Array<{ id: string }>;
  // every tenant's rows (the system scope), as the job reads them
  const intents = async () =>
    (
      await h.t.kit.db.systemTx((tx) =>
        tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM blockout_intents`),
      )
    ).rows[0]!.n;
  const stored = async (id: string) =>
    (
      await h.t.kit.db.systemTx((tx) =>
        tx.query<{ revision: number; time_from: string }>(
          `SELECT revision::int AS revision, time_from FROM blockouts WHERE id = $1`,
          [id],
        ),
      )
    ).rows[0];

  const clash: BlockoutClash = {
    blockoutId: '5a000000-0000-4000-8000-000000000001',
    resourceId: '5b000000-0000-4000-8000-000000000001',
    resourceName: 'Hall A',
    bookingId: '5c000000-0000-4000-8000-000000000001',
    bookingCode: 'HH-2027-0001',
    customer: 'Smith',
    eventType: 'Wedding',
    status: 'confirmed',
    bookingDate: '2027-03-01',
    startTime: '10:00',
    endTime: '14:00',
    explanation: 'Overlaps Smith Wedding (10:00 AM–2:00 PM)',
  };
  const overBookings =
    'This block-out overlaps a booking: HH-2027-0001 … Move or cancel it first, or block out over it.';

  it('reserves in bookings first, then stores exactly what bookings holds', async () => {
    reset();
    const made = await h.call('POST', '/api/blockouts/bulk', OWNER, {
      ...form({ resourceIds: [hallA, hallB], dateTo: '2027-03-03' }),
      span: 'daily',
    });
    assert.equal(made.status, 201, made.text);
    const ids = made.body.blockouts.map((b: { id: string }) => b.id);
    assert.equal(ids.length, 3);
    assert.equal(h.bookings.calls.length, 1);
    const call = h.bookings.calls[0]!;
    assert.equal(call.op, 'reserve');
    if (call.op !== 'reserve') return;
    assert.deepEqual(
      [
        call.body.revision,
        call.body.overBookings,
        [...call.body.resourceIds].sort(),
        call.body.blockouts.map((b) => b.id),
      ],
      [1, false, [hallA, hallB].sort(), ids],
    );
    assert.deepEqual(
      call.body.blockouts.map((b) => [b.startsAt, b.endsAt]),
      made.body.blockouts.map((b: { startsAt: string; endsAt: string }) => [b.startsAt, b.endsAt]),
    );
    assert.equal(await intents(), 0);
    assert.equal((await h.events('blockout.created')).filter((e) => ids.includes(e.data.id)).length, 3);
  });

  it('a block-out bookings refuses is not stored: its 409 names the bookings', async () => {
    reset();
    h.bookings.answerReserve = () => ({
      kind: 'refused',
      refusal: { message: overBookings, code: 'blockout_over_bookings', clashes: [clash] },
    });
    const before = (await list()).length;
    const events = (await h.events('blockout.created')).length;
    const refused = await h.call('POST', '/api/blockouts', OWNER, form());
    assert.equal(refused.status, 409, refused.text);
    assert.deepEqual(
      [refused.body.message, refused.body.code, refused.body.clashes],
      [overBookings, 'blockout_over_bookings', [clash]],
    );
    assert.equal((await list()).length, before, 'nothing stored');
    assert.equal((await h.events('blockout.created')).length, events, 'nothing announced');
    assert.equal(await intents(), 0);
    // blocking out over the bookings knowingly is bookings' to accept (decision 13, amended)
    reset();
    const over = await h.call('POST', '/api/blockouts', OWNER, form({ overBookings: true }));
    assert.equal(over.status, 201, over.text);
    const call = h.bookings.calls[0]!;
    assert.equal(call.op === 'reserve' && call.body.overBookings, true);
  });

  it('bookings does not answer: the reserve is released there and nothing is stored (503)', async () => {
    reset();
    h.bookings.answerReserve = () => ({ kind: 'unknown', why: 'timeout' });
    const before = (await list()).length;
    const r = await h.call(
      'POST',
      '/api/blockouts',
      OWNER,
      form({ dateFrom: '2027-03-05', dateTo: '2027-03-05' }),
    );
    assert.deepEqual([r.status, r.body.message], [503, NOT_SAVED]);
    const [reserve, release] = h.bookings.calls;
    assert.equal(release?.op, 'release');
    assert.deepEqual(
      release?.op === 'release' && release.body.ids,
      reserve?.op === 'reserve' && reserve.body.blockouts.map((b) => b.id),
    );
    assert.equal((await list()).length, before);
    assert.equal(await intents(), 0);
  });

  it('bookings answers neither: the intent waits, and the job releases it once bookings answers', async () => {
    reset();
    h.bookings.answerReserve = () => ({ kind: 'unknown', why: 'unreachable' });
    h.bookings.answerRelease = () => false;
    const before = (await list()).length;
    const r = await h.call(
      'POST',
      '/api/blockouts',
      OWNER,
      form({ dateFrom: '2027-03-06', dateTo: '2027-03-06' }),
    );
    assert.deepEqual([r.status, r.body.message], [503, NOT_SETTLED]);
    assert.equal(await intents(), 1);
    // the job leaves a young intent to its request…
    await h.t.kit.runJob('blockout-intents');
    assert.equal(await intents(), 1);
    // …and settles an old one when bookings answers
    h.bookings.answerRelease = () => true;
    const settleAfter = intentTiming.settleAfterMs;
    intentTiming.settleAfterMs = 0;
    try {
      await h.t.kit.runJob('blockout-intents');
    } finally {
      intentTiming.settleAfterMs = settleAfter;
    }
    assert.equal(await intents(), 0);
    assert.equal((await list()).length, before, 'never stored');
    assert.equal(h.bookings.calls.filter((c) => c.op === 'release').length, 2);
  });

  it('an edit: the next revision; not confirmed, it is put back in bookings; put back refused, the edit is stored', async () => {
    reset();
    const b = (
      await h.call('POST', '/api/blockouts', OWNER, form({ dateFrom: '2027-03-10', dateTo: '2027-03-10' }))
    ).body;
    assert.equal((await stored(b.id))!.revision, 1);
    // accepted: stored at revision 2
    reset();
    const edited = await h.call(
      'PUT',
      `/api/blockouts/${b.id}`,
      OWNER,
      form({ dateFrom: '2027-03-10', dateTo: '2027-03-10', timeFrom: '09:00' }),
    );
    assert.equal(edited.status, 200, edited.text);
    const first = h.bookings.calls[0]!;
    assert.equal(first.op === 'reserve' && first.body.revision, 2);
    assert.deepEqual(await stored(b.id), { revision: 2, time_from: '09:00' });

    // no answer, then the put-back (revision 4) accepted: unchanged, 503
    reset();
    h.bookings.answerReserve = (body) =>
      body.revision === 3
        ? { kind: 'unknown', why: 'timeout' }
        : { kind: 'accepted', answer: { revision: body.revision, waiting: [] } };
    const lost = await h.call(
      'PUT',
      `/api/blockouts/${b.id}`,
      OWNER,
      form({ dateFrom: '2027-03-10', dateTo: '2027-03-10', timeFrom: '10:00' }),
    );
    assert.deepEqual([lost.status, lost.body.message], [503, NOT_SAVED]);
    const putBack = h.bookings.calls[1]!;
    assert.equal(putBack.op, 'reserve');
    if (putBack.op === 'reserve') {
      assert.equal(putBack.body.revision, 4);
      assert.equal(putBack.body.overBookings, false);
      assert.equal(putBack.body.blockouts[0]!.startsAt, edited.body.startsAt, 'the old period');
    }
    assert.deepEqual(await stored(b.id), { revision: 4, time_from: '09:00' });

    // no answer, and a booking took the old time meanwhile: bookings keeps the edit, stored
    reset();
    h.bookings.answerReserve = (body) =>
      body.revision === 5
        ? { kind: 'unknown', why: 'timeout' }
        : {
            kind: 'refused',
            refusal: { message: overBookings, code: 'blockout_over_bookings', clashes: [clash] },
          };
    const kept = await h.call(
      'PUT',
      `/api/blockouts/${b.id}`,
      OWNER,
      form({ dateFrom: '2027-03-10', dateTo: '2027-03-10', timeFrom: '11:00' }),
    );
    assert.equal(kept.status, 200, kept.text);
    assert.equal(kept.body.timeFrom, '11:00');
    assert.deepEqual(await stored(b.id), { revision: 6, time_from: '11:00' });
    assert.equal(await intents(), 0);

    // refused outright: unchanged, the next edit numbers after it
    reset();
    h.bookings.answerReserve = () => ({
      kind: 'refused',
      refusal: { message: overBookings, code: 'blockout_over_bookings', clashes: [clash] },
    });
    const refused = await h.call(
      'PUT',
      `/api/blockouts/${b.id}`,
      OWNER,
      form({ dateFrom: '2027-03-11', dateTo: '2027-03-11' }),
    );
    assert.equal(refused.status, 409);
    assert.deepEqual(await stored(b.id), { revision: 7, time_from: '11:00' });
    // out of date (bookings applied a newer write, or the delete): 409 asking to reload
    h.bookings.answerReserve = () => ({
      kind: 'refused',
      refusal: { message: 'out of date', code: 'blockout_stale', clashes: [] },
    });
    const stale = await h.call(
      'PUT',
      `/api/blockouts/${b.id}`,
      OWNER,
      form({ dateFrom: '2027-03-11', dateTo: '2027-03-11' }),
    );
    assert.deepEqual([stale.status, stale.body.message], [409, CHANGED_MEANWHILE]);
  });

  it('two edits of one block-out at once: the second is refused while the first is under way', async () => {
    reset();
    const b = (
      await h.call('POST', '/api/blockouts', OWNER, form({ dateFrom: '2027-03-20', dateTo: '2027-03-20' }))
    ).body;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const atBookings = new Promise<void>((r) => (reached = r));
    h.bookings.answerReserve = async (body) => {
      reached();
      await held;
      return { kind: 'accepted', answer: { revision: body.revision, waiting: [] } };
    };
    const firstEdit = h.call(
      'PUT',
      `/api/blockouts/${b.id}`,
      OWNER,
      form({ dateFrom: '2027-03-20', dateTo: '2027-03-20', timeFrom: '09:00' }),
    );
    await atBookings;
    const second = await h.call(
      'PUT',
      `/api/blockouts/${b.id}`,
      OWNER,
      form({ dateFrom: '2027-03-20', dateTo: '2027-03-20', timeFrom: '10:00' }),
    );
    assert.deepEqual([second.status, second.body.message], [409, BEING_CHANGED]);
    release();
    assert.equal((await firstEdit).status, 200);
    assert.equal((await stored(b.id))!.time_from, '09:00');
  });

  it('a delete is stored first, then bookings is told (its event is the fallback)', async () => {
    reset();
    const b = (
      await h.call('POST', '/api/blockouts', OWNER, form({ dateFrom: '2027-03-25', dateTo: '2027-03-25' }))
    ).body;
    reset();
    h.bookings.answerRelease = () => false;
    assert.equal((await h.call('DELETE', `/api/blockouts/${b.id}`, OWNER)).status, 204);
    assert.deepEqual(h.bookings.calls, [{ op: 'release', body: { tenantId: OWNER, ids: [b.id] } }]);
    assert.equal((await h.events('blockout.deleted')).filter((e) => e.data.id === b.id).length, 1);
    assert.equal((await h.call('GET', `/api/blockouts/${b.id}`, OWNER)).status, 404);
  });
});
