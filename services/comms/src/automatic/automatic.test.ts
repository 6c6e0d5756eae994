/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * Automatic e-mails (issue 12 item 6): bookings' events become the customer's e-mail from the
 * tenant's own template, once per booking and kind, never at night, and only the kinds the
 * tenant has switched on.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deliverDue } from '../mail/worker.ts';
import { queueScheduled } from './scheduled.ts';
import { booking, bookingEvent, OWNER, startComms, startPeer, type Comms } from '../testing/harness.ts';

describe('automatic e-mails', () => {
  let c: Comms;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  before(async () => {
    c = await startComms();
    peer = await startPeer();
    c.useSmtp(peer.port);
  });
  after(async () => {
    await peer.close();
    await c.close();
  });

  const emailsOf = async (bookingId: string) =>
    (await c.call('GET', `/api/email-comms/history?bookingId=${bookingId}`, c.tokens.owner)).body.items;

  it('declining a booking e-mails the customer from the tenant’s Declined template, once', async () => {
    // The venue words its own Declined template.
    const templates = (await c.call('GET', '/api/email-templates', c.tokens.owner)).body.templates;
    const declined = templates.find((t: any) => t.kind === 'declined');
    assert.ok(declined, 'seeded for the tenant');
    const edit = await c.call('PUT', `/api/email-templates/${declined.id}`, c.tokens.owner, {
      subject: 'Sorry, {{customerName}}',
      body: 'We cannot host your {{eventType}} on {{bookingDate}} at {{hallName}}.\nWhy: {{declineReason}}',
    });
    assert.equal(edit.status, 200, edit.text);
    const b = booking({ customerName: 'Grace <Hopper>', customerEmail: 'grace@example.com' });
    await c.deliver(bookingEvent('booking.created', b));
    const declinedEvent = bookingEvent('booking.status_changed', {
      ...b,
      status: 'cancelled',
      from: 'pending',
      to: 'cancelled',
      cancellationReason: 'Declined - The guest count exceeds the venue capacity: 300 is too many',
      declineReason: 'The guest count exceeds the venue capacity: 300 is too many',
      updatedAt: new Date(Date.parse(String(b.updatedAt)) + 1000).toISOString(),
    });
    await c.deliver(declinedEvent);
    await c.deliver({ ...declinedEvent, id: crypto.randomUUID() }); // a second delivery of the same change
    const queued = await emailsOf(String(b.id));
    assert.equal(queued.length, 1);
    assert.equal(queued[0].kind, 'declined');
    assert.equal(queued[0].templateName, 'Booking request declined');
    await deliverDue(c.t.kit, c.deps);
    const m = peer.received.find((r) => r.to.includes('grace@example.com'))!.mail;
    assert.equal(m.subject, 'Sorry, Grace <Hopper>');
    assert.equal(
      m.text!.trim(),
      'We cannot host your Wedding on Fri 20 Mar 2026 at Main Hall.\nWhy: The guest count exceeds the venue capacity: 300 is too many',
    );
    assert.match(m.html as string, /Sorry|We cannot host/);
    assert.match(m.html as string, /Grace &lt;Hopper&gt;|Main Hall/);
    assert.deepEqual(m.from?.value[0]?.name, 'Harbourside Hall');
  });

  it('confirmed, hold placed (with its expiry), changes requested (with the message) and cancelled each e-mail once', async () => {
    const b = booking({ customerEmail: 'lin@example.com', customerName: 'Lin' });
    await c.deliver(bookingEvent('booking.created', b));
    const at = (s: number) => new Date(Date.parse(String(b.updatedAt)) + s * 1000).toISOString();
    await c.deliver(
      bookingEvent('booking.updated', {
        ...b,
        changeRequest: { message: 'Fewer guests please', at: at(1) },
        changesRequested: { message: 'Fewer guests please' },
        updatedAt: at(1),
      }),
    );
    await c.deliver(
      bookingEvent('booking.status_changed', {
        ...b,
        status: 'tentative',
        from: 'pending',
        to: 'tentative',
        holdExpiresAt: '2026-03-12T06:00:00.000Z',
        updatedAt: at(2),
      }),
    );
    await c.deliver(
      bookingEvent('booking.status_changed', {
        ...b,
        status: 'confirmed',
        from: 'tentative',
        to: 'confirmed',
        updatedAt: at(3),
      }),
    );
    await c.deliver(
      bookingEvent('booking.status_changed', {
        ...b,
        status: 'cancelled',
        from: 'confirmed',
        to: 'cancelled',
        updatedAt: at(4),
      }),
    );
    const kinds = (await emailsOf(String(b.id))).map((e: any) => [e.kind, e.subject]).sort();
    assert.deepEqual(kinds, [
      ['booking_confirmed', `Your booking ${b.bookingCode} is confirmed`],
      ['cancelled', `Your booking ${b.bookingCode} has been cancelled`],
      ['changes_requested', `Changes needed for your booking ${b.bookingCode}`],
      ['hold_placed', 'We are holding Main Hall for you until Thu 12 Mar 2026, 5:00 pm'],
    ]);
    const changes = (await emailsOf(String(b.id))).find((e: any) => e.kind === 'changes_requested');
    assert.match(changes.body, /Fewer guests please/);
  });

  it('a kind switched off sends nothing; nothing goes out at night, it waits for the send hour', async () => {
    const off = await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
      automatic: { booking_confirmed: false },
    });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.settings.automatic.booking_confirmed, false);
    assert.equal(off.body.settings.automatic.declined, true);
    const b = booking({ customerEmail: 'quiet@example.com' });
    await c.deliver(
      bookingEvent('booking.status_changed', { ...b, status: 'confirmed', from: 'pending', to: 'confirmed' }),
    );
    assert.deepEqual(await emailsOf(String(b.id)), []);
    await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
      automatic: { booking_confirmed: true },
    });

    await deliverDue(c.t.kit, c.deps); // what earlier tests queued in the day
    // 23:30 in Sydney: the confirmation waits until 09:00.
    c.clock.at = new Date('2026-03-10T12:30:00.000Z');
    const n = booking({ customerEmail: 'night@example.com' });
    await c.deliver(
      bookingEvent('booking.status_changed', { ...n, status: 'confirmed', from: 'pending', to: 'confirmed' }),
    );
    assert.equal((await deliverDue(c.t.kit, c.deps)).claimed, 0);
    const { rows } = await c.t.kit.db.tenantTx(OWNER, (tx) =>
      tx.query<{ next_attempt_at: Date | string }>(
        `SELECT next_attempt_at FROM emails WHERE tenant_id = $1 AND booking_id = $2`,
        [OWNER, n.id],
      ),
    );
    assert.equal(new Date(rows[0]!.next_attempt_at).toISOString(), '2026-03-10T22:00:00.000Z'); // 09:00 AEDT
    c.clock.at = new Date('2026-03-10T22:00:00.000Z');
    assert.equal((await deliverDue(c.t.kit, c.deps)).sent, 1);
  });

  it('event reminders go N days before at the send hour, once; holds expiring within 24 hours get one warning', async () => {
    const soon = booking({
      status: 'confirmed',
      bookingDate: '2026-03-14',
      startsAt: '2026-03-14T18:00:00.000+11:00',
      customerEmail: 'soon@example.com',
    });
    const later = booking({
      status: 'confirmed',
      bookingDate: '2026-03-20',
      startsAt: '2026-03-20T18:00:00.000+11:00',
      customerEmail: 'later@example.com',
    });
    const hold = booking({
      status: 'tentative',
      holdExpiresAt: '2026-03-12T20:00:00.000Z',
      customerEmail: 'hold@example.com',
    });
    for (const b of [soon, later, hold]) await c.deliver(bookingEvent('booking.created', b));
    // 07:00 on the 12th in Sydney: before the send hour, nothing.
    c.clock.at = new Date('2026-03-11T20:00:00.000Z');
    assert.equal(await queueScheduled(c.t.kit, c.deps), 0);
    // 09:05: the event two days ahead gets its reminder, the hold ending tomorrow its warning.
    c.clock.at = new Date('2026-03-11T22:05:00.000Z');
    assert.equal(await queueScheduled(c.t.kit, c.deps), 2);
    assert.equal(await queueScheduled(c.t.kit, c.deps), 0, 'once per booking and kind');
    assert.deepEqual(
      (await emailsOf(String(soon.id)))
        .filter((e: any) => e.kind === 'event_reminder')
        .map((e: any) => [e.kind, e.subject]),
      [['event_reminder', 'Reminder: Wedding at Main Hall on Sat 14 Mar 2026']],
    );
    // created as confirmed or held, they also had their confirmation and hold e-mails
    assert.deepEqual((await emailsOf(String(hold.id))).map((e: any) => e.kind).sort(), [
      'hold_expiring',
      'hold_placed',
    ]);
    assert.deepEqual(
      (await emailsOf(String(later.id))).map((e: any) => e.kind),
      ['booking_confirmed'],
    );
  });

  it('reminders by hand: one per selected booking, sent and failed counted', async () => {
    const ok = booking({ status: 'confirmed', customerEmail: 'r1@example.com' });
    const pending = booking({ status: 'pending', customerEmail: 'r2@example.com' });
    for (const b of [ok, pending]) await c.deliver(bookingEvent('booking.created', b));
    const r = await c.call('POST', '/api/email-comms/reminders', c.tokens.subBookings, {
      bookingIds: [ok.id, pending.id, '0f000000-0000-4000-8000-000000000001'],
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.body.sent, r.body.failed, r.body.message], [1, 2, 'Sent 1 reminder(s), 2 failed.']);
    assert.match(r.body.results[1].message, /Only confirmed/);
  });
});
