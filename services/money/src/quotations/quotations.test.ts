/**
 * Quotations (spec 03 §2.3, §4, §5, §7): the form's messages, statuses, expiry at the end of
 * the valid day in the venue's zone, duplicate-as-create, delete, the PDF's text, Bulk Send's
 * events, and Accept: twice at once → one booking; slot taken → stays Sent with the clash.
 * Bookings is a small stand-in HTTP server holding one booking per quotation id, as bookings'
 * internal route does. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { QUOTATION_MESSAGES as M } from '@venue/contracts/money-api';
import { OWNER, OWNER2, quotationForm, SUB_INVOICES, startMoney, type Harness } from '../testing/harness.ts';
import { standInBookings, type PeerServer } from '../testing/bookings-standin.ts';

let h: Harness;
let bookings: PeerServer;
const made = new Map<string, { id: string; bookingCode: string }>();
let bookingCalls = 0;
let slotTaken = false;

const form = (over: Record<string, unknown> = {}) =>
  quotationForm({
    guestCount: 120,
    totalAmount: 5500,
    depositType: 'Percentage',
    depositValue: 20,
    notes: 'Includes setup',
    ...over,
  });

async function create(over: Record<string, unknown> = {}, as = OWNER) {
  const r = await h.call('POST', '/api/quotations', as, form(over));
  assert.equal(r.status, 201, r.text);
  return r.body;
}
const setStatus = (id: string, status: string) =>
  h.call('PUT', `/api/quotations/${id}/status`, OWNER, { status });

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('quotations/quotations.test.ts', () => {
  before(async () => {
    bookings = await standInBookings(async (body) => {
      bookingCalls += 1;
      // Slow enough that two accepts overlap if money let both through.
      await new Promise((r) => setTimeout(r, 150));
      if (slotTaken)
        return {
          outcome: 'conflict',
          message: 'taken',
          conflict: { bookingId: randomUUID(), bookingCode: 'HH-2026-0007', customerName: 'Other Party' },
        };
      const existing = made.get(body.quotationId);
      const booking = existing ?? { id: randomUUID(), bookingCode: `HH-2026-${1000 + made.size}` };
      made.set(body.quotationId, booking);
      return { outcome: existing ? 'existing' : 'created', booking };
    });
    h = await startMoney({ peers: bookings });
  });
  after(async () => {
    await h.close();
    await new Promise((r) => bookings.close(r));
  });

  describe('the form (spec 03 §5)', () => {
    test('every message, on the field it belongs to', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ customerName: ' ' }, 'customerName', M.customerNameRequired],
        [{ customerEmail: '' }, 'customerEmail', M.customerEmailRequired],
        [{ customerEmail: 'jane@' }, 'customerEmail', M.invalidEmail],
        [{ customerPhone: '' }, 'customerPhone', M.customerPhoneRequired],
        [{ eventType: '' }, 'eventType', M.eventTypeRequired],
        [{ resource: '' }, 'resource', M.resourceRequired],
        [{ eventDate: '' }, 'eventDate', M.eventDateRequired],
        [{ endTime: '17:00' }, 'endTime', M.endAfterStart],
        [{ totalAmount: 0 }, 'totalAmount', M.totalPositive],
        [{ depositType: 'Fixed', depositValue: 0 }, 'depositValue', M.fixedDeposit],
        [{ depositType: 'Percentage', depositValue: 101 }, 'depositValue', M.percentDeposit],
        [{ depositType: 'Percentage', depositValue: 0 }, 'depositValue', M.percentDeposit],
      ];
      for (const [over, path, message] of cases) {
        const r = await h.call('POST', '/api/quotations', OWNER, form(over));
        assert.equal(r.status, 400, `${path}: ${r.text}`);
        assert.ok(r.text.includes(path) && r.text.includes(message), `${path}: ${r.text}`);
      }
    });

    test('a new quotation: Draft, valid 14 days, deposit of the GST-inclusive total, deposit unpaid', async () => {
      const q = await create();
      assert.equal(q.status, 'Draft');
      assert.equal(q.totalCents, 550_000);
      assert.equal(q.depositCents, 110_000);
      assert.equal(q.finalAmount, 4400);
      assert.equal(q.gstCents, 50_000);
      assert.equal(q.payment_details.deposit_paid, false);
      const days = (Date.parse(q.validUntil) - Date.parse(q.createdAt.slice(0, 10))) / 86_400_000;
      assert.ok(days >= 13 && days <= 15, q.validUntil);
    });

    test('a sub-user without the quotations permission is refused; another venue sees none of it', async () => {
      const q = await create();
      assert.equal((await h.call('GET', '/api/quotations/my-quotations', SUB_INVOICES)).status, 403);
      assert.equal((await h.call('GET', `/api/quotations/${q.id}`, OWNER2)).status, 404);
    });
  });

  describe('statuses', () => {
    test('Send e-mails (an event with the PDF path); Decline e-mails; the acceptance rate follows', async () => {
      const a = await create();
      const b = await create();
      let r = await setStatus(a.id, 'Sent');
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.status, 'Sent');
      const sent = (await h.events('quotation.sent')).find((e) => e.data.quotationId === a.id);
      assert.equal(sent?.data.pdfPath, `/internal/quotations/${OWNER}/${a.id}/pdf`);
      r = await setStatus(b.id, 'Declined');
      assert.equal(r.status, 409, 'a Draft cannot be declined');
      await setStatus(b.id, 'Sent');
      r = await setStatus(b.id, 'Declined');
      assert.equal(r.body.status, 'Declined');
      assert.ok((await h.events('quotation.declined')).some((e) => e.data.quotationId === b.id));
      const list = await h.call('GET', '/api/quotations/my-quotations', OWNER);
      const { counts, acceptanceRate } = list.body;
      const expected = Math.round(
        (counts.Accepted * 100) / (counts.Sent + counts.Accepted + counts.Declined),
      );
      assert.equal(acceptanceRate, expected);
    });

    test('expires at the end of its valid day in the venue’s zone (Sydney), not UTC’s', async () => {
      // Sydney's day is ahead of UTC's: a quotation valid until Sydney's yesterday has expired.
      const sydneyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
        new Date(),
      );
      const yesterday = new Date(Date.parse(`${sydneyToday}T00:00:00Z`) - 86_400_000)
        .toISOString()
        .slice(0, 10);
      const live = await create({ validUntil: sydneyToday });
      const gone = await create({ validUntil: yesterday });
      await setStatus(live.id, 'Sent');
      const r = await setStatus(gone.id, 'Sent');
      assert.equal(r.status, 409, 'an expired quotation cannot be sent');
      // Send it while valid, then let its day end: it reads Expired and cannot be accepted.
      await h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query(`UPDATE quotations SET status = 'Sent' WHERE tenant_id = $1 AND id = $2`, [OWNER, gone.id]),
      );
      assert.equal((await h.call('GET', `/api/quotations/${live.id}`, OWNER)).body.status, 'Sent');
      assert.equal((await h.call('GET', `/api/quotations/${gone.id}`, OWNER)).body.status, 'Expired');
      const accepted = await setStatus(gone.id, 'Accepted');
      assert.equal(accepted.status, 409);
      assert.equal(accepted.body.message, M.expired);
    });

    test('duplicate is a new Draft from the same fields; delete removes it', async () => {
      const q = await create();
      const copy = await create({ ...form(), notes: q.notes });
      assert.notEqual(copy.id, q.id);
      assert.equal(copy.status, 'Draft');
      assert.equal((await h.call('DELETE', `/api/quotations/${copy.id}`, OWNER)).status, 204);
      assert.equal((await h.call('GET', `/api/quotations/${copy.id}`, OWNER)).status, 404);
    });

    test('the PDF: quotation-{id}.pdf with the customer, the total and the deposit', async () => {
      const q = await create();
      const r = await h.call('GET', `/api/quotations/${q.id}/pdf`, OWNER);
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-disposition') ?? '', new RegExp(`quotation-${q.id}\\.pdf`));
      const { text } = await extractText(await getDocumentProxy(r.bytes), { mergePages: true });
      const flat = text.replace(/\s+/g, ' ');
      assert.ok(
        flat.includes('Jane Smith') && flat.includes('$5,500.00') && flat.includes('$1,100.00'),
        flat,
      );
      const internal = await fetch(`${h.t.url}/internal/quotations/${OWNER}/${q.id}/pdf`, {
        headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET ?? '' },
      });
      assert.ok(internal.status === 200 || internal.status === 401, String(internal.status));
    });

    test('Bulk Send sends the Drafts it can and says why it skipped the rest', async () => {
      const a = await create();
      const b = await create();
      await setStatus(b.id, 'Sent');
      await setStatus(b.id, 'Declined');
      const r = await h.call('POST', '/api/quotations/bulk-send', OWNER, { ids: [a.id, b.id] });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.sent, [a.id]);
      assert.equal(r.body.skipped[0].id, b.id);
    });
  });

  describe('accept', () => {
    test('accepted twice at once → one booking, one Accepted, the other refused', async () => {
      const q = await create();
      await setStatus(q.id, 'Sent');
      const before = bookingCalls;
      const [x, y] = await Promise.all([setStatus(q.id, 'Accepted'), setStatus(q.id, 'Accepted')]);
      const statuses = [x.status, y.status].sort();
      assert.deepEqual(statuses, [200, 409], `${x.text} / ${y.text}`);
      assert.equal(bookingCalls - before, 1, 'bookings was asked once');
      const got = await h.call('GET', `/api/quotations/${q.id}`, OWNER);
      assert.equal(got.body.status, 'Accepted');
      assert.equal(got.body.bookingId, made.get(q.id)!.id);
      // Frozen: no edit, no delete.
      assert.equal(
        (await h.call('PUT', `/api/quotations/${q.id}`, OWNER, form({ totalAmount: 1 }))).status,
        409,
      );
      assert.equal((await h.call('DELETE', `/api/quotations/${q.id}`, OWNER)).status, 409);
      assert.equal((await h.call('GET', `/api/quotations/${q.id}`, OWNER)).body.totalCents, 550_000);
    });

    test('an accept abandoned half way (Accepting for minutes) is taken over: still one booking', async () => {
      const q = await create();
      await setStatus(q.id, 'Sent');
      await h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query(
          `UPDATE quotations SET status = 'Accepting', updated_at = now() - interval '1 minute' WHERE tenant_id = $1 AND id = $2`,
          [OWNER, q.id],
        ),
      );
      assert.equal((await setStatus(q.id, 'Accepted')).status, 409, 'a fresh accept in flight is respected');
      await h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query(
          `UPDATE quotations SET updated_at = now() - interval '5 minutes' WHERE tenant_id = $1 AND id = $2`,
          [OWNER, q.id],
        ),
      );
      const r = await setStatus(q.id, 'Accepted');
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.bookingId, made.get(q.id)!.id);
    });

    test('slot taken → the quotation stays Sent and the answer names the clash', async () => {
      const q = await create();
      await setStatus(q.id, 'Sent');
      slotTaken = true;
      try {
        const r = await setStatus(q.id, 'Accepted');
        assert.equal(r.status, 409, r.text);
        assert.equal(r.body.message, M.slotTaken);
        assert.equal(r.body.conflict.bookingCode, 'HH-2026-0007');
      } finally {
        slotTaken = false;
      }
      assert.equal((await h.call('GET', `/api/quotations/${q.id}`, OWNER)).body.status, 'Sent');
    });

    test('the booking made from the quotation (created confirmed) gets its deposit as a DEPOSIT invoice', async () => {
      const bookingId = await h.booking('booking.created', {
        status: 'confirmed',
        bookingSource: 'quotation',
        totalCents: 550_000,
        depositCents: 110_000,
      });
      const r = await h.call('GET', `/api/invoices/hall-owner/${OWNER}?bookingId=${bookingId}`, OWNER);
      assert.equal(r.status, 200, r.text);
      const deposits = r.body.filter((i: { type: string }) => i.type === 'DEPOSIT');
      assert.equal(deposits.length, 1);
      assert.equal(deposits[0].totalCents, 110_000);
    });
  });
});
