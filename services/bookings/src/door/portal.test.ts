/**
 * The customer portal's booking calls (issue 25, decision 56) and staff's side of them, on PGlite
 * and with TEST_DATABASE_URL on the PostgreSQL server: a customer sees their own bookings of one
 * venue only (another customer's, or the same address at another venue, is a 404), withdraws a
 * request, asks for changes, takes the .ics, uploads ID and insurance documents checked by their
 * content; staff read them and mark them verified, which sets the booking's docs flags the
 * Dashboard's alert reads. Row-level security holds a customer to their rows even when a query
 * forgets to say so.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertCustomerPolicy } from '@venue/service-kit/testing';
import { HALL, OTHER, OTHER_HALL, OWNER, useHarness } from '../testing/harness.ts';
import { asCustomer, count, openDoors, outbox, requestBody, visit } from './door-testing.ts';

const NOW = new Date('2031-03-03T00:00:00Z');
const ADA = 'ada@example.com';
const GRACE = 'grace@example.com';

/** A minimal PDF (enough for a content check to call it one). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function upload(kind: string, bytes: Buffer, name: string, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe('the customer portal', () => {
  const h = useHarness();
  let adaPending: string;
  let adaConfirmed: string;
  let gracePending: string;
  let adaElsewhere: string;

  before(async () => {
    h.clock.now = NOW;
    await openDoors(h);
    const make = async (date: string, email: string, start = '18:00') => {
      const r = await visit(
        h,
        'POST',
        '/requests',
        requestBody(date, { email, startTime: start, endTime: '20:00' }),
      );
      assert.equal(r.status, 201, r.text);
      return (await h.call('GET', `/api/bookings?q=${r.body.bookings[0].code}`, h.tokens.owner)).body.items[0]
        .id;
    };
    adaPending = await make('2031-04-01', 'Ada@Example.com');
    adaConfirmed = await make('2031-04-02', ADA);
    const confirm = await h.call('PUT', `/api/bookings/${adaConfirmed}/status`, h.tokens.owner, {
      status: 'confirmed',
    });
    assert.equal(confirm.status, 200, confirm.text);
    gracePending = await make('2031-04-03', GRACE);
    // the same address at the other venue: another customer, nothing in common
    const other = await h.call('POST', '/api/bookings/admin', h.tokens.other, {
      customerName: 'Ada Lovelace',
      customerEmail: ADA,
      customerPhone: '0412 345 678',
      eventType: 'Wedding',
      selectedHall: OTHER_HALL,
      bookingDate: '2031-04-04',
      startTime: '10:00',
      endTime: '12:00',
    });
    assert.equal(other.status, 201, other.text);
    adaElsewhere = other.body.booking.id;
  });

  it('lists the customer’s own bookings of this venue, whatever case the address was typed in', async () => {
    const r = await asCustomer(h, ADA, 'GET', '/api/portal/bookings');
    assert.equal(r.status, 200, r.text);
    const ids = r.body.bookings.map((b: { id: string }) => b.id).sort();
    assert.deepEqual(ids, [adaPending, adaConfirmed].sort());
    const pending = r.body.bookings.find((b: { id: string }) => b.id === adaPending);
    assert.equal(pending.status, 'pending');
    assert.equal(pending.canCancel, true);
    assert.equal(pending.source, 'website');
    assert.equal(pending.totalCents, 20_000);
    assert.equal(pending.startsAt, '2031-04-01T18:00:00.000+11:00');
    assert.deepEqual(pending.documentsNeeded, ['id', 'insurance']);
    assert.doesNotMatch(r.text, /grace/i);
  });

  it('answers 404 for another customer’s booking, and for the same address’s booking at another venue', async () => {
    for (const path of [
      `/api/portal/bookings/${gracePending}`,
      `/api/portal/bookings/${gracePending}/calendar.ics`,
      `/api/portal/bookings/${gracePending}/documents`,
      `/api/portal/bookings/${adaElsewhere}`,
      '/api/portal/bookings/not-a-uuid',
    ]) {
      const r = await asCustomer(h, ADA, 'GET', path);
      assert.equal(r.status, 404, path);
    }
    for (const [path, body] of [
      [`/api/portal/bookings/${gracePending}/cancel`, {}],
      [`/api/portal/bookings/${gracePending}/changes`, { message: 'Move it' }],
    ] as const) {
      const r = await asCustomer(h, ADA, 'POST', path, body);
      assert.equal(r.status, 404, path);
    }
    const doc = await asCustomer(
      h,
      ADA,
      'POST',
      `/api/portal/bookings/${gracePending}/documents`,
      upload('id', PDF, 'id.pdf'),
    );
    assert.equal(doc.status, 404);
    // at the other venue the same address sees that venue's booking only
    const there = await asCustomer(h, ADA, 'GET', '/api/portal/bookings', undefined, OTHER);
    assert.deepEqual(
      there.body.bookings.map((b: { id: string }) => b.id),
      [adaElsewhere],
    );
    assert.equal(
      (await h.call('GET', `/api/bookings/${gracePending}`, h.tokens.owner)).body.status,
      'pending',
    );
  });

  it('refuses staff and anonymous callers, and a customer on staff calls', async () => {
    const staff = await h.call('GET', '/api/portal/bookings', h.tokens.owner);
    assert.equal(staff.status, 401);
    const none = await fetch(`${h.t.url}/api/portal/bookings`);
    assert.equal(none.status, 401);
    const onStaff = await asCustomer(h, ADA, 'GET', `/api/bookings/${adaPending}`);
    assert.equal(onStaff.status, 401);
  });

  it('keeps a customer to their rows in the database as well (restrictive policies)', async () => {
    await assertCustomerPolicy(h.t.kit, 'bookings');
    await assertCustomerPolicy(h.t.kit, 'booking_documents');
    // a query that names neither the customer nor a booking still sees only theirs
    const seen = await h.t.kit.db.customerTx(OWNER, ADA, (tx) =>
      tx.query<{ customer_email: string }>('SELECT customer_email FROM bookings'),
    );
    assert.ok(seen.rows.length >= 2);
    assert.ok(seen.rows.every((r) => r.customer_email.toLowerCase() === ADA));
    const moved = await h.t.kit.db.customerTx(OWNER, ADA, (tx) =>
      tx.query(`UPDATE bookings SET notes = 'x' WHERE id = $1`, [gracePending]),
    );
    assert.equal(moved.rowCount, 0);
  });

  it('asks the venue for changes: a note on the booking for staff and an event for the venue’s e-mail', async () => {
    const empty = await asCustomer(h, ADA, 'POST', `/api/portal/bookings/${adaConfirmed}/changes`, {
      message: '  ',
    });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.errors[0].path, 'message');
    const r = await asCustomer(h, ADA, 'POST', `/api/portal/bookings/${adaConfirmed}/changes`, {
      message: 'Could we start at 17:00 instead?',
    });
    assert.equal(r.status, 200, r.text);
    const b = (await h.call('GET', `/api/bookings/${adaConfirmed}`, h.tokens.owner)).body;
    assert.match(b.notes, /Customer asked for changes \(03\/03\/2031\): Could we start at 17:00 instead\?/);
    const asked = (await outbox(h, 'booking.customer_changes_requested')).at(-1)!;
    assert.equal(asked.id, adaConfirmed);
    assert.equal(asked.customerMessage, 'Could we start at 17:00 instead?');
  });

  it('adds the booking to a calendar (.ics)', async () => {
    const res = await fetch(`${h.t.url}/api/portal/bookings/${adaConfirmed}/calendar.ics`, {
      headers: (await import('@venue/service-kit/testing')).customerHeaders({ tenantId: OWNER, email: ADA }),
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/calendar/);
    const text = await res.text();
    assert.match(text, /BEGIN:VEVENT/);
    assert.match(text, /DTSTART:20310402T070000Z/);
    assert.match(text, /DTEND:20310402T090000Z/);
    assert.match(text, /STATUS:CONFIRMED/);
    for (const line of text.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, line);
  });

  it('uploads a PDF or an image by its content, at most 10 MB; staff see it and verify it', async () => {
    const notPdf = await asCustomer(
      h,
      ADA,
      'POST',
      `/api/portal/bookings/${adaConfirmed}/documents`,
      upload('insurance', Buffer.from('just text, named like a PDF'), 'policy.pdf', 'application/pdf'),
    );
    assert.equal(notPdf.status, 400);
    assert.equal(notPdf.body.errors[0].path, 'file');
    const noKind = await asCustomer(
      h,
      ADA,
      'POST',
      `/api/portal/bookings/${adaConfirmed}/documents`,
      upload('passport', PDF, 'p.pdf'),
    );
    assert.equal(noKind.status, 400);
    assert.equal(noKind.body.errors[0].path, 'kind');
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await asCustomer(
      h,
      ADA,
      'POST',
      `/api/portal/bookings/${adaConfirmed}/documents`,
      upload('insurance', big, 'big.pdf'),
    );
    assert.equal(tooBig.status, 413);
    assert.equal(await count(h, 'SELECT count(*) AS n FROM booking_documents'), 0);

    const pdf = await asCustomer(
      h,
      ADA,
      'POST',
      `/api/portal/bookings/${adaConfirmed}/documents`,
      upload('insurance', PDF, 'Public liability 2031.pdf', 'image/png'),
    );
    assert.equal(pdf.status, 201, pdf.text);
    assert.equal(pdf.body.kind, 'insurance');
    assert.equal(pdf.body.contentType, 'application/pdf', 'the content decides, not the browser');
    assert.equal(pdf.body.fileName, 'Public liability 2031.pdf');
    assert.equal(pdf.body.verified, false);
    const png = await asCustomer(
      h,
      ADA,
      'POST',
      `/api/portal/bookings/${adaConfirmed}/documents`,
      upload('id', PNG, 'licence.png'),
    );
    assert.equal(png.status, 201, png.text);
    const mine = await asCustomer(h, ADA, 'GET', `/api/portal/bookings/${adaConfirmed}/documents`);
    assert.equal(mine.body.documents.length, 2);
    // each upload is published for the venue's webhooks (decision 60): the document and its booking
    const uploaded = (await outbox(h, 'booking.document_uploaded')).map((e) => [e.document.id, e.booking.id]);
    assert.deepEqual(uploaded, [
      [pdf.body.id, adaConfirmed],
      [png.body.id, adaConfirmed],
    ]);
    const after = await asCustomer(h, ADA, 'GET', `/api/portal/bookings/${adaConfirmed}`);
    assert.deepEqual(after.body.documentsNeeded, [], 'both are with the venue now');

    // staff: the list, the file as uploaded, and verifying it
    const list = await h.call('GET', `/api/bookings/${adaConfirmed}/documents`, h.tokens.owner);
    assert.equal(list.status, 200);
    assert.equal(list.body.documents.length, 2);
    const file = await fetch(`${h.t.url}/api/bookings/${adaConfirmed}/documents/${pdf.body.id}`, {
      headers: { authorization: `Bearer ${h.tokens.owner}` },
    });
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/pdf');
    assert.match(file.headers.get('content-disposition') ?? '', /attachment/);
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), PDF);
    const otherVenue = await h.call('GET', `/api/bookings/${adaConfirmed}/documents`, h.tokens.other);
    assert.equal(otherVenue.status, 404);
    const wrongBooking = await h.call(
      'POST',
      `/api/bookings/${adaPending}/documents/${pdf.body.id}/verify`,
      h.tokens.owner,
    );
    assert.equal(wrongBooking.status, 404);

    const verified = await h.call(
      'POST',
      `/api/bookings/${adaConfirmed}/documents/${pdf.body.id}/verify`,
      h.tokens.owner,
    );
    assert.equal(verified.status, 200, verified.text);
    assert.deepEqual(verified.body.docs, { idVerified: false, insuranceVerified: true });
    assert.equal(verified.body.document.verifiedBy, 'owner@harbourside.test');
    const id = await h.call(
      'POST',
      `/api/bookings/${adaConfirmed}/documents/${png.body.id}/verify`,
      h.tokens.owner,
    );
    assert.deepEqual(id.body.docs, { idVerified: true, insuranceVerified: true });
    // insights' copy of the booking reads these flags from booking.updated: the alert clears
    const updated = (await outbox(h, 'booking.updated')).filter((e) => e.id === adaConfirmed).at(-1)!;
    assert.deepEqual(updated.docs, { idVerified: true, insuranceVerified: true });
    const seen = await asCustomer(h, ADA, 'GET', `/api/portal/bookings/${adaConfirmed}/documents`);
    assert.ok(seen.body.documents.every((d: { verified: boolean }) => d.verified));
    const docsMissing = await h.call('GET', '/api/bookings?docsMissing=true&source=website', h.tokens.owner);
    assert.ok(!docsMissing.body.items.some((b: { id: string }) => b.id === adaConfirmed));
  });

  it('withdraws a pending request (the usual status event), and refuses to cancel a confirmed booking', async () => {
    const confirmed = await asCustomer(h, ADA, 'POST', `/api/portal/bookings/${adaConfirmed}/cancel`, {});
    assert.equal(confirmed.status, 409);
    const r = await asCustomer(h, ADA, 'POST', `/api/portal/bookings/${adaPending}/cancel`, {
      reason: 'Date moved',
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.status, 'cancelled');
    assert.equal(r.body.canCancel, false);
    assert.equal(r.body.cancellationReason, 'Cancelled by the customer: Date moved');
    const moved = (await outbox(h, 'booking.status_changed')).filter((e) => e.id === adaPending).at(-1)!;
    assert.equal(moved.from, 'pending');
    assert.equal(moved.to, 'cancelled');
    assert.equal(moved.cancelledBy, 'customer');
    const again = await asCustomer(h, ADA, 'POST', `/api/portal/bookings/${adaPending}/cancel`, {});
    assert.equal(again.status, 409);
    // its time is free again on the booking page
    const a = await visit(h, 'GET', `/availability?resourceId=${HALL}&from=2031-04-01&to=2031-04-01`);
    assert.deepEqual(a.body.busy, []);
    const doc = await asCustomer(
      h,
      ADA,
      'POST',
      `/api/portal/bookings/${adaPending}/documents`,
      upload('id', PDF, 'id.pdf'),
    );
    assert.equal(doc.status, 409);
  });

  it('anonymising the customer takes their documents and their online answers with it', async () => {
    const c = (await h.call('GET', `/api/bookings/${adaConfirmed}`, h.tokens.owner)).body.customerId;
    const r = await h.call('POST', `/api/customers/${c}/anonymise`, h.tokens.owner);
    assert.equal(r.status, 200, r.text);
    assert.equal(
      await count(h, 'SELECT count(*) AS n FROM booking_documents WHERE booking_id = $1', [adaConfirmed]),
      0,
    );
    const b = (await h.call('GET', `/api/bookings/${adaConfirmed}`, h.tokens.owner)).body;
    assert.equal(b.onlineRequest?.clientAddress ?? '', '');
    assert.deepEqual(b.onlineRequest?.answers ?? [], []);
    const portal = await asCustomer(h, ADA, 'GET', '/api/portal/bookings');
    assert.deepEqual(portal.body.bookings, []);
  });
});
