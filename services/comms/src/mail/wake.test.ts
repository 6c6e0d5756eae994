/**
 * A message queued wakes the worker as its transaction commits (the kit's `Tx.wake`, tested in
 * the kit's jobs.test.ts), instead of waiting up to five seconds for the worker's next round: an
 * e-mail and an SMS to send wake it; a duplicate of an automatic e-mail, an SMS recorded as not
 * sent and a message held until later do not.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Tx } from '@venue/service-kit';
import { useStarted } from '@venue/service-kit/testing';
import { createCommsService, defaultDeps } from '../app.ts';
import { queueSms } from '../sms/sms.ts';
import { OWNER, startComms } from '../testing/harness.ts';
import { DELIVER_MAIL_JOB, queueEmail } from './queue.ts';

/** The transaction with its wakes recorded instead of made. */
function recording(tx: Tx): { tx: Tx; woken: string[] } {
  const woken: string[] = [];
  const spy = Object.create(tx) as Tx;
  spy.wake = (job) => void woken.push(job);
  return { tx: spy, woken };
}

const email = (dedupeKey: string | null) => ({
  tenantId: OWNER,
  kind: 'booking_confirmed',
  dedupeKey,
  toEmail: 'ada@example.com',
  toName: 'Ada Lovelace',
  subject: 'Your booking is confirmed',
  text: 'See you soon.',
  html: '<p>See you soon.</p>',
  now: new Date(),
});

const sms = (skipped: string | null) => ({
  tenantId: OWNER,
  kind: 'reminder',
  toPhone: '+61412345678',
  toName: 'Ada Lovelace',
  label: 'SMS',
  body: 'See you tomorrow at 6pm.',
  now: new Date(),
  skipped,
});

describe('a queued message wakes the worker', () => {
  const c = useStarted(() => startComms());

  it('is the job the service runs its worker as', () => {
    const jobs = createCommsService(defaultDeps()).jobs ?? [];
    assert.ok(jobs.some((j) => j.name === DELIVER_MAIL_JOB));
  });

  it('an e-mail and an SMS to send wake it; a duplicate, an SMS not sent and a message held until later do not', async () => {
    const key = `auto:booking_confirmed:${crypto.randomUUID()}`;
    const woken = await c.t.kit.db.tenantTx(OWNER, async (tx) => {
      const first = recording(tx);
      assert.ok(await queueEmail(first.tx, email(key)));
      const again = recording(tx);
      assert.equal(await queueEmail(again.tx, email(key)), null);
      const text = recording(tx);
      assert.ok(await queueSms(text.tx, sms(null)));
      const notSent = recording(tx);
      assert.ok(await queueSms(notSent.tx, sms('no mobile number')));
      const later = recording(tx);
      const tomorrow = new Date(Date.now() + 86_400_000);
      assert.ok(await queueEmail(later.tx, { ...email(null), notBefore: tomorrow }));
      return [first.woken, again.woken, text.woken, notSent.woken, later.woken];
    });
    assert.deepEqual(woken, [[DELIVER_MAIL_JOB], [], [DELIVER_MAIL_JOB], [], []]);
  });
});
