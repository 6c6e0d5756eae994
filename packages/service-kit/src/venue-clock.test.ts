import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TZDate, tzOffset } from '@date-fns/tz';
import { TIMEZONES } from '@venue/contracts';
import { venueIso, venueToday, wallClock, zonedInstant } from './venue-clock.ts';

const SYD = 'Australia/Sydney';
const PER = 'Australia/Perth';
const iso = (date: string, time: string, zone: string) => zonedInstant(date, time, zone).toISOString();
const hours = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 3_600_000;

describe('venue clock', () => {
  it('reads a wall clock with the offset of its day, either side of the change', () => {
    assert.equal(iso('2026-07-01', '09:00', SYD), '2026-06-30T23:00:00.000Z'); // AEST +10
    assert.equal(iso('2026-01-01', '09:00', SYD), '2025-12-31T22:00:00.000Z'); // AEDT +11
    assert.equal(iso('2026-04-04', '10:00', SYD), '2026-04-03T23:00:00.000Z'); // the day before April's change
    assert.equal(iso('2026-04-06', '10:00', SYD), '2026-04-06T00:00:00.000Z'); // the day after
    assert.equal(iso('2026-07-01', '09:00', PER), '2026-07-01T01:00:00.000Z');
    assert.equal(iso('2026-07-01', '09:00', 'UTC'), '2026-07-01T09:00:00.000Z');
  });

  it("Sydney's April change (03:00 AEDT → 02:00 AEST): the repeated hour is read as its first occurrence", () => {
    assert.equal(iso('2026-04-05', '01:59', SYD), '2026-04-04T14:59:00.000Z'); // AEDT
    assert.equal(iso('2026-04-05', '02:00', SYD), '2026-04-04T15:00:00.000Z'); // first 02:00, AEDT
    assert.equal(iso('2026-04-05', '02:30', SYD), '2026-04-04T15:30:00.000Z'); // first 02:30, AEDT
    assert.equal(iso('2026-04-05', '02:59', SYD), '2026-04-04T15:59:00.000Z');
    assert.equal(iso('2026-04-05', '03:00', SYD), '2026-04-04T17:00:00.000Z'); // AEST
    // 01:00–05:00 that day lasts five hours
    assert.equal(
      hours(zonedInstant('2026-04-05', '01:00', SYD), zonedInstant('2026-04-05', '05:00', SYD)),
      5,
    );
    assert.equal(venueIso(zonedInstant('2026-04-05', '02:30', SYD), SYD), '2026-04-05T02:30:00.000+11:00');
  });

  it("Sydney's October change (02:00 AEST → 03:00 AEDT): a skipped time moves forward by the gap", () => {
    assert.equal(iso('2026-10-04', '01:59', SYD), '2026-10-03T15:59:00.000Z'); // AEST
    // 02:00–02:59 do not exist that day: read with the offset before the change
    assert.equal(iso('2026-10-04', '02:00', SYD), '2026-10-03T16:00:00.000Z');
    assert.equal(iso('2026-10-04', '02:30', SYD), '2026-10-03T16:30:00.000Z');
    assert.equal(venueIso(zonedInstant('2026-10-04', '02:30', SYD), SYD), '2026-10-04T03:30:00.000+11:00');
    assert.equal(iso('2026-10-04', '03:00', SYD), '2026-10-03T16:00:00.000Z'); // AEDT
    // 01:00–05:00 that day lasts three hours; an evening four
    assert.equal(
      hours(zonedInstant('2026-10-04', '01:00', SYD), zonedInstant('2026-10-04', '05:00', SYD)),
      3,
    );
    assert.equal(
      hours(zonedInstant('2026-10-04', '18:00', SYD), zonedInstant('2026-10-04', '22:00', SYD)),
      4,
    );
  });

  it('Perth keeps +08:00 on the days Sydney changes', () => {
    for (const date of ['2026-04-05', '2026-10-04']) {
      for (const time of ['01:00', '02:00', '02:30', '03:00', '05:00']) {
        const at = zonedInstant(date, time, PER);
        assert.equal(venueIso(at, PER), `${date}T${time}:00.000+08:00`);
      }
      assert.equal(hours(zonedInstant(date, '01:00', PER), zonedInstant(date, '05:00', PER)), 4);
    }
    assert.equal(iso('2026-10-04', '02:30', PER), '2026-10-03T18:30:00.000Z');
  });

  it('the same rules west of UTC (New York) as east of it', () => {
    const NY = 'America/New_York';
    assert.equal(iso('2026-03-08', '02:30', NY), '2026-03-08T07:30:00.000Z'); // skipped: 03:30 EDT
    assert.equal(iso('2026-11-01', '01:30', NY), '2026-11-01T05:30:00.000Z'); // twice: first, EDT
  });

  it("renders instants on the venue's clock", () => {
    assert.equal(venueIso(new Date('2026-11-22T14:00:00Z'), SYD), '2026-11-23T01:00:00.000+11:00');
    assert.equal(venueIso(new Date('2026-04-04T15:59:00Z'), SYD), '2026-04-05T02:59:00.000+11:00');
    assert.equal(venueIso(new Date('2026-04-04T16:00:00Z'), SYD), '2026-04-05T02:00:00.000+10:00');
    assert.equal(
      venueIso(new Date('2026-06-01T12:00:00Z'), 'America/New_York'),
      '2026-06-01T08:00:00.000-04:00',
    );
    assert.equal(venueIso(new Date('2026-06-01T12:00:00Z'), 'UTC'), '2026-06-01T12:00:00.000+00:00');
    assert.equal(venueIso(new Date('2026-06-01T12:00:00Z'), 'Asia/Kolkata'), '2026-06-01T17:30:00.000+05:30');
    assert.deepEqual(wallClock(new Date('2026-06-30T23:00:00Z'), SYD), { date: '2026-07-01', time: '09:00' });
    assert.deepEqual(wallClock(new Date('2026-10-03T16:30:00Z'), SYD), { date: '2026-10-04', time: '03:30' });
    assert.equal(venueToday(new Date('2026-11-22T14:00:00Z'), SYD), '2026-11-23');
    assert.equal(venueToday(new Date('2026-11-22T12:59:59Z'), SYD), '2026-11-22');
    assert.equal(venueToday(new Date('2026-11-22T14:00:00Z'), PER), '2026-11-22');
  });

  it('refuses what is not a wall-clock date and time', () => {
    for (const [date, time] of [
      ['2026-7-1', '09:00'],
      ['2026-07-01', '9:00'],
      ['', ''],
      ['2026-07-01T09:00', '09:00'],
    ] as const)
      assert.throws(() => zonedInstant(date, time, SYD), RangeError, `${date} ${time}`);
  });

  it('in every zone a venue can choose, every wall clock around each 2026 change means one instant, by the rules above', () => {
    const DAY = 86_400_000;
    const offsetAt = (t: number) => {
      const m = /([+-])(\d{2}):(\d{2})$/.exec(venueIso(new Date(t), zone))!;
      return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
    };
    let zone: string = SYD;
    let changes = 0;
    for (zone of TIMEZONES) {
      for (
        let day = Date.parse('2026-01-01T00:00:00Z');
        day < Date.parse('2027-01-01T00:00:00Z');
        day += DAY
      ) {
        if (offsetAt(day) === offsetAt(day + DAY)) continue;
        changes++;
        // each instant of the two days around the change reads back to itself, or to the first of
        // two instants showing the same wall clock
        for (let t = day - DAY; t < day + 2 * DAY; t += 15 * 60_000) {
          const { date, time } = wallClock(new Date(t), zone);
          const back = zonedInstant(date, time, zone).getTime();
          if (back === t) continue;
          assert.ok(back < t && t - back <= 3_600_000, `${zone} ${date} ${time}`);
          assert.deepEqual(wallClock(new Date(back), zone), { date, time });
        }
        // each wall clock of those days exists, or is a skipped one moved forward by the gap
        const gap = offsetAt(day + DAY) - offsetAt(day);
        for (let w = day - DAY; w < day + 2 * DAY; w += 15 * 60_000) {
          const [date, time] = [
            new Date(w).toISOString().slice(0, 10),
            new Date(w).toISOString().slice(11, 16),
          ];
          const shown = wallClock(zonedInstant(date, time, zone), zone);
          if (shown.date === date && shown.time === time) continue;
          assert.ok(gap > 0, `${zone} ${date} ${time} is skipped only when the clocks go forward`);
          const moved = new Date(w + gap * 60_000).toISOString();
          assert.deepEqual(
            shown,
            { date: moved.slice(0, 10), time: moved.slice(11, 16) },
            `${zone} ${date} ${time}`,
          );
        }
      }
    }
    // twice a year in 12 of the 21: the four US zones, London, Paris, Berlin, Adelaide, Sydney,
    // Melbourne, Hobart and Auckland
    assert.equal(changes, 2 * 12);
  });

  it('writes an instant with the offset the zone rules give, as the zone library does, every hour of 2026', () => {
    for (const zone of TIMEZONES) {
      for (
        let t = Date.parse('2026-01-01T00:00:00Z');
        t < Date.parse('2027-01-01T00:00:00Z');
        t += 3_600_000 + 7_000
      ) {
        assert.equal(venueIso(new Date(t), zone), new TZDate(t, zone).toISOString(), `${zone} ${t}`);
      }
    }
    assert.throws(() => venueIso(new Date(Number.NaN), SYD), RangeError);
  });

  it('writes every minute around each 2026 change of every zone as the zone library does', () => {
    let changes = 0;
    let midHour = 0;
    for (const zone of TIMEZONES) {
      for (
        let h = Date.parse('2026-01-01T00:00:00Z');
        h < Date.parse('2027-01-01T00:00:00Z');
        h += 3_600_000
      ) {
        // A change in (h, h + 1 h]: on the next hour's start, or within this hour.
        if (tzOffset(zone, new Date(h)) === tzOffset(zone, new Date(h + 3_600_000))) continue;
        changes++;
        if (tzOffset(zone, new Date(h)) !== tzOffset(zone, new Date(h + 3_599_999))) midHour++;
        // An hour either side, minute by minute; twice, the second time from what was remembered.
        for (let pass = 0; pass < 2; pass++) {
          for (let t = h - 3_600_000; t < h + 7_200_000; t += 60_000 + 1) {
            assert.equal(venueIso(new Date(t), zone), new TZDate(t, zone).toISOString(), `${zone} ${t}`);
          }
        }
      }
    }
    assert.equal(changes, 2 * 12);
    // Adelaide's two fall at half past a UTC hour; everyone else's on the hour.
    assert.equal(midHour, 2);
  });

  it('gives a new Date each time, so a caller changing one does not change the next answer', () => {
    const first = zonedInstant('2026-07-01', '09:00', SYD);
    first.setUTCHours(0);
    assert.equal(zonedInstant('2026-07-01', '09:00', SYD).toISOString(), '2026-06-30T23:00:00.000Z');
  });
});
