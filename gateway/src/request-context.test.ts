import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loggedPath } from './request-context.ts';

describe('the access log keeps no secret of a path', () => {
  it('redacts the token of a calendar feed, a payment link and the SMS inbound door', () => {
    assert.equal(loggedPath('/api/ics/abc123.ics'), '/api/ics/[redacted]');
    assert.equal(loggedPath('/pay/Zm9vYmFy-token'), '/pay/[redacted]');
    assert.equal(loggedPath('/pay/Zm9vYmFy-token/checkout'), '/pay/[redacted]/checkout');
    assert.equal(
      loggedPath('/api/email-comms/sms/inbound/0a00.c2VjcmV0'),
      '/api/email-comms/sms/inbound/[redacted]',
    );
    assert.equal(
      loggedPath('/api/email-comms/sms/status/0a00.c2VjcmV0'),
      '/api/email-comms/sms/status/[redacted]',
    );
  });

  it('leaves other paths as they are', () => {
    for (const path of ['/api/bookings', '/api/payments/export/xero', '/payments', '/book/harbourside-hall'])
      assert.equal(loggedPath(path), path);
  });
});
