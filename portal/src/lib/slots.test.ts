import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, monthGrid, startOfWeek, venueToday, venueWallClock, weekday } from './dates.ts';
import { dayView, viewsFor, type AvailabilityInput } from './slots.ts';

const SYDNEY = 'Australia/Sydney';

/** 09:00–23:00 every day of `dates`, nothing busy, bookable from long before to long after. */
function input(dates: string[], over: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    timezone: SYDNEY,
    days: dates.map((date) => ({ date, open: 9 * 60, close: 23 * 60 })),
    busy: [],
    earliestStart: '2000-01-01T00:00:00Z',
    lastDate: '2100-01-01',
    setupMinutes: 0,
    packdownMinutes: 0,
    ...over,
  };
}

/** The instant of a Sydney wall-clock time, found by asking the zone (no fixed offset assumed). */
function sydney(date: string, hhmm: string): string {
  for (const offset of [11, 10]) {
    const guess = new Date(`${date}T${hhmm}:00+${offset}:00`);
    const back = venueWallClock(guess, SYDNEY);
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    if (back.date === date && back.minutes === h * 60 + m) return guess.toISOString();
  }
  throw new Error(`no instant for ${date} ${hhmm}`);
}

describe('the calendar days of the venue', () => {
  it('counts weeks from Monday and a month grid from the Monday before the 1st to the Sunday after its last', () => {
    assert.equal(startOfWeek('2026-12-12'), '2026-12-07');
    assert.equal(startOfWeek('2026-12-07'), '2026-12-07');
    assert.equal(startOfWeek('2026-12-13'), '2026-12-07');
    const grid = monthGrid('2026-02-15');
    assert.equal(grid[0], '2026-01-26');
    assert.equal(grid.at(-1), '2026-03-01');
    assert.equal(grid.length % 7, 0);
    assert.equal(weekday('2026-12-12'), 6);
  });

  it("takes today from the venue's zone, not the browser's, at every hour of a year", () => {
    // Sydney is 10 or 11 hours ahead of UTC: from 13:00 or 14:00 UTC it is already tomorrow there.
    for (let h = 0; h < 365 * 24; h += 7) {
      const now = Date.UTC(2026, 0, 1) + h * 3_600_000;
      const expected = new Intl.DateTimeFormat('en-CA', { timeZone: SYDNEY }).format(now);
      assert.equal(venueToday(SYDNEY, now), expected);
    }
  });
});

describe('a day of the availability calendar', () => {
  it('offers the opening hours less what is busy, and says the busy stretches', () => {
    const day = '2026-12-12';
    const view = dayView(
      input([day], { busy: [{ start: sydney(day, '10:00'), end: sydney(day, '14:00') }] }),
      { date: day, open: 9 * 60, close: 23 * 60 },
    );
    assert.equal(view.state, 'open');
    assert.deepEqual(view.busy, [{ start: 600, end: 840 }]);
    assert.deepEqual(view.free, [
      { start: 540, end: 600 },
      { start: 840, end: 1380 },
    ]);
  });

  it("keeps a new booking's setup and pack-down buffers clear of what is busy", () => {
    const day = '2026-12-12';
    const view = dayView(
      input([day], {
        busy: [{ start: sydney(day, '12:00'), end: sydney(day, '14:00') }],
        setupMinutes: 30,
        packdownMinutes: 60,
      }),
      { date: day, open: 9 * 60, close: 23 * 60 },
    );
    // before: ends an hour short of 12:00 (its pack-down); after: starts 30 minutes past 14:00
    assert.deepEqual(view.free, [
      { start: 540, end: 660 },
      { start: 870, end: 1380 },
    ]);
  });

  it('drops free stretches shorter than half an hour and reads a day with none as fully booked', () => {
    const day = '2026-12-12';
    const view = dayView(
      input([day], {
        busy: [
          { start: sydney(day, '09:00'), end: sydney(day, '15:00') },
          { start: sydney(day, '15:20'), end: sydney(day, '23:00') },
        ],
      }),
      { date: day, open: 9 * 60, close: 23 * 60 },
    );
    assert.equal(view.state, 'full');
    assert.deepEqual(view.free, []);
  });

  it('reads a closed day, a day before the notice and a day past the window as such', () => {
    const base = input(['2026-12-10', '2026-12-11', '2026-12-12'], {
      earliestStart: sydney('2026-12-11', '12:00'),
      lastDate: '2026-12-11',
    });
    assert.equal(dayView(base, { date: '2026-12-11', open: null, close: null }).state, 'closed');
    assert.equal(dayView(base, { date: '2026-12-10', open: 540, close: 1380 }).state, 'too-soon');
    assert.equal(dayView(base, { date: '2026-12-12', open: 540, close: 1380 }).state, 'beyond-window');
    // the day the notice ends: free from then on (rounded up to the quarter hour)
    const first = dayView(base, { date: '2026-12-11', open: 540, close: 1380 });
    assert.deepEqual(first.free, [{ start: 720, end: 1380 }]);
  });

  it("reads a day before the venue's today as past, whatever else it is", () => {
    const base = input(['2026-12-09', '2026-12-10'], {
      today: '2026-12-10',
      earliestStart: sydney('2026-12-12', '09:00'),
    });
    assert.equal(dayView(base, { date: '2026-12-09', open: 540, close: 1380 }).state, 'past');
    assert.equal(dayView(base, { date: '2026-12-09', open: null, close: null }).state, 'past');
    assert.equal(dayView(base, { date: '2026-12-10', open: 540, close: 1380 }).state, 'too-soon');
  });

  it('cuts a busy stretch over midnight at it, on both days', () => {
    const days = ['2026-12-12', '2026-12-13'];
    const views = viewsFor(
      input(days, {
        days: days.map((date) => ({ date, open: 0, close: 1440 })),
        busy: [{ start: sydney('2026-12-12', '22:00'), end: sydney('2026-12-13', '02:00') }],
      }),
      days,
    );
    assert.deepEqual(views[0]!.busy, [{ start: 1320, end: 1440 }]);
    assert.deepEqual(views[1]!.busy, [{ start: 0, end: 120 }]);
  });

  it("reads busy instants on the venue's wall clock on both sides of a daylight-saving change", () => {
    // Sydney's clocks go forward on 2026-10-04 and back on 2026-04-05: 18:00–20:00 stays 18:00–20:00.
    for (const day of ['2026-04-04', '2026-04-05', '2026-04-06', '2026-10-03', '2026-10-04', '2026-10-05']) {
      const view = dayView(
        input([day], { busy: [{ start: sydney(day, '18:00'), end: sydney(day, '20:00') }] }),
        {
          date: day,
          open: 9 * 60,
          close: 23 * 60,
        },
      );
      assert.deepEqual(view.busy, [{ start: 1080, end: 1200 }], day);
    }
  });

  it('gives a day the answer does not cover as closed', () => {
    const [view] = viewsFor(input(['2026-12-12']), ['2026-12-14']);
    assert.equal(view!.state, 'closed');
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
  });
});
