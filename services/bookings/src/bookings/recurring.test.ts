/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/** Recurring bookings (issue 11 item 16): the series check, the all-or-nothing create, add-ons priced in. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDONS, HALL, ROOM, form, futureDate, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();
const [PROJECTOR, CLEANING] = Object.keys(ADDONS) as [string, string];

const check = (body: Record<string, unknown>) =>
  h.call('POST', '/api/bookings/recurring/check', h.tokens.owner, body);
const createSeries = (body: Record<string, unknown>) =>
  h.call('POST', '/api/bookings/recurring', h.tokens.owner, body);

/** Bookings of one customer (each test books under its own name). */
async function bookingsOf(customerName: string) {
  const r = await h.call(
    'GET',
    `/api/bookings?q=${encodeURIComponent(customerName)}&limit=100`,
    h.tokens.owner,
  );
  assert.equal(r.status, 200, r.text);
  return (r.body.items as any[]).sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
}

const weekAfter = (date: string, weeks: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

describe('recurring bookings', () => {
  useHarness(h);
  it('weekly ×4: four bookings, four codes, one series id, the same wall-clock times', async () => {
    const first = futureDate(100);
    const slot = { resourceId: HALL, bookingDate: first, startTime: '08:00', endTime: '10:00' };
    const repeat = { frequency: 'weekly', count: 4 };
    const dates = [0, 1, 2, 3].map((w) => weekAfter(first, w));

    const c = await check({ ...slot, repeat });
    assert.equal(c.status, 200, c.text);
    assert.deepEqual(
      c.body.occurrences.map((o: any) => [o.date, o.free]),
      dates.map((d) => [d, true]),
    );
    assert.equal(c.body.freeCount, 4);

    const r = await createSeries({ ...form({ customerName: 'Weekly Four', ...slot }), repeat });
    assert.equal(r.status, 201, r.text);
    const made = r.body.bookings as any[];
    assert.deepEqual(
      made.map((b) => [b.bookingDate, b.startTime, b.endTime, b.seriesId]),
      dates.map((d) => [d, '08:00', '10:00', r.body.seriesId]),
    );
    assert.equal(new Set(made.map((b) => b.bookingCode)).size, 4);
    const stored = await bookingsOf('Weekly Four');
    assert.deepEqual(
      stored.map((b) => [b.bookingDate, b.seriesId, b.status]),
      dates.map((d) => [d, r.body.seriesId, 'pending']),
    );
    // Each is priced as a single create prices it: 2 h at $100.
    for (const b of made) assert.equal(b.calculatedPriceCents, 20000);
    // Now the dates are taken, the check says so.
    const again = await check({ ...slot, repeat });
    assert.equal(again.body.freeCount, 0);
    assert.deepEqual(
      again.body.occurrences.map((o: any) => o.conflicts[0]?.bookingCode),
      made.map((b) => b.bookingCode),
    );
  });

  it('a collision on the 3rd week: the check lists it, the create refuses all (409) until it is left out', async () => {
    const first = futureDate(100);
    const slot = { resourceId: HALL, bookingDate: first, startTime: '12:30', endTime: '14:00' };
    const repeat = { frequency: 'weekly', until: weekAfter(first, 3) };
    const third = weekAfter(first, 2);
    const other = await h.create({
      customerName: 'In The Way',
      bookingDate: third,
      startTime: '13:00',
      endTime: '15:00',
    });
    assert.equal(other.status, 201, other.text);

    const c = await check({ ...slot, repeat });
    assert.equal(c.status, 200, c.text);
    assert.deepEqual(
      c.body.occurrences.map((o: any) => [o.date, o.free]),
      [0, 1, 2, 3].map((w) => [weekAfter(first, w), w !== 2]),
    );
    const clash = c.body.occurrences[2];
    assert.equal(clash.conflicts[0].bookingCode, other.body.booking.bookingCode);
    assert.equal(clash.conflicts[0].cause, 'overlap');

    const body = { ...form({ customerName: 'Weekly Clash', ...slot }), repeat };
    const refused = await createSeries(body);
    assert.equal(refused.status, 409, refused.text);
    assert.deepEqual(refused.body.dates, [third]);
    assert.equal(refused.body.collisions[0].conflicts[0].bookingCode, other.body.booking.bookingCode);
    assert.deepEqual(await bookingsOf('Weekly Clash'), [], 'nothing stored');

    const free = c.body.occurrences.filter((o: any) => o.free).map((o: any) => o.date);
    const saved = await createSeries({ ...body, dates: free });
    assert.equal(saved.status, 201, saved.text);
    assert.deepEqual(
      (await bookingsOf('Weekly Clash')).map((b) => b.bookingDate),
      free,
    );
  });

  it('a date taken while the series was being priced: 409 naming it, none stored', async () => {
    const first = futureDate(150);
    const slot = { resourceId: HALL, bookingDate: first, startTime: '08:00', endTime: '09:00' };
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let held = false;
    let reached!: () => void;
    const atGate = new Promise<void>((r) => (reached = r));
    h.state.gate = async () => {
      if (held) return;
      held = true;
      reached();
      await released;
    };
    try {
      const pending = createSeries({
        ...form({ customerName: 'Race Series', ...slot }),
        repeat: { frequency: 'fortnightly', count: 3 },
      });
      await atGate;
      const second = weekAfter(first, 2);
      const winner = await h.create({
        customerName: 'Race Winner',
        bookingDate: second,
        startTime: '08:00',
        endTime: '09:00',
      });
      assert.equal(winner.status, 201, winner.text);
      release();
      const r = await pending;
      assert.equal(r.status, 409, r.text);
      assert.deepEqual(r.body.dates, [second]);
      // the message names the date as the venue writes dates (DD/MM/YYYY), not as ISO
      assert.equal(
        r.body.message,
        `This date is no longer free: ${second.split('-').reverse().join('/')}. Check the dates again and save the free ones.`,
      );
      assert.deepEqual(await bookingsOf('Race Series'), []);
    } finally {
      h.state.gate = undefined;
      release();
    }
  });

  it('monthly on the 31st keeps the 31st and skips the months without one', async () => {
    const slot = { resourceId: HALL, bookingDate: '2027-01-31', startTime: '16:00', endTime: '17:00' };
    const repeat = { frequency: 'monthly', count: 4 };
    const c = await check({ ...slot, repeat });
    assert.equal(c.status, 200, c.text);
    assert.deepEqual(
      c.body.occurrences.map((o: any) => o.date),
      ['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31'],
    );
    assert.deepEqual([c.body.monthly, c.body.skipped], ['skip', ['2027-02', '2027-04', '2027-06']]);
    assert.equal(c.body.note, 'Months without that day are skipped.');
    const r = await createSeries({
      ...form({ customerName: 'Monthly End', ...slot }),
      repeat: { frequency: 'monthly', until: '2027-05-31' },
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      (await bookingsOf('Monthly End')).map((b) => b.bookingDate),
      ['2027-01-31', '2027-03-31', '2027-05-31'],
    );
  });

  it('across the April daylight-saving change in Sydney each date keeps 18:00 on the venue clock', async () => {
    const r = await createSeries({
      ...form({
        customerName: 'Autumn Weekly',
        bookingDate: '2027-03-29',
        startTime: '18:00',
        endTime: '20:00',
      }),
      repeat: { frequency: 'weekly', count: 3 },
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      r.body.bookings.map((b: any) => [b.startsAt, b.endsAt]),
      [
        ['2027-03-29T18:00:00.000+11:00', '2027-03-29T20:00:00.000+11:00'],
        ['2027-04-05T18:00:00.000+10:00', '2027-04-05T20:00:00.000+10:00'],
        ['2027-04-12T18:00:00.000+10:00', '2027-04-12T20:00:00.000+10:00'],
      ],
    );
    // 7 days and an hour apart as instants: the wall clock, not the UTC hour, repeats.
    const [a, b] = r.body.bookings.map((x: any) => Date.parse(x.startsAt));
    assert.equal(b - a, 7 * 86_400_000 + 3_600_000);
  });

  it('add-ons are priced into each booking, exactly as a single create prices them', async () => {
    const addOns = [
      { id: PROJECTOR, quantity: 2 },
      { id: CLEANING, quantity: 1 },
    ];
    const day = futureDate(200);
    const quote = await h.call('POST', '/api/bookings/check', h.tokens.owner, {
      resourceId: HALL,
      bookingDate: day,
      startTime: '10:00',
      endTime: '12:00',
      addOns,
    });
    assert.equal(quote.status, 200, quote.text);
    // 2 h × $100 + 2 × $50 + $30
    assert.equal(quote.body.quote.calculatedPriceCents, 33000);

    const single = await h.create({
      customerName: 'Addon Single',
      selectedHall: ROOM,
      guestCount: 5,
      bookingDate: day,
      startTime: '10:00',
      endTime: '12:00',
      addOns,
    });
    assert.equal(single.status, 201, single.text);
    const one = single.body.booking;
    assert.equal(one.seriesId, null);
    assert.equal(one.calculatedPriceCents, 33000);
    assert.deepEqual(
      one.addOns.map((a: any) => [a.name, a.quantity, a.priceCents]),
      [
        ['Projector', 2, 10000],
        ['Cleaning Service', 1, 3000],
      ],
    );

    const r = await createSeries({
      ...form({
        customerName: 'Addon Series',
        bookingDate: day,
        startTime: '10:00',
        endTime: '12:00',
        addOns,
      }),
      repeat: { frequency: 'weekly', count: 2 },
    });
    assert.equal(r.status, 201, r.text);
    for (const b of r.body.bookings) {
      assert.deepEqual(b.addOns, one.addOns);
      assert.equal(b.calculatedPriceCents, 33000);
      // the stored figures (net, GST, total, deposit) are those of the single create
      assert.deepEqual(b.money, one.money);
      assert.equal(b.money.totalCents, 33000);
    }
    const stored = await h.call('GET', `/api/bookings/${r.body.bookings[1].id}`, h.tokens.owner);
    assert.equal(stored.body.money.totalCents, 33000);
  });

  it('refuses a rule it cannot book with a 400 naming the field, and stores nothing', async () => {
    const day = futureDate(220);
    const base = {
      ...form({ customerName: 'Bad Rules', bookingDate: day }),
      repeat: { frequency: 'weekly', count: 3 },
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { repeat: undefined },
        'repeat',
        'Repeat must say how often (frequency) and until when (until or count).',
      ],
      [
        { repeat: { frequency: 'daily', count: 3 } },
        'repeat.frequency',
        'Repeat frequency must be weekly, fortnightly or monthly.',
      ],
      [
        { repeat: { frequency: 'weekly', count: 53 } },
        'repeat.count',
        'Repeat count must be a whole number from 2 to 52.',
      ],
      [
        { repeat: { frequency: 'weekly', count: '3' } },
        'repeat.count',
        'Repeat count must be a whole number from 2 to 52.',
      ],
      [{ repeat: { frequency: 'weekly' } }, 'repeat.until', 'Choose an end date or a number of times.'],
      [
        { repeat: { frequency: 'weekly', count: 3, until: weekAfter(day, 3) } },
        'repeat.count',
        'Choose an end date or a number of times. Not both.',
      ],
      [
        { repeat: { frequency: 'weekly', until: weekAfter(day, -1) } },
        'repeat.until',
        'The repeat end date must be on or after the booking date.',
      ],
      [
        { repeat: { frequency: 'weekly', until: weekAfter(day, 60) } },
        'repeat.until',
        'A series can have at most 52 dates; choose an earlier end date or a number of times.',
      ],
      [
        { repeat: { frequency: 'weekly', until: '2027-02-30' } },
        'repeat.until',
        'Repeat until must be a real day written YYYY-MM-DD.',
      ],
      [{ dates: [weekAfter(day, 1), '2030-01-01'] }, 'dates.1', '2030-01-01 is not a date of this series.'],
      [{ dates: [] }, 'dates', 'Choose at least one date to book.'],
      [{ customerEmail: 'nope' }, 'customerEmail', 'Please enter a valid email address'],
    ];
    for (const [change, path, message] of cases) {
      const r = await createSeries({ ...base, ...change });
      assert.deepEqual(
        [r.status, r.body.message, r.body.errors?.[0]?.path],
        [400, message, path],
        JSON.stringify(change),
      );
    }
    const c = await check({
      resourceId: HALL,
      bookingDate: day,
      startTime: '10:00',
      endTime: '09:00',
      repeat: base.repeat,
    });
    assert.deepEqual([c.status, c.body.errors[0].path], [400, 'endTime']);
    const past = await createSeries({ ...base, bookingDate: '2020-01-06' });
    assert.deepEqual([past.status, past.body.message], [400, 'Booking date cannot be in the past']);
    assert.deepEqual(await bookingsOf('Bad Rules'), []);
  });
});
