/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/** Templates screen (spec 02 §2.11, §5.3, §8) and the recipient and history lists behind Send Email. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useStarted } from '@venue/service-kit/testing';
import { booking, bookingEvent, startComms } from '../testing/harness.ts';

describe('templates', () => {
  const c = useStarted(startComms);

  it('a new venue starts with its useful templates, seeded once however many first reads race', async () => {
    const reads = await Promise.all(
      Array.from({ length: 6 }, () => c.call('GET', '/api/email-templates', c.tokens.other)),
    );
    for (const r of reads) assert.equal(r.status, 200, r.text);
    const names = reads[0]!.body.templates.map((t: any) => t.name);
    assert.deepEqual(names, [
      'Booking confirmation',
      'Hold placed',
      'Hold expiring',
      'Booking request declined',
      'Changes requested',
      'Booking cancelled',
      'Event reminder',
      'Payment link',
      'Invoice',
      'Receipt',
      'Quotation',
      'Payment reminder',
      'Adjustment note',
      'Refund',
      'Bond returned or kept',
      'Verify your e-mail',
      'Your portal link',
      'Request received',
      'New request for the venue',
      'Customer asked for changes',
      'Event reminder (SMS)',
      'Payment reminder (SMS)',
    ]);
    assert.ok(
      reads.every((r) => r.body.templates.length === 22),
      'no duplicates',
    );
    const hold = reads[0]!.body.templates.find((t: any) => t.kind === 'hold_placed');
    assert.ok(hold.variables.includes('holdExpiresAt'));
    assert.ok(
      reads[0]!.body.templates.find((t: any) => t.kind === 'declined').variables.includes('declineReason'),
    );
  });

  it('creates, edits, lists, previews on the card and deletes with the spec’s messages', async () => {
    const bad = await c.call('POST', '/api/email-templates', c.tokens.owner, {
      name: ' ',
      subject: '',
      body: '   ',
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.errors.map((e: any) => [e.path, e.message]),
      [
        ['name', 'Template name is required'],
        ['subject', 'Subject is required'],
        ['body', 'Body is required'],
      ],
    );
    const long = 'Dear {{customerName}}, '.padEnd(150, 'x');
    const made = await c.call('POST', '/api/email-templates', c.tokens.owner, {
      name: 'Long one',
      subject: 'S {{hallName}}',
      body: long,
    });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.message, 'Email template created successfully');
    const t = made.body.template;
    assert.deepEqual([t.type, t.isActive, t.kind], ['email', true, null]);
    assert.equal(t.bodyPreview, `${long.slice(0, 100)}...`);
    assert.deepEqual(t.variables, ['hallName', 'customerName']);
    const sms = await c.call('POST', '/api/email-templates', c.tokens.owner, {
      name: 'Text',
      type: 'sms',
      subject: 'S',
      body: 'B',
    });
    assert.equal(sms.status, 201);
    const sending = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
      templateId: sms.body.template.id,
      recipientEmail: 'a@example.com',
    });
    assert.equal(sending.status, 400);
    assert.match(sending.body.message, /SMS/);
    const edited = await c.call('PUT', `/api/email-templates/${t.id}`, c.tokens.owner, {
      isActive: false,
      name: 'Long one (old)',
    });
    assert.equal(edited.body.message, 'Email template updated successfully');
    assert.deepEqual(
      [edited.body.template.isActive, edited.body.template.name, edited.body.template.body],
      [false, 'Long one (old)', long],
    );
    assert.equal((await c.call('PUT', `/api/email-templates/${t.id}`, c.tokens.owner, {})).status, 400);
    const inactive = await c.call('GET', '/api/email-templates?active=false', c.tokens.owner);
    assert.deepEqual(
      inactive.body.templates.map((x: any) => x.id),
      [t.id],
    );
    assert.deepEqual(
      // the venue's own and the two seeded SMS templates (issue 26)
      (await c.call('GET', '/api/email-templates?type=sms', c.tokens.owner)).body.templates.length,
      3,
    );
    assert.equal(
      (await c.call('GET', '/api/email-templates?search=long%20one', c.tokens.owner)).body.templates.length,
      1,
    );
    const del = await c.call('DELETE', `/api/email-templates/${t.id}`, c.tokens.owner);
    assert.equal(del.body.message, 'Email template deleted successfully');
    assert.equal((await c.call('GET', `/api/email-templates/${t.id}`, c.tokens.owner)).status, 404);
    assert.equal((await c.call('GET', '/api/email-templates/not-a-uuid', c.tokens.owner)).status, 404);
  });

  it('previews with a real booking’s values, not sample data', async () => {
    const b = booking({ customerName: 'Noor <b>', eventType: 'Birthday', bookingDate: '2026-04-02' });
    await c.deliver(bookingEvent('booking.created', b));
    const p = await c.call('POST', '/api/email-templates/preview', c.tokens.owner, {
      subject: 'For {{customerName}}',
      body: '{{eventType}} on {{bookingDate}} at {{hallName}}; {{unknownThing}}',
      bookingId: b.id,
    });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.subject, 'For Noor <b>');
    assert.equal(p.body.text, 'Birthday on Thu 2 Apr 2026 at Main Hall; {{unknownThing}}');
    assert.match(p.body.html, /Noor|Birthday on Thu 2 Apr 2026/);
    assert.deepEqual(p.body.unfilled, ['unknownThing']);
    assert.equal(p.body.booking.bookingCode, b.bookingCode);
    // the pay-link e-mail: the venue's Payment link template with the link built by the server
    const pay = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
      purpose: 'payment_link',
      bookingId: b.id,
      recipientEmail: 'noor@example.com',
    });
    assert.equal(pay.status, 202, pay.text);
    assert.equal(pay.body.email.templateName, 'Payment link');
    assert.ok(pay.body.email.body.includes(`https://pay.example/pay/link-of-${b.id}`));
    assert.equal(
      (
        await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
          purpose: 'payment_link',
          recipientEmail: 'n@example.com',
        })
      ).body.errors[0].path,
      'bookingId',
    );
    // without a booking id: the latest booking
    const latest = await c.call('POST', '/api/email-templates/preview', c.tokens.owner, {
      subject: '{{customerName}}',
      body: 'x',
    });
    assert.equal(latest.body.booking.id, b.id);
    // a venue with no bookings: the placeholders stay, said plainly
    const none = await c.call('POST', '/api/email-templates/preview', c.tokens.other, {
      subject: '{{customerName}}',
      body: 'x',
    });
    assert.deepEqual(
      [none.body.subject, none.body.booking, none.body.unfilled],
      ['{{customerName}}', null, ['customerName']],
    );
  });

  it('lists recipients from the venue’s customers and their bookings; pages the history by cursor', async () => {
    const a1 = booking({
      customerName: 'Zed Old',
      customerEmail: 'Zed@Example.com',
      calculatedPriceCents: 10000,
    });
    const a2 = booking({ customerName: 'Zed', customerEmail: 'zed@example.com', calculatedPriceCents: 5050 });
    const a3 = booking({
      customerName: 'Zed',
      customerEmail: 'zed@example.com',
      calculatedPriceCents: 99900,
      status: 'cancelled',
    });
    for (const b of [a1, a2, a3]) await c.deliver(bookingEvent('booking.created', b));
    const found = await c.call('GET', '/api/email-comms/customers?search=zed', c.tokens.owner);
    assert.deepEqual(found.body.customers, [
      {
        name: 'Zed',
        email: 'zed@example.com',
        totalBookings: 3,
        totalSpent: 150.5,
        totalSpentCents: 15050,
        bounced: false,
      },
    ]);
    const theirBookings = await c.call('GET', '/api/email-comms/bookings/ZED%40example.com', c.tokens.owner);
    assert.equal(theirBookings.body.bookings.length, 3);
    assert.deepEqual(Object.keys(theirBookings.body.bookings[0]).sort(), [
      'bookingCode',
      'bookingDate',
      'calculatedPrice',
      'calculatedPriceCents',
      'endTime',
      'eventType',
      'guestCount',
      'hallName',
      'id',
      'selectedHall',
      'startTime',
      'status',
    ]);
    assert.equal(
      (await c.call('GET', '/api/email-comms/bookings/zed%40example.com', c.tokens.other)).body.bookings
        .length,
      0,
    );

    for (let i = 0; i < 7; i++) {
      c.clock.advance(1000);
      await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
        recipientEmail: `page${i}@example.com`,
        customSubject: `Paged ${i}`,
        customBody: 'x',
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await c.call(
        'GET',
        `/api/email-comms/history?search=paged&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        c.tokens.owner,
      );
      assert.equal(page.status, 200, page.text);
      seen.push(...page.body.items.map((e: any) => e.subject));
      cursor = page.body.nextCursor;
    } while (cursor);
    assert.deepEqual(seen, ['Paged 6', 'Paged 5', 'Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);
    const forged = await c.call('GET', '/api/email-comms/history?cursor=bm9wZQ', c.tokens.owner);
    assert.deepEqual([forged.status, forged.body.errors[0].path], [400, 'cursor']);
  });

  it('settings: defaults, owner edits, refusals naming the field', async () => {
    const s = await c.call('GET', '/api/email-comms/settings', c.tokens.owner);
    assert.deepEqual([s.body.settings.reminderDaysBefore, s.body.settings.sendHour], [2, 9]);
    const night = await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, { sendHour: 3 });
    assert.deepEqual([night.status, night.body.errors[0].path], [400, 'sendHour']);
    const ok = await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, { reminderDaysBefore: 5 });
    assert.equal(ok.body.settings.reminderDaysBefore, 5);
  });
});
