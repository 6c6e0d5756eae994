// A block-out and a booking never overlap, even in the same second (issue 24 item 8, decision
// 55): the real catalogue and the real bookings service on fresh databases (PGlite, or schemas
// on TEST_DATABASE_URL, where the race is real), the catalogue reserving each block-out's time
// through bookings' internal route, bookings fetching resources and quotes from the catalogue.
// Each round makes a block-out write (one period, several days on several resources, an edit
// moving one onto the time, a delete) and a booking for the same time at once, or a few
// hundredths of a second apart (the gap that let bookings in when block-outs came by event),
// and then compares what each service stored: no block-out the catalogue shows may overlap a
// booking that holds its time in bookings. Then: a reserve bookings accepted but the catalogue
// never stored (the process died between the steps) is released by the catalogue's job, and an
// edit left that way is put back.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { venueToday, zonedInstant } from '@venue/service-kit';
import {
  makePrincipal,
  pointPeersAt,
  settingsChangedEvent,
  startEventSink,
  startTestService,
  testKeys,
  type TestService,
} from '@venue/service-kit/testing';
import { createBookingsService } from '../services/bookings/src/app.ts';
import { createCatalogueService } from '../services/catalogue/src/app.ts';
import { intentTiming, recordIntent } from '../services/catalogue/src/blockouts/blockout-intents.ts';
import { isolateServices } from './lib/demo-venues.ts';

const ZONE = 'Australia/Sydney';
const OWNER = '0a000000-0000-4000-8000-0000000000b1';
/** 100 rounds where the race is real; fewer on PGlite, whose transactions take turns anyway. */
const ROUNDS = process.env.TEST_DATABASE_URL ? 100 : 24;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('block-outs and bookings across the two services (decision 55)', () => {
  let catalogue: TestService;
  let bookings: TestService;
  let sink: Awaited<ReturnType<typeof startEventSink>> | undefined;
  let token: string;
  let hallA: string;
  let hallB: string;
  // Nothing reaches a product on the default ports; the two services find each other.
  let restoreIsolation = () => {};
  let restorePeers = () => {};
  const today = venueToday(new Date(), ZONE);

  async function call(base: string, method: string, path: string, body?: unknown) {
    const res = await fetch(base + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, text };
  }
  const cat = (method: string, path: string, body?: unknown) => call(catalogue.url, method, path, body);
  const book = (day: string, resourceId: string, from: string, to: string, who: string) =>
    call(bookings.url, 'POST', '/api/bookings/admin', {
      customerName: who,
      customerEmail: `${who.toLowerCase().replace(/\W+/g, '-')}@example.com`,
      customerPhone: '+61 412 345 678',
      eventType: 'Meeting',
      selectedHall: resourceId,
      bookingDate: day,
      startTime: from,
      endTime: to,
      guestCount: 10,
    });
  const blockout = (day: string, over: Record<string, unknown> = {}) => ({
    resourceIds: [hallA],
    dateFrom: day,
    dateTo: day,
    timeFrom: '10:00',
    timeTo: '12:00',
    reason: 'Maintenance',
    ...over,
  });

  before(async () => {
    const keys = await testKeys();
    restoreIsolation = isolateServices();
    const principal = makePrincipal({ userId: OWNER });
    const resolvePrincipal = async (id: string) => (id === OWNER ? principal : null);
    catalogue = await startTestService({ ...createCatalogueService(), resolvePrincipal });
    bookings = await startTestService({ ...createBookingsService(), resolvePrincipal });
    restorePeers = pointPeersAt({ catalogue: catalogue.url, bookings: bookings.url });
    // The subscribers not under test (admin's audit log, insights, comms…) take every event, so
    // none holds back the relays' deliveries between the two services.
    sink = await startEventSink(['admin', 'money', 'comms', 'insights', 'gateway']);
    token = await keys.token({ sub: OWNER, role: 'hall_owner', tid: OWNER, pv: 1 });
    const settings = settingsChangedEvent(OWNER, 1, { timezone: ZONE });
    await catalogue.kit.handleEvent(settings);
    await bookings.kit.handleEvent(settings);
    for (const name of ['Race Hall A', 'Race Hall B']) {
      const r = await cat('POST', '/api/resources', { name, type: 'hall', capacity: 100 });
      assert.equal(r.status, 201, r.text);
      if (name.endsWith('A')) hallA = r.body.id;
      else hallB = r.body.id;
    }
  });

  after(async () => {
    await catalogue?.close();
    await bookings?.close();
    await sink?.close();
    restorePeers();
    restoreIsolation();
  });

  /**
   * Pairs of a block-out the catalogue shows and a booking whose slot (buffers included) holds
   * part of its time in bookings, on `days`: what must never exist.
   */
  async function overlaps(from: string, to: string): Promise<string[]> {
    const shown = (await cat('GET', `/api/blockouts?from=${from}&to=${to}`)).body as Array<{
      id: string;
      resourceIds: string[];
      startsAt: string;
      endsAt: string;
    }>;
    const held = (
      await bookings.kit.db.tenantTx(OWNER, (tx) =>
        tx.query<{ id: string; resource_id: string; s: Date | string; e: Date | string }>(
          `SELECT b.booking_code AS id, s.resource_id, lower(s.slot) AS s, upper(s.slot) AS e
             FROM resource_slots s JOIN bookings b ON b.tenant_id = s.tenant_id AND b.id = s.booking_id
            WHERE s.tenant_id = $1 AND s.kind = 'booking'`,
          [OWNER],
        ),
      )
    ).rows;
    const found: string[] = [];
    for (const b of shown)
      for (const k of held)
        if (
          b.resourceIds.includes(k.resource_id) &&
          Date.parse(b.startsAt) < new Date(k.e).getTime() &&
          new Date(k.s).getTime() < Date.parse(b.endsAt)
        )
          found.push(`block-out ${b.id} ${b.startsAt}–${b.endsAt} and booking ${k.id}`);
    return found;
  }

  it(`a block-out write and a booking for the same time, ${ROUNDS} rounds: never both`, async () => {
    const kinds = ['create', 'bulk', 'edit', 'delete'] as const;
    const won = { blockout: 0, booking: 0 };
    const first = addDays(today, 30);
    for (let round = 0; round < ROUNDS; round++) {
      const kind = kinds[round % kinds.length]!;
      // two days a round: the bulk kind blocks out both, on both halls
      const day = addDays(first, round * 2);
      const next = addDays(day, 1);
      let edited: string | null = null;
      if (kind === 'edit' || kind === 'delete') {
        // a block-out to move onto the time (edit) or one holding it (delete)
        const early = await cat(
          'POST',
          '/api/blockouts',
          blockout(day, kind === 'edit' ? { timeFrom: '06:00', timeTo: '07:00' } : {}),
        );
        assert.equal(early.status, 201, early.text);
        edited = early.body.id;
      }
      const write = () => {
        if (kind === 'create') return cat('POST', '/api/blockouts', blockout(day));
        if (kind === 'bulk')
          return cat('POST', '/api/blockouts/bulk', {
            ...blockout(day, { dateTo: next, resourceIds: [hallA, hallB] }),
            span: 'daily',
          });
        if (kind === 'edit') return cat('PUT', `/api/blockouts/${edited}`, blockout(day));
        return cat('DELETE', `/api/blockouts/${edited}`);
      };
      // at once, or one of them up to 150 ms after the other (the booking up to 120 ms after
      // the block-out: the gap that let bookings in when block-outs came by event)
      const gap = ((round % 10) - 5) * 30;
      const [w, b] = await Promise.all([
        sleep(Math.max(0, -gap)).then(write),
        sleep(Math.max(0, gap)).then(() =>
          kind === 'bulk'
            ? book(next, hallB, '11:00', '13:00', `Racer ${round}`)
            : book(day, hallA, '11:00', '13:00', `Racer ${round}`),
        ),
      ]);
      const label = `round ${round} (${kind}, ${gap} ms): block-out ${w.status} ${w.text.slice(0, 200)} / booking ${b.status} ${b.text.slice(0, 200)}`;
      assert.ok([200, 201, 204, 409].includes(w.status), label);
      assert.ok([201, 409].includes(b.status), label);
      if (kind === 'delete') {
        // the time is freed: the booking may or may not find it free yet, never both held
        assert.equal(w.status, 204, label);
      } else {
        assert.equal([w.status, b.status].filter((s) => s === 409).length, 1, label);
        if (w.status === 409) {
          assert.equal(w.body.code, 'blockout_over_bookings', label);
          assert.equal(
            w.body.clashes[0].bookingCode,
            b.status === 201 ? b.body.booking.bookingCode : null,
            label,
          );
          won.booking++;
        } else won.blockout++;
      }
      assert.deepEqual(await overlaps(day, next), [], label);
    }
    assert.deepEqual(await overlaps(first, addDays(first, ROUNDS * 2)), []);
    // both orders happened (the gaps see to it), so the constraint was what decided
    assert.ok(won.blockout > 0 && won.booking > 0, JSON.stringify(won));
  });

  it('a reserve bookings accepted but the catalogue never stored is released; an edit left so is put back', async () => {
    const day = addDays(today, 300);
    const internal = (path: string, body: unknown) =>
      fetch(bookings.url + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET ?? '',
        },
        body: JSON.stringify(body),
      });
    // as the catalogue's first two steps, then nothing: its process died before the third
    const id = randomUUID();
    const at = (time: string) => zonedInstant(day, time, ZONE).toISOString();
    const payload = {
      rows: [
        {
          id,
          date_from: day,
          date_to: day,
          time_from: '10:00',
          time_to: '12:00',
          time_zone: ZONE,
          starts_at: at('10:00'),
          ends_at: at('12:00'),
          reason: 'Maintenance' as const,
          notes: '',
        },
      ],
      resourceIds: [hallA],
      overBookings: false,
      actor: { id: OWNER, email: 'owner@example.com', role: 'hall_owner' },
    };
    const intent = {
      tenantId: OWNER,
      id: randomUUID(),
      kind: 'create' as const,
      target: null,
      revision: 1,
      payload,
    };
    await catalogue.kit.db.tenantTx(OWNER, (tx) => recordIntent(tx, intent));
    const reserved = await internal('/internal/blockouts/reserve', {
      tenantId: OWNER,
      revision: 1,
      resourceIds: [hallA],
      blockouts: [{ id, startsAt: at('10:00'), endsAt: at('12:00') }],
      reason: 'Maintenance',
    });
    assert.equal(reserved.status, 200, await reserved.text());
    assert.equal((await book(day, hallA, '10:30', '11:00', 'Too Early')).status, 409, 'reserved');
    const settleAfter = intentTiming.settleAfterMs;
    intentTiming.settleAfterMs = 0;
    try {
      await catalogue.kit.runJob('blockout-intents');
    } finally {
      intentTiming.settleAfterMs = settleAfter;
    }
    assert.equal((await cat('GET', `/api/blockouts/${id}`)).status, 404, 'never stored');
    const booked = await book(day, hallA, '10:30', '11:00', 'After Release');
    assert.equal(booked.status, 201, `released: ${booked.text}`);

    // an edit: 14:00–15:00 stored; bookings took 16:00–17:00 (revision 2), the catalogue died
    const kept = await cat('POST', '/api/blockouts', blockout(day, { timeFrom: '14:00', timeTo: '15:00' }));
    assert.equal(kept.status, 201, kept.text);
    const b = kept.body;
    const moved = {
      tenantId: OWNER,
      id: randomUUID(),
      kind: 'update' as const,
      target: b.id,
      revision: 2,
      payload: {
        ...payload,
        rows: [
          {
            ...payload.rows[0]!,
            id: b.id,
            time_from: '16:00',
            time_to: '17:00',
            starts_at: at('16:00'),
            ends_at: at('17:00'),
          },
        ],
        before: {
          fields: {
            ...payload.rows[0]!,
            time_from: '14:00',
            time_to: '15:00',
            starts_at: b.startsAt,
            ends_at: b.endsAt,
          },
          resourceIds: [hallA],
          revision: 1,
        },
      },
    };
    await catalogue.kit.db.tenantTx(OWNER, (tx) => recordIntent(tx, moved));
    const took = await internal('/internal/blockouts/reserve', {
      tenantId: OWNER,
      revision: 2,
      resourceIds: [hallA],
      blockouts: [{ id: b.id, startsAt: at('16:00'), endsAt: at('17:00') }],
      reason: 'Maintenance',
    });
    assert.equal(took.status, 200, await took.text());
    intentTiming.settleAfterMs = 0;
    try {
      await catalogue.kit.runJob('blockout-intents');
    } finally {
      intentTiming.settleAfterMs = settleAfter;
    }
    // put back: 14:00–15:00 blocked again, 16:00–17:00 free, the catalogue unchanged
    assert.equal((await book(day, hallA, '14:15', '14:45', 'Into Old')).status, 409);
    assert.equal((await book(day, hallA, '16:15', '16:45', 'Into New')).status, 201);
    assert.equal((await cat('GET', `/api/blockouts/${b.id}`)).body.timeFrom, '14:00');
    assert.deepEqual(await overlaps(day, day), []);
  });
});
