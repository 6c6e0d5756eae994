/**
 * Quotation numbers (issue 24 items 2 and 9, decision 57): a quotation gets `QUO-{year}-{00001}`
 * when it is first sent, gap-free per venue and year (a Draft has none, so deleting one leaves no
 * gap, and a numbered one is never deleted); two sends at once get one number; the number is in
 * every answer, event, PDF, CSV and search, never the id; Accept answers the booking's code; a
 * database from before numbers gets them in migration 060. PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL (where the races are real).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { QUOTATION_MESSAGES as M } from '@venue/contracts/money-api';
import { venueToday } from '@venue/service-kit';
import {
  settingsChangedEvent,
  startBeforeMigration,
  unstarted,
  useStarted,
} from '@venue/service-kit/testing';
import { createMoneyService } from '../app.ts';
import { OWNER, OWNER2, PAYMENT, quotationForm, startMoney, type Harness } from '../testing/harness.ts';
import { MAIN_HALL_ID } from '../testing/bookings-standin.ts';

const h = unstarted<Harness>();
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('quotations/numbers.test.ts', () => {
  useStarted(startMoney, h);

  /** The venue's year today (Sydney, the harness venues' zone): the year a number is given in. */
  const year = () => venueToday(new Date(), 'Australia/Sydney').slice(0, 4);
  const NUMBER = /^QUO-(\d{4})-(\d{5})$/;
  const seq = (n: string) => Number(NUMBER.exec(n)![2]);

  async function create(over: Record<string, unknown> = {}, as = OWNER) {
    const r = await h.call('POST', '/api/quotations', as, quotationForm(over));
    assert.equal(r.status, 201, r.text);
    return r.body;
  }
  const send = (id: string, as = OWNER) =>
    h.call('PUT', `/api/quotations/${id}/status`, as, { status: 'Sent' });

  describe('quotation numbers', () => {
    test('a Draft has none; the first Send gives the next of the venue’s year; sending again keeps it', async () => {
      const a = await create();
      assert.equal(a.number, null);
      const sentA = await send(a.id);
      assert.equal(sentA.status, 200, sentA.text);
      assert.match(sentA.body.number, NUMBER);
      assert.equal(NUMBER.exec(sentA.body.number)![1], year());
      const b = await create();
      const sentB = (await send(b.id)).body;
      assert.equal(seq(sentB.number), seq(sentA.body.number) + 1, 'the next number, no gap');
      const again = await send(a.id);
      assert.equal(again.status, 200, again.text);
      assert.equal(again.body.number, sentA.body.number, 'sent again: the same number');
      // GET, the list, the array route and the page all answer it
      assert.equal((await h.call('GET', `/api/quotations/${a.id}`, OWNER)).body.number, sentA.body.number);
      const page = await h.call('GET', `/api/quotations?search=${sentA.body.number}`, OWNER);
      assert.deepEqual(
        page.body.items.map((q: { id: string }) => q.id),
        [a.id],
        'searched by its number',
      );
      const mine = await h.call('GET', '/api/quotations/my-quotations', OWNER);
      assert.equal(mine.body.quotations.find((q: { id: string }) => q.id === b.id).number, sentB.number);
    });

    test('another venue counts on its own', async () => {
      const ours = (await send((await create()).id)).body.number;
      const theirs = (await send((await create({}, OWNER2)).id, OWNER2)).body.number;
      assert.match(theirs, NUMBER);
      assert.ok(seq(theirs) <= seq(ours), `${theirs} counts from its own 1`);
    });

    test('two sends of one quotation at once: one number, the counter moves by one', async () => {
      const before = seq((await send((await create()).id)).body.number);
      const q = await create();
      const [x, y] = await Promise.all([send(q.id), send(q.id)]);
      assert.equal(x.status, 200, x.text);
      assert.equal(y.status, 200, y.text);
      assert.equal(x.body.number, y.body.number);
      assert.equal(seq(x.body.number), before + 1);
      const next = (await send((await create()).id)).body.number;
      assert.equal(seq(next), before + 2, 'no number was used up by the second send');
    });

    test('twelve quotations sent at once get twelve consecutive numbers', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push((await create()).id);
      const answers = await Promise.all(ids.map((id) => send(id)));
      for (const a of answers) assert.equal(a.status, 200, a.text);
      const numbers = answers.map((a) => seq(a.body.number)).sort((p, q) => p - q);
      assert.equal(new Set(numbers).size, 12);
      assert.equal(numbers.at(-1)! - numbers[0]!, 11, numbers.join(','));
    });

    test('Bulk Send numbers each quotation it sends', async () => {
      const a = await create();
      const b = await create();
      const r = await h.call('POST', '/api/quotations/bulk-send', OWNER, { ids: [a.id, b.id] });
      assert.equal(r.status, 200, r.text);
      const numbers = await Promise.all(
        [a.id, b.id].map(async (id) => (await h.call('GET', `/api/quotations/${id}`, OWNER)).body.number),
      );
      assert.equal(Math.abs(seq(numbers[0]) - seq(numbers[1])), 1, numbers.join(' '));
    });

    test('a sent quotation is not deleted (its number would leave a gap); a Draft is', async () => {
      const draft = await create();
      assert.equal((await h.call('DELETE', `/api/quotations/${draft.id}`, OWNER)).status, 204);
      const sent = await create();
      await send(sent.id);
      const r = await h.call('DELETE', `/api/quotations/${sent.id}`, OWNER);
      assert.equal(r.status, 409, r.text);
      assert.equal(r.body.message, M.numberedKept);
      await h.call('PUT', `/api/quotations/${sent.id}/status`, OWNER, { status: 'Declined' });
      assert.equal((await h.call('DELETE', `/api/quotations/${sent.id}`, OWNER)).status, 409);
      assert.equal((await h.call('GET', `/api/quotations/${sent.id}`, OWNER)).status, 200);
    });

    test('the e-mail events carry the number and the event’s times; the audit names the number', async () => {
      const q = await create({ startTime: '17:30', endTime: '22:45' });
      const number = (await send(q.id)).body.number;
      const sent = (await h.events('quotation.sent')).find((e) => e.data.quotationId === q.id);
      assert.equal(sent?.data.number, number);
      assert.equal(sent?.data.startTime, '17:30');
      assert.equal(sent?.data.endTime, '22:45');
      await h.call('PUT', `/api/quotations/${q.id}/status`, OWNER, { status: 'Declined' });
      const declined = (await h.events('quotation.declined')).find((e) => e.data.quotationId === q.id);
      assert.equal(declined?.data.number, number);
      const audit = (await h.events('audit.recorded')).filter(
        (e) => e.data.action === 'quotation_sent' && e.data.target === number,
      );
      assert.equal(audit.length, 1);
      assert.match(String(audit[0]!.data.targetLabel), new RegExp(`Quotation ${number}`));
    });

    test('the PDF prints the number and is named by it; the CSV has it', async () => {
      const q = await create();
      const draftPdf = await h.call('GET', `/api/quotations/${q.id}/pdf`, OWNER);
      assert.match(draftPdf.headers.get('content-disposition') ?? '', new RegExp(`quotation-${q.id}\\.pdf`));
      const number = (await send(q.id)).body.number;
      const r = await h.call('GET', `/api/quotations/${q.id}/pdf`, OWNER);
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-disposition') ?? '', new RegExp(`filename="${number}\\.pdf"`));
      const { text } = await extractText(await getDocumentProxy(r.bytes), { mergePages: true });
      const flat = text.replace(/\s+/g, ' ');
      assert.ok(flat.includes(number), flat);
      assert.ok(!flat.includes(q.id), 'no id where the number belongs');
      const csv = await h.call('GET', `/api/quotations/export.csv?search=${number}`, OWNER);
      assert.equal(csv.status, 200, csv.text);
      const [header, row] = csv.text.replace(/^\uFEFF/, '').split(/\r?\n/);
      assert.match(header!, /^"Quotation ID",.*,"Quotation Number"$/);
      assert.ok(row!.includes(`"${number}"`), row);
    });

    test('Accept answers the booking it made, by id and code; the code stays on the quotation', async () => {
      const q = await create();
      await send(q.id);
      const r = await h.call('PUT', `/api/quotations/${q.id}/status`, OWNER, { status: 'Accepted' });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.status, 'Accepted');
      assert.match(r.body.bookingId, /^[0-9a-f-]{36}$/);
      assert.match(r.body.bookingCode, /^HH-2026-\d{4}$/);
      const got = (await h.call('GET', `/api/quotations/${q.id}`, OWNER)).body;
      assert.equal(got.bookingCode, r.body.bookingCode);
      assert.equal(got.bookingId, r.body.bookingId);
      assert.match(got.number, NUMBER);
      const audit = (await h.events('audit.recorded')).find(
        (e) => e.data.action === 'quotation_accepted' && e.data.target === got.number,
      );
      assert.match(String(audit?.data.additionalInfo), new RegExp(r.body.bookingCode));
    });

    test('an invoice of a booking made from a quotation names the quotation by its number', async () => {
      const q = await create({ depositType: 'Percentage', depositValue: 20 });
      const number = (await send(q.id)).body.number;
      assert.match(number, NUMBER);
      const bookingId = await h.booking('booking.created', {
        status: 'confirmed',
        bookingSource: 'quotation',
        quotationId: q.id,
        totalCents: 100_000,
        depositCents: 20_000,
      });
      const r = await h.call('GET', `/api/invoices/hall-owner/${OWNER}?bookingId=${bookingId}`, OWNER);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.length, 1);
      assert.equal(r.body[0].quotationId, q.id);
      assert.equal(r.body[0].quotationNumber, number);
    });
  });

  describe('migration 060: quotations sent before numbers get them', () => {
    test('numbered per venue and year in the order they were sent; drafts none; the counter goes on', async () => {
      // The migrations as the release before numbers had them.
      const { old, release, drop } = await startBeforeMigration(
        { ...createMoneyService(), subscriptions: {} },
        '060',
      );
      const sentBefore = randomUUID();
      const sentAfter = randomUUID();
      const newYearsDay = randomUUID();
      const lastYear = randomUUID();
      const draft = randomUUID();
      const accepted = randomUUID();
      const bookingId = randomUUID();
      try {
        await old.kit.handleEvent(settingsChangedEvent(OWNER, 1, { payment: PAYMENT }));
        await old.kit.db.tenantTx(OWNER, async (tx) => {
          const insert = (id: string, status: string, sentAt: string | null, extra = '') =>
            tx.query(
              `INSERT INTO quotations (tenant_id, id, customer_name, customer_email, customer_phone, event_type,
               resource, resource_name, event_date, start_time, end_time, total_cents, tax_type, tax_rate_bp,
               deposit_type, valid_until, status, sent_at, created_at${extra ? ', booking_id, accepted_snapshot' : ''})
             VALUES ($1, $2, 'Jane', 'jane@example.com', '0412 345 678', 'Wedding', $3, $3, '2027-03-01',
               '18:00', '23:00', 100000, 'Inclusive', 1000, 'None', '2027-02-01', $4, $5::timestamptz,
               COALESCE($5::timestamptz, now()) - interval '1 day'${extra})`,
              [OWNER, id, MAIN_HALL_ID, status, sentAt],
            );
          await insert(sentAfter, 'Sent', '2026-06-02T01:00:00Z');
          await insert(sentBefore, 'Declined', '2026-05-20T01:00:00Z');
          // 31 Dec 2025 15:30 UTC is already 1 Jan 2026 in Sydney: the venue's year counts
          await insert(newYearsDay, 'Sent', '2025-12-31T15:30:00Z');
          await insert(lastYear, 'Sent', '2025-12-31T12:00:00Z');
          await insert(draft, 'Draft', null);
          await insert(
            accepted,
            'Accepted',
            '2026-07-01T01:00:00Z',
            `, '${bookingId}', '{"id":"${accepted}","status":"Accepted","resourceName":"${MAIN_HALL_ID}"}'::jsonb`,
          );
          await tx.query(
            `INSERT INTO booking_copy (tenant_id, booking_id, booking_code, status, customer_name, customer_email,
             event_type, booking_date, start_time, end_time, resource_name, booking_source, booking_updated_at)
           VALUES ($1, $2, 'HH-2026-0777', 'confirmed', 'Jane', 'jane@example.com', 'Wedding', '2027-03-01',
             '18:00', '23:00', 'Main Hall', 'quotation', now())`,
            [OWNER, bookingId],
          );
        });
      } finally {
        await old.close();
      }
      const t = await release();
      try {
        const rows = await t.kit.db.tenantTx(OWNER, async (tx) => {
          const { rows } = await tx.query<{
            id: string;
            number: string | null;
            booking_code: string | null;
            resource_name: string;
          }>(`SELECT id, number, booking_code, resource_name FROM quotations WHERE tenant_id = $1`, [OWNER]);
          const counters = await tx.query<{ year: number; last: number }>(
            `SELECT year, last FROM number_counters WHERE tenant_id = $1 AND series = 'quotation' ORDER BY year`,
            [OWNER],
          );
          return { quotations: new Map(rows.map((r) => [r.id, r])), counters: counters.rows };
        });
        const n = (id: string) => rows.quotations.get(id)!.number;
        assert.equal(n(lastYear), 'QUO-2025-00001', 'Sydney’s 31 December 2025');
        assert.equal(n(newYearsDay), 'QUO-2026-00001', 'Sydney’s 1 January 2026');
        assert.equal(n(sentBefore), 'QUO-2026-00002');
        assert.equal(n(sentAfter), 'QUO-2026-00003');
        assert.equal(n(accepted), 'QUO-2026-00004');
        assert.equal(n(draft), null);
        assert.equal(rows.quotations.get(accepted)!.booking_code, 'HH-2026-0777');
        assert.equal(rows.quotations.get(accepted)!.resource_name, 'Main Hall', 'the name from the booking');
        assert.deepEqual(
          rows.counters.map((c) => [Number(c.year), Number(c.last)]),
          [
            [2025, 1],
            [2026, 4],
          ],
        );
      } finally {
        await t.close();
        await drop();
      }
    });
  });
});
