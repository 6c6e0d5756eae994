/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * Staff's SMS opt-out toggle (issue 26 item 3): a person with Send Email (`comms`) marks a number
 * opted out (the customer phoned to say stop) and opts it back in; the mark names who and when,
 * is audited, and is refused by the same check as a STOP reply (same message); another venue
 * neither sees nor changes it; a number that is not one is refused naming `phone`. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useStarted } from '@venue/service-kit/testing';
import { SMS_BAD_PHONE, SMS_OPTED_OUT } from '@venue/contracts/comms';
import { booking, bookingEvent, OWNER, startComms, SUB } from '../testing/harness.ts';
import { inboundPath } from './sms-store.ts';

describe('SMS opt-out marked by staff', () => {
  const c = useStarted(startComms);

  const newBooking = async (phone: string) => {
    const b = booking({ status: 'confirmed', customerPhone: phone });
    await c.deliver(bookingEvent('booking.created', b));
    return b;
  };
  const send = (bookingId: unknown, token = c.tokens.sub) =>
    c.call('POST', '/api/email-comms/sms', token, { customBody: 'Hi', bookingId });
  const optOut = (q: string, token = c.tokens.sub) =>
    c.call('GET', `/api/email-comms/sms/opt-outs?${q}`, token);
  const audits = async (action: string) => {
    const { rows } = await c.t.kit.db.systemTx((tx) =>
      tx.query<{ data: any }>(
        `SELECT data FROM outbox WHERE type = 'audit.recorded' AND data->>'action' = $1`,
        [action],
      ),
    );
    return rows.map((r) => r.data);
  };

  it('marked out by staff (the number typed the venue’s way): recorded with who and when, audited, and an SMS is refused as for STOP; opted back in, it is sent', async () => {
    const b = await newBooking('+61412000555');
    const before = await optOut(`bookingId=${b.id}`);
    assert.equal(before.status, 200, before.text);
    assert.deepEqual(before.body.optOut, {
      phone: '+61412000555',
      optedOut: false,
      source: null,
      word: null,
      optedOutAt: null,
      byName: null,
    });

    const marked = await c.call('PUT', '/api/email-comms/sms/opt-outs', c.tokens.sub, {
      phone: '0412 000 555',
    });
    assert.equal(marked.status, 200, marked.text);
    assert.deepEqual(marked.body.optOut, {
      phone: '+61412000555',
      optedOut: true,
      source: 'staff',
      word: null,
      optedOutAt: c.deps.now().toISOString(),
      byName: `${SUB.slice(0, 8)}@example.test`,
    });
    assert.equal(marked.body.message, '+61412000555 is opted out of SMS from this venue.');
    assert.deepEqual((await optOut(`bookingId=${b.id}`)).body.optOut, marked.body.optOut);
    const [audit] = await audits('sms_opted_out');
    assert.deepEqual([audit.actorId, audit.targetType, audit.target], [SUB, 'phone', '+61412000555']);

    // the same refusal, in the same words, as a number that replied STOP
    const refused = await send(b.id);
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.errors, [{ path: 'bookingId', message: SMS_OPTED_OUT }]);
    const typed = await c.call('POST', '/api/email-comms/sms', c.tokens.sub, {
      customBody: 'Hi',
      recipientPhone: '+61412000555',
    });
    assert.deepEqual(typed.body.errors, [{ path: 'recipientPhone', message: SMS_OPTED_OUT }]);
    const preview = await c.call('POST', '/api/email-comms/sms/preview', c.tokens.sub, {
      customBody: 'Hi',
      bookingIds: [b.id],
    });
    assert.deepEqual(preview.body.skipped, [{ bookingId: b.id, reason: SMS_OPTED_OUT }]);

    // marking it again changes nothing and audits nothing more
    const again = await c.call('PUT', '/api/email-comms/sms/opt-outs', c.tokens.owner, {
      phone: '+61412000555',
    });
    assert.deepEqual(again.body.optOut, marked.body.optOut);
    assert.equal((await audits('sms_opted_out')).length, 1);

    const back = await c.call('DELETE', '/api/email-comms/sms/opt-outs?phone=%2B61412000555', c.tokens.sub);
    assert.equal(back.status, 200, back.text);
    assert.equal(back.body.optOut.optedOut, false);
    assert.equal(back.body.message, '+61412000555 can get SMS from this venue again.');
    const [inAudit] = await audits('sms_opted_in');
    assert.deepEqual([inAudit.actorId, inAudit.target], [SUB, '+61412000555']);
    assert.match(inAudit.targetLabel, /was: marked by staff/);
    const sent = await send(b.id);
    assert.equal(sent.status, 202, sent.text);
    const twice = await c.call('DELETE', '/api/email-comms/sms/opt-outs?phone=%2B61412000555', c.tokens.sub);
    assert.deepEqual([twice.status, twice.body.message], [200, '+61412000555 was not opted out of SMS.']);
    assert.equal((await audits('sms_opted_in')).length, 1);
  });

  it('a STOP reply shows as replied STOP, keeps its record when staff mark it too, and staff can opt it back in', async () => {
    const b = await newBooking('+61412000666');
    const r = await fetch(`${c.t.url}${inboundPath(OWNER)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ From: '+61412000666', Body: 'Unsubscribe' }),
    });
    assert.deepEqual(await r.json(), { recorded: 'opted_out' });
    const replied = (await optOut('phone=%2B61412000666')).body.optOut;
    assert.deepEqual(
      [replied.optedOut, replied.source, replied.word, replied.byName],
      [true, 'reply', 'UNSUBSCRIBE', null],
    );
    const marked = await c.call('PUT', '/api/email-comms/sms/opt-outs', c.tokens.sub, {
      phone: '+61412000666',
    });
    assert.deepEqual(marked.body.optOut, replied, 'the reply stays the record');
    const back = await c.call('DELETE', '/api/email-comms/sms/opt-outs?phone=%2B61412000666', c.tokens.sub);
    assert.equal(back.body.optOut.optedOut, false);
    assert.equal((await send(b.id)).status, 202);
  });

  it('another venue cannot see or change it, nor read this venue’s booking', async () => {
    const b = await newBooking('+61412000777');
    await c.call('PUT', '/api/email-comms/sms/opt-outs', c.tokens.owner, { phone: '+61412000777' });
    const theirs = await optOut('phone=%2B61412000777', c.tokens.other);
    assert.equal(theirs.status, 200);
    assert.equal(theirs.body.optOut.optedOut, false);
    assert.equal((await optOut(`bookingId=${b.id}`, c.tokens.other)).status, 404);
    const cleared = await c.call(
      'DELETE',
      '/api/email-comms/sms/opt-outs?phone=%2B61412000777',
      c.tokens.other,
    );
    assert.equal(cleared.body.message, '+61412000777 was not opted out of SMS.');
    // their own mark is theirs alone
    await c.call('PUT', '/api/email-comms/sms/opt-outs', c.tokens.other, { phone: '+61412000888' });
    assert.equal((await optOut('phone=%2B61412000888', c.tokens.owner)).body.optOut.optedOut, false);
    assert.equal((await optOut('phone=%2B61412000888', c.tokens.other)).body.optOut.optedOut, true);
    // still opted out here
    assert.equal((await optOut('phone=%2B61412000777')).body.optOut.optedOut, true);
    assert.equal((await send(b.id, c.tokens.owner)).status, 400);
  });

  it('needs the Send Email permission, and refuses a number that is not one naming `phone`', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/email-comms/sms/opt-outs?phone=%2B61412000999', undefined],
      ['PUT', '/api/email-comms/sms/opt-outs', { phone: '+61412000999' }],
      ['DELETE', '/api/email-comms/sms/opt-outs?phone=%2B61412000999', undefined],
    ] as const)
      assert.equal((await c.call(method, path, c.tokens.subBookings, body)).status, 403, `${method} ${path}`);
    for (const [method, path, body] of [
      ['GET', '/api/email-comms/sms/opt-outs?phone=12', undefined],
      ['GET', '/api/email-comms/sms/opt-outs?phone=not%20a%20number', undefined],
      ['PUT', '/api/email-comms/sms/opt-outs', { phone: '12' }],
      ['PUT', '/api/email-comms/sms/opt-outs', { phone: '' }],
      ['DELETE', '/api/email-comms/sms/opt-outs?phone=12', undefined],
    ] as const) {
      const r = await c.call(method, path, c.tokens.sub, body);
      assert.equal(r.status, 400, `${method} ${path}`);
      assert.deepEqual(r.body.errors, [{ path: 'phone', message: SMS_BAD_PHONE }], `${method} ${path}`);
    }
    const neither = await optOut('');
    assert.equal(neither.status, 400);
    assert.equal(neither.body.errors[0].path, 'phone');
  });
});
