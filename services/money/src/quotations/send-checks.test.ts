/**
 * What a quotation checks with other services (issue 24 item 2, decision 57): Send asks bookings
 * whether the slot is free (its bookings, holds and block-outs) before anything is sent, and
 * refuses a clash with a 409 naming it; bookings unreachable → 503, nothing sent (never a guess).
 * The resource's name is the catalogue's: a form that sends only the id, or a name that is not
 * the resource's, still stores and answers the name; an unknown resource is a 400 naming
 * `resource`. Bookings and the catalogue are the stand-in of testing/bookings-standin.ts.
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { QUOTATION_MESSAGES as M, type QuotationSlotCheck } from '@venue/contracts/money-api';
import { OWNER, quotationForm, startMoney, type Harness } from '../testing/harness.ts';
import { HALL_B_ID, MAIN_HALL_ID, standInPeers, type PeerServer } from '../testing/bookings-standin.ts';

let h: Harness;
let peers: PeerServer;
/** The slot bookings reports taken (one at a time), and the clash it names. */
let taken: { resource: string; eventDate: string } | null = null;
const CLASH = 'HH-2026-0007 (Other Party, 6:00 pm – 11:00 pm)';
const clashId = randomUUID();

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('quotations/send-checks.test.ts', () => {
  before(async () => {
    peers = await standInPeers();
    peers.options.slot = (body: QuotationSlotCheck) =>
      taken && taken.resource === body.resource && taken.eventDate === body.eventDate
        ? {
            outcome: 'conflict',
            message: CLASH,
            conflict: { bookingId: clashId, bookingCode: 'HH-2026-0007', customerName: 'Other Party' },
          }
        : { outcome: 'free' };
    h = await startMoney({ peers });
  });
  after(async () => {
    await h.close();
    await new Promise((r) => peers.close(r));
  });

  async function create(over: Record<string, unknown> = {}) {
    const r = await h.call('POST', '/api/quotations', OWNER, quotationForm(over));
    assert.equal(r.status, 201, r.text);
    return r.body;
  }
  const send = (id: string) => h.call('PUT', `/api/quotations/${id}/status`, OWNER, { status: 'Sent' });
  const slotChecks = () => peers.calls.filter((c) => c.path === '/internal/bookings/slot-check');
  const sentEvents = async (id: string) =>
    (await h.events('quotation.sent')).filter((e) => e.data.quotationId === id);

  describe('Send checks the slot with bookings first', () => {
    test('bookings is asked for the quotation’s resource (its id), day and times', async () => {
      const q = await create({ eventDate: '2027-02-13', startTime: '10:00', endTime: '14:30' });
      const before = slotChecks().length;
      assert.equal((await send(q.id)).status, 200);
      const asked = slotChecks().slice(before);
      assert.equal(asked.length, 1);
      assert.deepEqual(asked[0]!.body, {
        tenantId: OWNER,
        resource: MAIN_HALL_ID,
        eventDate: '2027-02-13',
        startTime: '10:00',
        endTime: '14:30',
      });
    });

    test('a clash: 409 naming it, and nothing is sent (still a Draft, no number, no e-mail)', async () => {
      const q = await create({ eventDate: '2027-03-06' });
      taken = { resource: MAIN_HALL_ID, eventDate: '2027-03-06' };
      try {
        const r = await send(q.id);
        assert.equal(r.status, 409, r.text);
        assert.equal(r.body.message, M.sendClash(CLASH));
        assert.equal(r.body.conflict.bookingCode, 'HH-2026-0007');
        assert.equal(r.body.conflict.bookingId, clashId);
      } finally {
        taken = null;
      }
      const after = (await h.call('GET', `/api/quotations/${q.id}`, OWNER)).body;
      assert.equal(after.status, 'Draft');
      assert.equal(after.number, null);
      assert.deepEqual(await sentEvents(q.id), []);
      // the slot free again: it goes
      assert.equal((await send(q.id)).status, 200);
    });

    test('a Sent quotation sent again is checked again', async () => {
      const q = await create({ eventDate: '2027-03-13' });
      assert.equal((await send(q.id)).status, 200);
      taken = { resource: MAIN_HALL_ID, eventDate: '2027-03-13' };
      try {
        assert.equal((await send(q.id)).status, 409);
      } finally {
        taken = null;
      }
      assert.equal((await sentEvents(q.id)).length, 1, 'only the first send went out');
    });

    test('bookings unreachable: 503, nothing sent', async () => {
      const q = await create();
      h.peerUrls.bookings = 'http://127.0.0.1:9'; // discard port: nothing listens
      try {
        const r = await send(q.id);
        assert.equal(r.status, 503, r.text);
        assert.equal(r.body.message, M.slotUnchecked);
      } finally {
        h.peerUrls.bookings = peers.url;
      }
      assert.equal((await h.call('GET', `/api/quotations/${q.id}`, OWNER)).body.status, 'Draft');
      assert.deepEqual(await sentEvents(q.id), []);
    });

    test('Bulk Send sends the free ones and skips a clash with the clash as its reason', async () => {
      const free = await create({ eventDate: '2027-04-03' });
      const clashing = await create({ eventDate: '2027-04-10' });
      taken = { resource: MAIN_HALL_ID, eventDate: '2027-04-10' };
      try {
        const r = await h.call('POST', '/api/quotations/bulk-send', OWNER, { ids: [free.id, clashing.id] });
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(r.body.sent, [free.id]);
        assert.deepEqual(r.body.skipped, [{ id: clashing.id, reason: M.sendClash(CLASH) }]);
      } finally {
        taken = null;
      }
      assert.equal((await h.call('GET', `/api/quotations/${clashing.id}`, OWNER)).body.status, 'Draft');
    });
  });

  describe('the resource’s name is the catalogue’s, never its id', () => {
    test('the form’s id alone: the name is stored and answered', async () => {
      const q = await create({ resource: HALL_B_ID, resourceName: undefined });
      assert.equal(q.resource, HALL_B_ID);
      assert.equal(q.resourceName, 'Hall B');
    });

    test('an empty or wrong name beside the id: the catalogue’s name wins', async () => {
      assert.equal((await create({ resource: HALL_B_ID, resourceName: '' })).resourceName, 'Hall B');
      assert.equal((await create({ resource: HALL_B_ID, resourceName: HALL_B_ID })).resourceName, 'Hall B');
      assert.equal((await create({ resource: HALL_B_ID, resourceName: 'Main Hall' })).resourceName, 'Hall B');
    });

    test('the exact name of one of the venue’s resources: stored with its id', async () => {
      const q = await create({ resource: 'hall b' });
      assert.equal(q.resource, HALL_B_ID);
      assert.equal(q.resourceName, 'Hall B');
    });

    test('a resource the venue does not have: 400 naming resource, nothing saved', async () => {
      for (const resource of [randomUUID(), 'The Ballroom']) {
        const r = await h.call('POST', '/api/quotations', OWNER, quotationForm({ resource }));
        assert.equal(r.status, 400, r.text);
        assert.deepEqual(r.body.errors, [{ path: 'resource', message: M.resourceUnknown }]);
      }
      const q = await create();
      const r = await h.call(
        'PUT',
        `/api/quotations/${q.id}`,
        OWNER,
        quotationForm({ resource: randomUUID() }),
      );
      assert.equal(r.status, 400, r.text);
      assert.equal((await h.call('GET', `/api/quotations/${q.id}`, OWNER)).body.resource, MAIN_HALL_ID);
    });

    test('the catalogue unreachable: 503, nothing saved', async () => {
      h.peerUrls.catalogue = 'http://127.0.0.1:9';
      try {
        const r = await h.call(
          'POST',
          '/api/quotations',
          OWNER,
          quotationForm({ customerName: 'Unsaved Person' }),
        );
        assert.equal(r.status, 503, r.text);
        assert.equal(r.body.message, M.resourcesUnreachable);
      } finally {
        h.peerUrls.catalogue = peers.url;
      }
      const page = await h.call('GET', '/api/quotations?search=unsaved', OWNER);
      assert.equal(page.body.items.length, 0);
    });

    test('a quotation saved before names were checked (its id as its name) is named when it is sent', async () => {
      const q = await create();
      await h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query(`UPDATE quotations SET resource_name = resource WHERE tenant_id = $1 AND id = $2`, [
          OWNER,
          q.id,
        ]),
      );
      assert.equal((await h.call('GET', `/api/quotations/${q.id}`, OWNER)).body.resourceName, MAIN_HALL_ID);
      const sent = await send(q.id);
      assert.equal(sent.status, 200, sent.text);
      assert.equal(sent.body.resourceName, 'Main Hall');
      const event = (await sentEvents(q.id))[0];
      assert.equal(event?.data.resourceName, 'Main Hall');
    });
  });
});
