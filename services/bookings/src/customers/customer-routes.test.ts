/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { futureDate, useHarness } from '../testing/harness.ts';

describe('customers', () => {
  const h = useHarness();
  it('one record per lower-cased e-mail with RFM, segment, tags and CLV; CSV and PDF exports; anonymise', async () => {
    await h.create({
      bookingDate: futureDate(60),
      customerEmail: 'NFP@Charity.org',
      customerName: 'Charity',
      customerTier: 'nonprofit',
    });
    await h.create({
      bookingDate: futureDate(61),
      customerEmail: 'nfp@charity.org',
      customerName: 'Charity Inc',
    });
    const list = await h.call('GET', '/api/customers?search=charity', h.tokens.owner);
    assert.equal(list.body.total, 1);
    const c = list.body.items[0];
    assert.equal(c.name, 'Charity Inc');
    assert.equal(c.totalBookings, 2);
    assert.match(c.rfm, /^[1-5]{3}$/);
    assert.ok(['Champions', 'Loyal', 'New', 'At-Risk', 'Lost'].includes(c.segment));
    const one = await h.call('GET', `/api/customers/${c.id}`, h.tokens.owner);
    assert.equal(one.body.bookings.length, 2);
    assert.equal(
      one.body.clvCents,
      Math.round(one.body.avgSpendPerBookingCents * one.body.frequency12m * 2.5),
    );
    const seg = await h.call('GET', `/api/customers?segment=${c.segment}`, h.tokens.owner);
    assert.ok(seg.body.items.every((x: any) => x.segment === c.segment));
    const csvRes = await h.call('GET', `/api/customers/${c.id}/export.csv?part=bookings`, h.tokens.owner);
    assert.match(csvRes.headers.get('content-disposition')!, new RegExp(`customer_${c.id}_bookings.csv`));
    assert.equal(csvRes.text.trim().split('\r\n').length, 3);
    const pdf = await fetch(`${h.t.url}/api/customers/${c.id}/export.pdf`, {
      headers: { authorization: `Bearer ${h.tokens.owner}` },
    });
    assert.equal((await pdf.arrayBuffer()).byteLength > 500, true);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const anon = await h.call('POST', `/api/customers/${c.id}/anonymise`, h.tokens.owner);
    assert.equal(anon.body.name, 'Anonymous');
    assert.match(anon.body.email, /^anonymised-[0-9a-f]+@invalid$/);
    const bookings = await h.call('GET', '/api/bookings?q=charity', h.tokens.owner);
    assert.equal(bookings.body.total, 0);
    assert.equal((await h.call('POST', `/api/customers/${c.id}/anonymise`, h.tokens.owner)).status, 400);
  });

  it('anonymises on customer.erasure_requested', async () => {
    await h.create({
      bookingDate: futureDate(62),
      customerEmail: 'erase.me@example.com',
      customerName: 'Erase Me',
    });
    await h.event('customer.erasure_requested', { email: 'Erase.Me@example.com' });
    const res = await h.call('GET', '/api/customers?search=erase.me', h.tokens.owner);
    assert.equal(res.body.total, 0);
  });
});
