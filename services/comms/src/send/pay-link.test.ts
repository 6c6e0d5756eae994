/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * Send Pay Link carries money's real payment link (decision 43): the e-mail has the link money
 * answered; a booking without an open invoice is refused in money's words; money's answers are
 * read by the client against a stand-in money.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testKeys } from '@venue/service-kit/testing';
import { booking, bookingEvent, setEnv, startComms, type Comms } from '../testing/harness.ts';
import { fetchPayLinkFromMoney } from './pay-link.ts';

const LINK = {
  invoiceId: '3a000000-0000-4000-8000-000000000001',
  invoiceNumber: 'INV-2026-00001',
  url: 'https://venue.example/pay/abc',
  path: '/pay/abc',
  cardPayments: false,
  createdAt: '2026-11-20T00:00:00.000Z',
  balanceCents: 1000,
};

describe('Send Pay Link', () => {
  let c: Comms;
  before(async () => {
    c = await startComms({
      fetchPayLink: async (_tenantId, bookingId) =>
        bookingId.endsWith('0')
          ? { refused: 'This booking has no issued invoice with an amount due.' }
          : {
              url: `https://venue.example/pay/${bookingId}`,
              balanceCents: 1000,
              invoiceNumber: 'INV-2026-00001',
            },
    });
  });
  after(() => c.close());

  it('puts the link money made into the e-mail, or refuses with money’s words', async () => {
    const open = { id: '2a000000-0000-4000-8000-000000000001' };
    const none = { id: '2a000000-0000-4000-8000-000000000010' };
    await c.deliver(bookingEvent('booking.created', booking(open)));
    await c.deliver(bookingEvent('booking.created', booking(none)));
    const sent = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
      purpose: 'payment_link',
      bookingId: open.id,
      recipientEmail: 'jane@example.com',
    });
    assert.equal(sent.status, 202, sent.text);
    assert.ok(sent.body.email.body.includes(`https://venue.example/pay/${open.id}`));
    const refused = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
      purpose: 'payment_link',
      bookingId: none.id,
      recipientEmail: 'jane@example.com',
    });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'This booking has no issued invoice with an amount due.');
    assert.equal(refused.body.errors[0].path, 'bookingId');
  });
});

describe("money's payment-link call, as comms reads it", () => {
  let server: Server;
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  let restoreMoneyUrl: (() => void) | undefined;
  before(async () => {
    // the process's internal secret, which the client signs its calls with (no comms started here)
    await testKeys();
    server = createServer((req, res) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    restoreMoneyUrl = setEnv({ MONEY_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  after(async () => {
    restoreMoneyUrl?.();
    await new Promise<void>((ok) => server.close(() => ok()));
  });

  const tenant = '0a000000-0000-4000-8000-000000000001';
  const bookingId = '2a000000-0000-4000-8000-000000000001';

  it('a link, a refusal, and money unreachable', async () => {
    answer = { status: 200, body: LINK };
    assert.deepEqual(await fetchPayLinkFromMoney(tenant, bookingId), {
      url: 'https://venue.example/pay/abc',
      balanceCents: 1000,
      invoiceNumber: 'INV-2026-00001',
    });
    answer = { status: 409, body: { message: 'This booking has no issued invoice with an amount due.' } };
    assert.deepEqual(await fetchPayLinkFromMoney(tenant, bookingId), {
      refused: 'This booking has no issued invoice with an amount due.',
    });
    answer = { status: 200, body: { nonsense: true } };
    await assert.rejects(fetchPayLinkFromMoney(tenant, bookingId), (err: any) => err.status === 503);
  });
});

/**
 * The database's clock as comms' own connections see it, asked from outside any transaction; on
 * PGlite (one connection) the kit refuses a query from inside one, and that refusal is the answer
 * (a request holding its transaction there is the only way to be refused).
 */
async function commsClock(c: Comms): Promise<{ at: string } | { refused: string }> {
  try {
    const { rows } = await c.t.kit.db.query<{ at: string }>('SELECT clock_timestamp()::text AS at');
    return { at: rows[0]!.at };
  } catch (err) {
    return { refused: (err as Error).message };
  }
}

/**
 * Comms' connections (its pool's, named `venue-<schema>`; this check's own left out) that have
 * sat idle inside one open transaction, with no statement sent, since before the middle of the
 * wait that began at `since` and ends now. A request that kept its transaction across the call
 * to money is exactly that: its connection waits inside BEGIN (or after its last read) for the
 * whole call, opened before money was asked or within a few milliseconds of it. The relay, the
 * mail worker and the consumers send their transactions' statements one after the other and
 * never sit idle in one for half of money's answer (150 ms here), so what they lock meanwhile is
 * not counted: a count of every lock on comms' tables saw theirs now and then. On PGlite the
 * refusal of `commsClock` is the answer instead.
 */
async function heldAcross(c: Comms, since: { at: string } | { refused: string }): Promise<number | string> {
  if ('refused' in since) return since.refused;
  if (c.t.kit.db.kind === 'pglite') return 0;
  const { rows } = await c.t.kit.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE application_name = $1 AND pid <> pg_backend_pid()
        AND state IN ('idle in transaction', 'idle in transaction (aborted)')
        AND state_change <= $2::timestamptz + (clock_timestamp() - $2::timestamptz) / 2`,
    [`venue-${c.t.kit.db.schema}`, since.at],
  );
  return rows[0]!.n;
}

describe('Send Pay Link asks a slow or failing money with no comms transaction open', () => {
  let c: Comms;
  let server: Server;
  let down = false;
  const seen: Array<number | string> = [];
  let restoreMoneyUrl: (() => void) | undefined;
  before(async () => {
    // A slow money: each answer takes 300 ms; down, it answers 500.
    server = createServer((req, res) => {
      setTimeout(() => {
        res.writeHead(down ? 500 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(down ? { message: 'Internal error' } : LINK));
      }, 300);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    restoreMoneyUrl = setEnv({ MONEY_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    c = await startComms({
      // The real client, looked at as it starts: is comms holding a transaction meanwhile?
      fetchPayLink: async (tenantId, bookingId) => {
        const since = await commsClock(c);
        try {
          return await fetchPayLinkFromMoney(tenantId, bookingId);
        } finally {
          seen.push(await heldAcross(c, since));
        }
      },
    });
  });
  after(async () => {
    await c?.close();
    restoreMoneyUrl?.();
    await new Promise<void>((ok) => server.close(() => ok()));
  });

  const stored = () =>
    c.t.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<{ emails: number; events: number }>(
        `SELECT (SELECT count(*)::int FROM emails) AS emails, (SELECT count(*)::int FROM outbox) AS events`,
      );
      return rows[0]!;
    });

  it('the e-mail carries the link; no comms transaction was held while money answered', async () => {
    const b = booking();
    await c.deliver(bookingEvent('booking.created', b));
    seen.length = 0;
    const sent = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
      purpose: 'payment_link',
      bookingId: b.id,
      recipientEmail: 'jane@example.com',
    });
    assert.equal(sent.status, 202, sent.text);
    assert.ok(sent.body.email.body.includes(LINK.url));
    assert.deepEqual(seen, [0]);
  });

  it('money down: 503 saying to try again, nothing stored, no transaction held meanwhile', async () => {
    const b = booking();
    await c.deliver(bookingEvent('booking.created', b));
    const before = await stored();
    down = true;
    seen.length = 0;
    try {
      const r = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
        purpose: 'payment_link',
        bookingId: b.id,
        recipientEmail: 'jane@example.com',
      });
      assert.equal(r.status, 503, r.text);
      assert.equal(
        r.body.message,
        'Invoices is unavailable, so the payment link could not be made. Please try again.',
      );
    } finally {
      down = false;
    }
    assert.deepEqual(seen, [0]);
    assert.deepEqual(await stored(), before);
  });

  it('the same Idempotency-Key replays the answer without asking money again', async () => {
    const b = booking();
    await c.deliver(bookingEvent('booking.created', b));
    seen.length = 0;
    const send = () =>
      c.call(
        'POST',
        '/api/email-comms/send',
        c.tokens.owner,
        { purpose: 'payment_link', bookingId: b.id, recipientEmail: 'jane@example.com' },
        { 'idempotency-key': `pay-link-${b.id}` },
      );
    const first = await send();
    const again = await send();
    assert.deepEqual([first.status, again.status], [202, 202], again.text);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.email.id, first.body.email.id);
    assert.deepEqual(seen, [0], 'money was asked once');
  });

  it('after a 503 the same Idempotency-Key sends for real once money is back', async () => {
    const b = booking();
    await c.deliver(bookingEvent('booking.created', b));
    const send = () =>
      c.call(
        'POST',
        '/api/email-comms/send',
        c.tokens.owner,
        { purpose: 'payment_link', bookingId: b.id, recipientEmail: 'jane@example.com' },
        { 'idempotency-key': `retry-${b.id}` },
      );
    down = true;
    try {
      assert.equal((await send()).status, 503);
    } finally {
      down = false;
    }
    const retried = await send();
    assert.equal(retried.status, 202, retried.text);
    assert.equal(retried.headers.get('idempotent-replayed'), null);
    assert.ok(retried.body.email.body.includes(LINK.url));
  });

  it('a booking comms does not know is still a 404 when money is down', async () => {
    down = true;
    try {
      const r = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
        purpose: 'payment_link',
        bookingId: '2a000000-0000-4000-8000-0000000000ff',
        recipientEmail: 'jane@example.com',
      });
      assert.deepEqual([r.status, r.body.message], [404, 'Booking not found']);
    } finally {
      down = false;
    }
  });
});
