/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * Mail never stalls (issue 24 item 12), against real SMTP peers: a server that hangs on one
 * message holds up that message only (other venues' mail goes out meanwhile, and the hung one
 * ends within its timeout, to be retried); a slow server gets four messages at once, never more;
 * a server that never greets gives up in seconds; a live worker keeps its claim, so nobody sends
 * its message beside it; the pool never sends a message twice of its own accord.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useStarted } from '@venue/service-kit/testing';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { defaultDeps } from '../app.ts';
import { deliverDue } from './worker.ts';
import { SEND_CONCURRENCY, SMTP_TIMEOUTS } from './transport.ts';
import { OTHER, OWNER, setEnv, startComms, startPeer, type Comms } from '../testing/harness.ts';

async function queue(c: Comms, token: string, to: string, subject: string): Promise<string> {
  const r = await c.call('POST', '/api/email-comms/send', token, {
    recipientEmail: to,
    customSubject: subject,
    customBody: `Body of ${subject}`,
  });
  assert.equal(r.status, 202, r.text);
  return r.body.email.id;
}

async function statusOf(c: Comms, tenantId: string, id: string) {
  const { rows } = await c.t.kit.db.tenantTx(tenantId, (tx) =>
    tx.query<{ status: string; attempts: number; last_error: string | null }>(
      `SELECT status, attempts, last_error FROM emails WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    ),
  );
  return rows[0]!;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await wait(20);
  }
}

/** A TCP server that accepts connections and never says a word (no SMTP greeting). */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}

/**
 * A minimal SMTP server that takes the whole message, then drops the connection instead of
 * answering "250": the one moment where the sender cannot know whether the message was taken.
 */
async function droppingServer() {
  let messages = 0;
  const server = net.createServer((s) => {
    s.on('error', () => {});
    let inData = false;
    let buf = '';
    s.write('220 dropping.test ESMTP\r\n');
    s.on('data', (chunk) => {
      buf += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages++;
          s.destroy(); // took it all, says nothing
          return;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') s.write('250 dropping.test\r\n');
        else if (verb === 'DATA') {
          inData = true;
          s.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') s.end('221 bye\r\n');
        else s.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    port: (server.address() as AddressInfo).port,
    messages: () => messages,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

describe('mail never stalls', () => {
  const c = useStarted(startComms);

  it('the transport gives up in seconds: connect, greeting and silence, and keeps four connections', () => {
    // the production transport (SMTP_URL), as defaultDeps makes it
    const restore = setEnv({ SMTP_URL: 'smtp://mail.example.test:587' });
    try {
      const options = (defaultDeps().mailer.transport() as any).options;
      assert.equal(options.connectionTimeout, 10_000);
      assert.equal(options.greetingTimeout, 10_000);
      assert.equal(options.socketTimeout, 30_000);
      assert.equal(options.maxConnections, SEND_CONCURRENCY);
      assert.equal(options.maxRequeues, 0, 'the pool never resends on its own');
      assert.equal(options.host, 'mail.example.test');
    } finally {
      restore();
    }
    assert.equal(SEND_CONCURRENCY, 4);
    assert.equal(defaultDeps().sendConcurrency, 4);
    assert.ok(SMTP_TIMEOUTS.socketTimeout <= 30_000);
    assert.ok(
      defaultDeps().claimTimeoutMs + 5_000 <= 60_000,
      'a dead worker’s message is retried within a minute',
    );
  });

  it(
    'a server that hangs on one message holds up that one: other venues’ mail goes out meanwhile',
    { timeout: 60_000 },
    async () => {
      let release: () => void = () => {};
      const hung = new Promise<void>((ok) => (release = ok));
      const peer = await startPeer({
        onMessage: (_i, to) => (to.includes('stuck@example.com') ? hung : undefined),
      });
      // a short silence timeout for the test (production: 30 s, checked above)
      c.useSmtp(peer.port, { socketTimeout: 3_000 });
      // the stuck one first in the queue, then five others of two venues
      const stuck = await queue(c, c.tokens.owner, 'stuck@example.com', 'Stuck');
      c.clock.advance(1000);
      const others = [
        await queue(c, c.tokens.owner, 'a@example.com', 'Venue one A'),
        await queue(c, c.tokens.other, 'b@example.com', 'Venue two B'),
        await queue(c, c.tokens.owner, 'c@example.com', 'Venue one C'),
        await queue(c, c.tokens.other, 'd@example.com', 'Venue two D'),
        await queue(c, c.tokens.other, 'e@example.com', 'Venue two E'),
      ];
      const round = deliverDue(c.t.kit, c.deps);
      await until('the five others', () => peer.received.length >= 5);
      assert.equal((await statusOf(c, OWNER, stuck)).status, 'sending', 'the stuck one still hangs');
      // a message queued while the stuck one still hangs goes out in the same round
      const late = await queue(c, c.tokens.other, 'late@example.com', 'Venue two late');
      await until('the late one', () => peer.received.length >= 6);
      assert.deepEqual(peer.received.map((r) => r.mail.subject).sort(), [
        'Venue one A',
        'Venue one C',
        'Venue two B',
        'Venue two D',
        'Venue two E',
        'Venue two late',
      ]);
      const done = await round;
      assert.equal(done.sent, 6);
      // The stuck delivery ended on the silence timeout, to be tried again; nothing was lost.
      const s = await statusOf(c, OWNER, stuck);
      assert.equal(s.status, 'pending');
      assert.match(s.last_error ?? '', /timeout/i);
      for (const id of [...others.slice(0, 1), ...others.slice(2, 3)])
        assert.equal((await statusOf(c, OWNER, id)).status, 'sent');
      for (const id of [others[1]!, others[3]!, others[4]!, late])
        assert.equal((await statusOf(c, OTHER, id)).status, 'sent');
      // The server recovers: the next round sends it, once.
      release();
      c.clock.advance(60_000);
      assert.equal((await deliverDue(c.t.kit, c.deps)).sent, 1);
      assert.equal((await statusOf(c, OWNER, stuck)).status, 'sent');
      await peer.close();
    },
  );

  it('a slow server gets four messages at once, never more, each once', { timeout: 60_000 }, async () => {
    let active = 0;
    let most = 0;
    const peer = await startPeer({
      onMessage: async () => {
        active++;
        most = Math.max(most, active);
        await wait(300);
        active--;
      },
    });
    c.useSmtp(peer.port);
    for (let i = 0; i < 12; i++) await queue(c, c.tokens.owner, `slow${i}@example.com`, `Slow ${i}`);
    const round = await deliverDue(c.t.kit, c.deps);
    const subjects = peer.received.map((r) => r.mail.subject);
    assert.equal(round.sent, 12, JSON.stringify(subjects));
    assert.equal(new Set(subjects).size, 12);
    assert.equal(subjects.length, 12);
    assert.ok(most > 1 && most <= SEND_CONCURRENCY, `at most four at once (saw ${most})`);
    await peer.close();
  });

  it(
    'a server that never greets: the attempt ends in seconds and the message waits for the next',
    { timeout: 60_000 },
    async () => {
      const silent = await silentServer();
      // the production timeouts: 10 s for the greeting
      c.useSmtp(silent.port);
      const id = await queue(c, c.tokens.owner, 'greeting@example.com', 'Greeting');
      const started = Date.now();
      const round = await deliverDue(c.t.kit, c.deps);
      const took = Date.now() - started;
      assert.equal(round.retrying, 1);
      assert.ok(took >= 9_000 && took < 20_000, `gave up after ${took} ms`);
      const s = await statusOf(c, OWNER, id);
      assert.equal(s.status, 'pending');
      assert.match(s.last_error ?? '', /greeting/i);
      // nobody else's mail is stuck behind it: the next round sends elsewhere once it is back
      await silent.close();
      const peer = await startPeer();
      c.useSmtp(peer.port);
      c.clock.advance(60_000);
      assert.equal((await deliverDue(c.t.kit, c.deps)).sent, 1);
      assert.equal(peer.received.filter((r) => r.mail.subject === 'Greeting').length, 1);
      await peer.close();
    },
  );

  it(
    'a live worker keeps its claim: a slow delivery is never taken over and sent twice',
    { timeout: 60_000 },
    async () => {
      let release: () => void = () => {};
      const slow = new Promise<void>((ok) => (release = ok));
      let arrived = false;
      const peer = await startPeer({
        onMessage: (_i, to) => {
          if (!to.includes('patient@example.com')) return;
          arrived = true;
          return slow;
        },
      });
      c.useSmtp(peer.port);
      const id = await queue(c, c.tokens.owner, 'patient@example.com', 'Patient');
      const a = deliverDue(c.t.kit, { ...c.deps, heartbeatMs: 50 });
      await until('the message to reach the server', () => arrived);
      assert.equal((await statusOf(c, OWNER, id)).status, 'sending');
      // Long past the claim timeout by the clock; A, still alive, has renewed its claim meanwhile.
      c.clock.advance(10 * 60_000);
      await wait(300);
      const b = await deliverDue(c.t.kit, c.deps);
      assert.equal(b.claimed, 0, 'worker B leaves a live worker’s message alone');
      release();
      assert.equal((await a).sent, 1);
      assert.equal(peer.received.filter((r) => r.mail.subject === 'Patient').length, 1, 'sent once');
      assert.equal((await statusOf(c, OWNER, id)).status, 'sent');
      await peer.close();
    },
  );

  it(
    'a connection dropped after the whole message: the pool does not send it again within the claim',
    { timeout: 60_000 },
    async () => {
      const server = await droppingServer();
      c.useSmtp(server.port);
      const id = await queue(c, c.tokens.owner, 'dropped@example.com', 'Dropped');
      const round = await deliverDue(c.t.kit, c.deps);
      assert.equal(round.retrying, 1);
      await wait(500); // the pool would have re-queued it by now
      assert.equal(server.messages(), 1, 'handed over once in this claim');
      assert.equal((await statusOf(c, OWNER, id)).status, 'pending');
      c.useSmtp(1);
      await server.close();
    },
  );
});
