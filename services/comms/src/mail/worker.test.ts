/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * The outbox worker against a real SMTP peer (issue 12 "Must show", issue 24 item 12): a worker
 * killed mid-send and a second one taking over within the minute deliver each message exactly once; a mail server that is down
 * for a while loses nothing; a permanent refusal fails the message and marks the address.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useStarted } from '@venue/service-kit/testing';
import net from 'node:net';
import { MAX_ATTEMPTS, deliverDue } from './worker.ts';
import { OWNER, startComms, startPeer, type Comms } from '../testing/harness.ts';

async function queue(c: Comms, n: number, to = (i: number) => `guest${i}@example.com`) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
      recipientEmail: to(i),
      customSubject: `Message ${i}`,
      customBody: `Body ${i}`,
    });
    assert.equal(r.status, 202, r.text);
    ids.push(r.body.email.id);
  }
  return ids;
}

async function statuses(c: Comms, ids: string[]) {
  const { rows } = await c.t.kit.db.tenantTx(OWNER, (tx) =>
    tx.query<{ id: string; status: string; attempts: number; last_error: string | null; message_id: string }>(
      `SELECT id, status, attempts, last_error, message_id FROM emails WHERE tenant_id = $1 AND id = ANY($2::uuid[])`,
      [OWNER, ids],
    ),
  );
  return rows;
}

/** Starts a raw SMTP session to `port`, sends part of a message and drops the connection. */
function sendHalfAndDie(port: number, messageId: string): Promise<void> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    const steps = [
      'EHLO dying-worker\r\n',
      'MAIL FROM:<mail@venuedesk.test>\r\n',
      'RCPT TO:<guest2@example.com>\r\n',
      'DATA\r\n',
      `Message-ID: ${messageId}\r\nSubject: Message 2\r\n\r\nBody 2 (the worker dies here`,
    ];
    let i = 0;
    s.on('data', () => {
      if (i < steps.length) s.write(steps[i++]!);
      if (i === steps.length) {
        i++;
        setTimeout(() => {
          s.destroy();
          resolve();
        }, 50);
      }
    });
    s.on('error', () => resolve());
  });
}

describe('the e-mail worker', () => {
  const c = useStarted(() => startComms({ batchSize: 10 }));

  it('two workers at once deliver each message once (a claimed message is nobody else’s)', async () => {
    const peer = await startPeer({ onMessage: () => new Promise((r) => setTimeout(r, 20)) });
    c.useSmtp(peer.port);
    const ids = await queue(c, 6);
    const rounds = await Promise.all([deliverDue(c.t.kit, c.deps), deliverDue(c.t.kit, c.deps)]);
    assert.equal(rounds[0]!.claimed + rounds[1]!.claimed, 6);
    const ours = peer.received.filter((r) => /^Message \d$/.test(r.mail.subject ?? ''));
    assert.equal(ours.length, 6);
    assert.equal(new Set(ours.map((r) => r.mail.messageId)).size, 6, 'no Message-ID twice');
    assert.ok((await statuses(c, ids)).every((r) => r.status === 'sent'));
    await peer.close();
  });

  it('a worker killed mid-send: what it had not claimed goes on, its own message within a minute, each once', async () => {
    const peer = await startPeer();
    c.useSmtp(peer.port);
    const ids = await queue(c, 5);
    // Worker A (one lane) delivers two and dies while handing over the third: the process is
    // gone (nothing more runs, no claim renewed), its SMTP session drops mid-DATA, its claim stays.
    const rows = await statuses(c, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    let sent = 0;
    const transport = c.deps.mailer.transport;
    let dead = false;
    c.deps.mailer.transport = () =>
      ({
        sendMail: async (mail: any) => {
          if (sent === 2) {
            dead = true;
            await sendHalfAndDie(peer.port, String(mail.messageId));
            return new Promise(() => {}); // the worker never comes back
          }
          sent++;
          return transport().sendMail(mail);
        },
      }) as never;
    // A killed process renews nothing: `alive` says so for this one.
    void deliverDue(c.t.kit, { ...c.deps, sendConcurrency: 1 }, { alive: () => !dead });
    while (!dead) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 200));
    c.deps.mailer.transport = transport;
    assert.equal(peer.received.length, 2, 'two arrived before the worker died; the half message did not');
    const mid = await statuses(c, ids);
    assert.deepEqual(
      ['sent', 'sending', 'pending'].map((s) => mid.filter((r) => r.status === s).length),
      [2, 1, 2],
      'the dead worker’s claim is still held; it had claimed nothing more',
    );

    // Worker B, before the claim timeout: sends the two nobody held, leaves A's claim alone (A
    // might only be slow).
    assert.deepEqual(await deliverDue(c.t.kit, c.deps), { claimed: 2, sent: 2, retrying: 0, failed: 0 });
    c.clock.advance(30_000);
    assert.equal((await deliverDue(c.t.kit, c.deps)).claimed, 0, 'not taken over after 30 s');
    // Within the minute: takes A's message over and sends it once.
    c.clock.advance(20_000);
    const round = await deliverDue(c.t.kit, c.deps);
    assert.deepEqual([round.claimed, round.sent], [1, 1]);
    const after = await statuses(c, ids);
    assert.ok(after.every((r) => r.status === 'sent'));
    const arrived = peer.received.map((r) => r.mail.messageId);
    assert.equal(arrived.length, 5);
    assert.equal(new Set(arrived).size, 5, 'each message exactly once');
    for (const id of ids) {
      const mid = byId.get(id)!.message_id;
      assert.equal(arrived.filter((m) => `<${m}>` === mid || m === mid).length, 1, `${mid} once`);
    }
    await peer.close();
  });

  it('the mail server down for a while loses nothing: retried with backoff, all sent when it is back', async () => {
    // Down: the port stays ours (a closed port could be taken by another test process before the
    // server comes back on it), and every connection to it is dropped at once.
    const down = net.createServer((s) => s.destroy());
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    const port = (down.address() as net.AddressInfo).port;
    c.useSmtp(port);
    const ids = await queue(c, 3);
    for (let i = 0; i < 6; i++) {
      const round = await deliverDue(c.t.kit, c.deps);
      assert.deepEqual([round.sent, round.failed], [0, 0], `round ${i}`);
      c.clock.advance(15 * 60_000);
    }
    const waiting = await statuses(c, ids);
    assert.ok(
      waiting.every((r) => r.status === 'pending' && r.attempts === 6),
      JSON.stringify(waiting),
    );
    assert.match(waiting[0]!.last_error ?? '', /ECONN|connect|closed/i);
    const history = await c.call('GET', `/api/email-comms/history?status=pending`, c.tokens.owner);
    const shown = history.body.items.find((e: any) => e.id === ids[0]);
    assert.equal(shown.status, 'pending');
    assert.ok(shown.lastError);
    assert.ok(shown.nextAttemptAt);

    // back up on the same port: handed over in one turn of the event loop
    down.close();
    const back = await startPeer({}, port);
    const round = await deliverDue(c.t.kit, c.deps);
    assert.equal(round.sent, 3);
    assert.equal(back.received.length, 3);
    assert.ok((await statuses(c, ids)).every((r) => r.status === 'sent'));
    await back.close();
  });

  it('a permanent refusal (5xx) fails at once and marks the address; a temporary one is tried three times', async () => {
    const peer = await startPeer({
      rejectRcpt: {
        'nobody@example.com': { code: 550, message: '5.1.1 No such mailbox' },
        'busy@example.com': { code: 451, message: '4.3.0 Try again later' },
      },
    });
    c.useSmtp(peer.port);
    const [gone, busy] = await queue(c, 2, (i) => (i === 0 ? 'Nobody@Example.com' : 'busy@example.com'));
    await deliverDue(c.t.kit, c.deps);
    let rows = await statuses(c, [gone!, busy!]);
    const byId = (id: string) => rows.find((r) => r.id === id)!;
    assert.equal(byId(gone!).status, 'failed');
    assert.match(byId(gone!).last_error!, /550/);
    assert.equal(byId(busy!).status, 'pending');
    for (let i = 1; i < MAX_ATTEMPTS; i++) await deliverDue(c.t.kit, c.deps);
    rows = await statuses(c, [gone!, busy!]);
    assert.deepEqual([byId(busy!).status, byId(busy!).attempts], ['failed', MAX_ATTEMPTS]);
    assert.equal(byId(gone!).attempts, 1, 'a bounce is not retried');
    // Each message given up on is published once, for the Dashboard's Alerts & Tasks.
    await deliverDue(c.t.kit, c.deps);
    const { rows: failedEvents } = await c.t.kit.db.systemTx((tx) =>
      tx.query<{
        data: { emailId: string; bounced: boolean; reason: string; toEmail: string; channel: string };
      }>(`SELECT data FROM outbox WHERE type = 'email.failed' AND data->>'emailId' = ANY($1::text[])`, [
        [gone, busy],
      ]),
    );
    assert.deepEqual(
      failedEvents
        .map((e) => [e.data.emailId, e.data.bounced, e.data.toEmail.toLowerCase(), e.data.channel])
        .sort(),
      [
        [gone, true, 'nobody@example.com', 'email'],
        [busy, false, 'busy@example.com', 'email'],
      ].sort(),
    );
    assert.match(failedEvents.find((e) => e.data.emailId === gone)!.data.reason, /550/);

    const bounce = await c.call('GET', '/api/email-comms/bounces?email=nobody@example.com', c.tokens.owner);
    assert.equal(bounce.body.bounce.bounced, true);
    assert.match(bounce.body.warning, /bounced/);
    assert.equal(
      (await c.call('GET', '/api/email-comms/bounces?email=busy@example.com', c.tokens.owner)).body.bounce
        .bounced,
      false,
    );
    const again = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
      recipientEmail: 'nobody@example.com',
      customSubject: 'Still there?',
      customBody: 'x',
    });
    assert.match(again.body.warning, /bounced before/);
    const failed = await c.call('GET', '/api/email-comms/history?status=failed', c.tokens.owner);
    assert.deepEqual(failed.body.items.map((e: any) => e.id).sort(), [gone, busy].sort());
    assert.equal(failed.body.counts.failed, 2);
    await c.call('DELETE', '/api/email-comms/bounces?email=nobody@example.com', c.tokens.owner);
    assert.equal(
      (await c.call('GET', '/api/email-comms/bounces?email=nobody@example.com', c.tokens.owner)).body.bounce
        .bounced,
      false,
    );
    await peer.close();
  });
});
