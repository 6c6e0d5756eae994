/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * A bond settled reaches the customer (issue 24 item 3), end to end with the real money service
 * and an SMTP peer: a bond money received and then refunded, or kept in part or whole with a
 * reason, becomes the customer's "Bond returned or kept" e-mail with the amounts money stored;
 * the customer's Email History shows it; once however often the event comes; none with the
 * "Adjustment note or refund" switch off.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@venue/contracts';
import { settingsChangedEvent } from '@venue/service-kit/testing';
// The real money service (its own test harness): the figures are the ones money stored.
import { OWNER as VENUE, startMoney, type Harness } from '../../../money/src/testing/harness.ts';
import { deliverDue } from '../mail/worker.ts';
import { booking, bookingEvent, startComms, startPeer, type Comms } from '../testing/harness.ts';

describe('bond e-mails: refunded, kept in part, kept in whole', () => {
  let money: Harness;
  let c: Comms;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  let venue: string; // the venue owner's token at comms

  const moneyCall: Harness['call'] = (...args) => money.call(...args);

  before(async () => {
    money = await startMoney();
    c = await startComms();
    peer = await startPeer();
    c.useSmtp(peer.port);
    // money's venue, as comms meets it: its settings from admin, its owner signing in
    await c.deliver(settingsChangedEvent(VENUE, 1));
    venue = await c.ownerToken(VENUE);
  });
  after(async () => {
    await peer.close();
    await c.close();
    await money.close();
  });

  /** The newest event of `type` money published about `match`, as the relay would hand it to comms. */
  async function published(type: string, match: (data: any) => boolean): Promise<DomainEvent> {
    const e = (await money.events(type)).filter((x) => match(x.data)).at(-1);
    assert.ok(e, `money published ${type}`);
    return {
      id: randomUUID(),
      type,
      version: 1,
      source: 'money',
      tenantId: e.tenantId,
      occurredAt: new Date().toISOString(),
      data: e.data,
    };
  }

  let codes = 0;
  /** A booking both services know, with a bond money received (`amountCents`). */
  async function bonded(email: string, amountCents: number) {
    const bookingId = await money.booking('booking.created', {
      customerName: 'Jane Smith',
      customerEmail: email,
    });
    const bookingCode = `HH-2026-${String(700 + ++codes).padStart(4, '0')}`;
    await c.deliver(
      bookingEvent(
        'booking.created',
        booking({
          id: bookingId,
          hallOwnerId: VENUE,
          bookingCode,
          customerName: 'Jane Smith',
          customerEmail: email,
          status: 'confirmed',
        }),
      ),
    );
    const held = await moneyCall('POST', '/api/deposits/bonds', VENUE, {
      bookingId,
      amountCents,
      paymentMethod: 'Bank Transfer',
    });
    assert.equal(held.status, 201, held.text);
    return { bookingId, bookingCode, bond: held.body };
  }

  /** The bond as money stored it (its list), after the settling call. */
  async function stored(id: string) {
    const list = await moneyCall('GET', `/api/deposits/bonds/hall-owner/${VENUE}`, VENUE);
    assert.equal(list.status, 200, list.text);
    const b = list.body.find((x: any) => x.id === id);
    assert.ok(b, 'money has the bond');
    return b;
  }
  const dollars = (cents: number) =>
    new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);

  async function bondMails(email: string) {
    await deliverDue(c.t.kit, c.deps);
    return peer.received.filter((r) => r.to.includes(email) && r.mail.subject?.startsWith('Your bond'));
  }
  const historyOf = async (email: string) =>
    (await c.call('GET', `/api/email-comms/history?search=${email}`, venue)).body.items.filter(
      (e: any) => e.kind === 'bond_returned',
    );

  it('a bond received then refunded e-mails the customer the refunded amount as money stored it, once', async () => {
    const email = 'jane.bondback@example.com';
    const { bookingId, bookingCode, bond } = await bonded(email, 48_765);
    const back = await moneyCall('POST', `/api/deposits/bonds/${bond.id}/refund`, VENUE, {
      paymentMethod: 'Bank Transfer',
    });
    assert.equal(back.status, 200, back.text);
    const refunded = await published('bond.refunded', (d) => d.id === bond.id);
    await c.deliver(refunded);
    await c.deliver(refunded); // the relay delivering the same event again
    await c.deliver({ ...refunded, id: randomUUID() }); // or money publishing it twice
    // bond.received is no e-mail: comms does not take it
    await c.deliver(await published('bond.received', (d) => d.id === bond.id));
    const mails = await bondMails(email);
    assert.equal(mails.length, 1, 'one bond e-mail');
    const m = mails[0]!.mail;
    const money$ = dollars((await stored(bond.id)).refundedCents);
    assert.equal(money$, '$487.65');
    assert.equal(m.subject, `Your bond for ${bookingCode} has been refunded: ${money$}`);
    assert.match(m.text!, new RegExp(`Your bond for ${bookingCode} has been refunded: \\$487\\.65\\.`));
    assert.match(m.text!, /Wedding at Main Hall on Fri 20 Mar 2026/);
    assert.doesNotMatch(m.text!, /kept|Reason|\{\{/);
    assert.equal(m.attachments.length, 0);
    // The customer's Email History (by their address, and on the booking) shows it, sent.
    const shown = await historyOf(email);
    assert.equal(shown.length, 1, 'once in the history');
    assert.equal(shown[0].status, 'sent');
    assert.equal(shown[0].subject, m.subject);
    assert.equal(shown[0].bookingId, bookingId);
    assert.equal(shown[0].templateName, 'Bond returned or kept');
    const onBooking = (await c.call('GET', `/api/email-comms/history?bookingId=${bookingId}`, venue)).body
      .items;
    assert.ok(onBooking.some((e: any) => e.kind === 'bond_returned'));
  });

  it('a bond kept in part names what was kept with its GST, the reason, and what came back', async () => {
    const email = 'jane.bondkept@example.com';
    const { bookingCode, bond } = await bonded(email, 50_000);
    const kept = await moneyCall('POST', `/api/deposits/bonds/${bond.id}/forfeit`, VENUE, {
      amountCents: 12_345,
      reason: 'Broken table',
    });
    assert.equal(kept.status, 200, kept.text);
    const forfeited = await published('bond.forfeited', (d) => d.id === bond.id);
    await c.deliver(forfeited);
    await c.deliver({ ...forfeited, id: randomUUID() });
    const mails = await bondMails(email);
    assert.equal(mails.length, 1, 'one bond e-mail');
    const m = mails[0]!.mail;
    const s = await stored(bond.id);
    const [k, g, r] = [dollars(s.forfeitedCents), dollars(s.forfeitedGstCents), dollars(s.refundedCents)];
    assert.deepEqual([k, g, r], ['$123.45', '$11.22', '$376.55']);
    assert.equal(m.subject, `Your bond for ${bookingCode} has been settled: ${k} kept, ${r} refunded`);
    assert.match(
      m.text!,
      new RegExp(`We have kept \\${k} of your \\$500\\.00 bond for ${bookingCode}, including \\${g} GST\\.`),
    );
    assert.match(m.text!, /\n\nReason: Broken table\n\n/);
    assert.match(m.text!, new RegExp(`The rest, \\${r}, has been refunded to you\\.`));
    const keptInvoice = await published(
      'invoice.issued',
      (d) => d.type === 'BOND' && d.bookingId === bond.bookingId,
    );
    const invoiceNumber = (keptInvoice.data as { invoiceNumber: string }).invoiceNumber;
    assert.ok(invoiceNumber, 'the kept part has a numbered tax invoice');
    assert.ok(
      m.text!.includes(`The tax invoice for what was kept, ${invoiceNumber}, comes in an e-mail of its own.`),
      m.text!,
    );
    assert.match(String(m.html), /Reason: Broken table/, 'the HTML part says the same');
    assert.equal((await historyOf(email))[0]?.status, 'sent');
  });

  it('a bond kept in whole says nothing came back', async () => {
    const email = 'jane.bondall@example.com';
    const { bookingCode, bond } = await bonded(email, 30_000);
    const kept = await moneyCall('POST', `/api/deposits/bonds/${bond.id}/forfeit`, VENUE, {
      amountCents: 30_000,
      reason: 'Carpet replaced after wine spill',
    });
    assert.equal(kept.status, 200, kept.text);
    await c.deliver(await published('bond.forfeited', (d) => d.id === bond.id));
    const mails = await bondMails(email);
    assert.equal(mails.length, 1);
    const m = mails[0]!.mail;
    const s = await stored(bond.id);
    assert.equal(s.refundedCents, 0);
    assert.equal(m.subject, `Your bond for ${bookingCode} has been kept: $300.00`);
    assert.match(
      m.text!,
      new RegExp(
        `We have kept all of your \\$300\\.00 bond for ${bookingCode}, including \\${dollars(s.forfeitedGstCents)} GST\\.`,
      ),
    );
    assert.match(m.text!, /Reason: Carpet replaced after wine spill/);
    assert.match(m.text!, /Nothing of the bond is refunded\./);
  });

  it('with “Adjustment note or refund” switched off no bond e-mail goes; the venue has the template and the switch is on by default', async () => {
    const settings = await c.call('GET', '/api/email-comms/settings', venue);
    assert.equal(settings.status, 200, settings.text);
    assert.equal(settings.body.settings.automatic.credit_note_issued, true, 'on by default');
    const templates = await c.call('GET', '/api/email-templates', venue);
    assert.ok(templates.body.templates.some((t: any) => t.kind === 'bond_returned'));
    const off = await c.call('PUT', '/api/email-comms/settings', venue, {
      automatic: { credit_note_issued: false },
    });
    assert.equal(off.status, 200, off.text);
    try {
      const email = 'jane.bondoff@example.com';
      const { bond } = await bonded(email, 20_000);
      const back = await moneyCall('POST', `/api/deposits/bonds/${bond.id}/refund`, VENUE, {});
      assert.equal(back.status, 200, back.text);
      await c.deliver(await published('bond.refunded', (d) => d.id === bond.id));
      const other = await bonded('jane.bondoff2@example.com', 20_000);
      const kept = await moneyCall('POST', `/api/deposits/bonds/${other.bond.id}/forfeit`, VENUE, {
        amountCents: 5_000,
        reason: 'Late pack-down',
      });
      assert.equal(kept.status, 200, kept.text);
      await c.deliver(await published('bond.forfeited', (d) => d.id === other.bond.id));
      assert.deepEqual(await bondMails(email), []);
      assert.deepEqual(await bondMails('jane.bondoff2@example.com'), []);
      assert.deepEqual(await historyOf(email), []);
    } finally {
      await c.call('PUT', '/api/email-comms/settings', venue, { automatic: { credit_note_issued: true } });
    }
  });
});
