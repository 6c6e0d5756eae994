import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CalendarData, CalendarEvent } from '../api/types.ts';
import { MONTH_CELL_BOOKINGS, bookingTitle, monthEvents, type MoreBookings } from './events.ts';

function booking(i: number, date: string, startTime: string): CalendarEvent {
  return {
    id: `b${i}`,
    title: `Event ${i}`,
    resourceId: 'r1',
    resourceName: 'Hall',
    start: `${date}T${startTime}:00+10:00`,
    end: `${date}T23:00:00+10:00`,
    bufferStart: null,
    bufferEnd: null,
    status: 'confirmed',
    bookingCode: `BK-${i}`,
    customerName: `C${i}`,
    eventType: 'Party',
    bookingDate: date,
    startTime,
    endTime: '23:00',
  };
}

describe('month view events', () => {
  it('hands the calendar at most 3 bookings a day, earliest first, and one "+N more" with the rest', () => {
    const times = ['18:00', '09:00', '12:00', '07:00', '15:00'];
    const data: CalendarData = {
      events: [...times.map((t, i) => booking(i, '2026-03-02', t)), booking(10, '2026-03-03', '10:00')],
      blockouts: [],
    };
    const out = monthEvents(data);
    const busy = out.filter((e) => String(e.start).startsWith('2026-03-02'));
    assert.equal(MONTH_CELL_BOOKINGS, 3);
    assert.deepEqual(
      busy.slice(0, 3).map((e) => e.id),
      ['b3', 'b1', 'b2'],
    );
    const more = busy[3]?.extendedProps as MoreBookings;
    assert.equal(busy.length, 4);
    assert.equal(busy[3]?.title, '+2 more');
    assert.equal(more.count, 2);
    assert.deepEqual(
      more.hidden?.map((b) => b.id),
      ['b4', 'b0'],
    );
    // a quiet day has no "+N more"
    assert.deepEqual(
      out.filter((e) => String(e.start).startsWith('2026-03-03')).map((e) => e.id),
      ['b10'],
    );
  });

  it('keeps a month of 2,000 bookings to what 31 cells show', () => {
    const events = Array.from({ length: 2000 }, (_, i) =>
      booking(i, `2026-03-${String((i % 31) + 1).padStart(2, '0')}`, '10:00'),
    );
    const out = monthEvents({ events, blockouts: [] });
    assert.equal(out.length, 31 * 4);
    const hidden = out.reduce((n, e) => n + ((e.extendedProps as MoreBookings).hidden?.length ?? 0), 0);
    assert.equal(hidden + 31 * 3, 2000);
  });

  it('says "+N more" from the day totals when the server sent only 3 a day', () => {
    const events = ['09:00', '10:00', '11:00'].map((t, i) => booking(i, '2026-03-02', t));
    const out = monthEvents({ events, blockouts: [], dayTotals: { '2026-03-02': 40 } });
    const more = out.find((e) => e.id === 'more-2026-03-02');
    assert.equal(more?.title, '+37 more');
    const props = more?.extendedProps as MoreBookings;
    assert.equal(props.hidden, undefined, 'the rest is loaded when the popover opens');
    assert.deepEqual(props.shownIds, ['b0', 'b1', 'b2']);
    // a day whose total is what it shows has no "+N more"
    const quiet = monthEvents({ events, blockouts: [], dayTotals: { '2026-03-02': 3 } });
    assert.equal(quiet.filter((e) => e.id === 'more-2026-03-02').length, 0);
  });
});

describe('booking titles', () => {
  it('name the customer, then the event type (spec 02 §2.2)', () => {
    assert.equal(
      bookingTitle({ customerName: 'Ada Lovelace', eventType: 'Conference', title: 'Conference - Ada' }),
      'Ada Lovelace — Conference',
    );
    assert.equal(
      monthEvents({ events: [booking(1, '2026-03-02', '10:00')], blockouts: [] })[0]?.title,
      'C1 — Party',
    );
  });
});
