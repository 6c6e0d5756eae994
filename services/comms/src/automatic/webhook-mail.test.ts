/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe rows field by field */
/**
 * "Webhook switched off" (issue 26, decision 60): admin's `webhook.disabled` becomes one e-mail to
 * the hall owner, in the venue's clock, naming the webhook and its last answer; the same event
 * again writes nothing. Sent by the worker like every other e-mail (its tests cover SMTP).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { EventOf } from '@venue/service-kit';
import { OWNER, startComms, type Comms } from '../testing/harness.ts';
import { webhookConsumers } from './webhook-events.ts';

describe('webhook.disabled → the owner is e-mailed', () => {
  let c: Comms;
  before(async () => {
    c = await startComms();
  });
  after(async () => {
    await c?.close();
  });

  const event = (over: Record<string, unknown> = {}): EventOf<'webhook.disabled'> =>
    ({
      id: randomUUID(),
      type: 'webhook.disabled',
      source: 'admin',
      tenantId: OWNER,
      occurredAt: '2026-03-12T23:00:00.000Z',
      data: {
        tenantId: OWNER,
        webhookId: randomUUID(),
        url: 'https://crm.example.com/venuedesk',
        description: 'Our CRM',
        ownerEmail: 'owner@harbour.example',
        ownerName: 'Pat Owner',
        hallName: 'Harbour Hall',
        failingSince: '2026-03-09T23:00:00.000Z',
        disabledAt: '2026-03-12T23:00:00.000Z',
        lastStatusCode: 503,
        lastError: null,
        ...over,
      },
    }) as EventOf<'webhook.disabled'>;

  const consume = (e: EventOf<'webhook.disabled'>) =>
    c.t.kit.db.systemTx((tx) => webhookConsumers(c.deps)['webhook.disabled'](e, tx));

  const emails = async (to: string) =>
    c.t.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<any>(
        `SELECT kind, to_email, to_name, subject, body_text FROM emails WHERE tenant_id = $1 AND to_email = $2`,
        [OWNER, to],
      );
      return rows;
    });

  it('one e-mail to the owner, in the venue’s clock, with the last answer; once per switch-off', async () => {
    const e = event();
    await consume(e);
    await consume(e);
    const rows = await emails('owner@harbour.example');
    assert.equal(rows.length, 1);
    const [m] = rows;
    assert.equal(m.kind, 'webhook_disabled');
    assert.equal(m.to_name, 'Pat Owner');
    assert.equal(m.subject, 'Webhook switched off: Our CRM');
    assert.match(m.body_text, /https:\/\/crm\.example\.com\/venuedesk/);
    // 23:00 UTC is 10:00 the next morning in Sydney (the venue's zone, daylight saving)
    assert.match(
      m.body_text,
      /webhook “Our CRM” \(https:\/\/crm\.example\.com\/venuedesk\) since Tue 10 Mar 2026, 10:00 am/i,
    );
    assert.match(m.body_text, /HTTP 503/);
    assert.match(m.body_text, /Settings → Integrations/);
  });

  it('no answer at all is said in words; no description names the host (delivered as the relay does)', async () => {
    // through comms' own consumers and the catalogue's schema, not the function alone
    await c.deliver(
      event({
        ownerEmail: 'second@harbour.example',
        description: null,
        lastStatusCode: null,
        lastError: 'No answer within 10 s.',
      }),
    );
    const [m] = await emails('second@harbour.example');
    assert.equal(m.subject, 'Webhook switched off: crm.example.com');
    assert.match(m.body_text, /No answer within 10 s\./);
  });
});
