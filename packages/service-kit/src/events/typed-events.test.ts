// Typed events: the catalogue (EVENTS in contracts) decides what may be published, with which
// payload and version, and what a consumer accepts; subscriptions must match the consumers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EVENTS, type DomainEvent } from '@venue/contracts';
import type { Tx } from '../db/types.ts';
import { startTestService, testKeys, type TestService } from '../testing/index.ts';
import { OWNER_A, publishWidget, widgetsApp } from '../test-fixtures/widgets-app.ts';
import { call, eventually } from '../test-fixtures/http.ts';
import { defineConsumers, type Consumer } from './consume.ts';

const USER = '55555555-5555-4555-8555-555555555555';

/** What the test consumer saw, in order. */
const seen: string[] = [];
const userDeleted: Consumer<'user.deleted'> = async (event, tx) => {
  // Typed by the schema: role is one of ROLES, no cast.
  seen.push(`${event.type}:v${event.version}:${event.data.role}:${event.data.userId}`);
  await tx.query('INSERT INTO kit_log (what) VALUES ($1)', [`user.deleted:${event.data.userId}`]);
};

const outboxRow = async (t: TestService, id: string) =>
  (
    await t.kit.db.query<{ version: number; delivered_at: Date | null; last_error: string | null }>(
      'SELECT version, delivered_at, last_error FROM outbox WHERE id = $1',
      [id],
    )
  ).rows[0];

/** An outbox row written around `publish` (as by a build with another catalogue). */
async function rawOutbox(t: TestService, type: string, data: unknown, version = 1): Promise<string> {
  const id = randomUUID();
  await t.kit.db.query(
    `INSERT INTO outbox (id, type, version, source, tenant_id, data) VALUES ($1, $2, $3, 'admin', $4, $5::jsonb)`,
    [id, type, version, OWNER_A, JSON.stringify(data)],
  );
  return id;
}

function envelope(type: string, data: unknown, version?: number): DomainEvent {
  return {
    id: randomUUID(),
    type,
    ...(version === undefined ? {} : { version }),
    source: 'admin',
    tenantId: OWNER_A,
    occurredAt: new Date().toISOString(),
    data,
  };
}

describe('typed events', () => {
  let t: TestService;
  let internalSecret: string;
  let token: string;

  before(async () => {
    const keys = await testKeys();
    internalSecret = keys.internalSecret;
    token = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
    // Subscribed to itself: the relay delivers locally, through the same check as over HTTP.
    t = await startTestService(
      widgetsApp({
        subscriptions: { widgets: ['user.deleted'] },
        consumers: { 'user.deleted': userDeleted },
      }),
    );
  });
  after(() => t.close());

  it('publish accepts only catalogue types with a matching payload, and writes the version', async () => {
    await assert.rejects(
      t.kit.db.tenantTx(OWNER_A, async (tx) => {
        // @ts-expect-error -- not an event type of the catalogue: a type error, and refused at run time
        await tx.publish('booking.teleported', { id: OWNER_A });
      }),
      /No schema for event type "booking\.teleported"/,
    );
    await assert.rejects(
      t.kit.db.tenantTx(OWNER_A, async (tx) => {
        // @ts-expect-error -- userId must be a uuid string, role one of ROLES
        await tx.publish('user.deleted', { userId: 7, role: 'owner', tenantId: OWNER_A });
      }),
      /"user\.deleted" is published by admin only, not by widgets/,
    );
    // A widget fixture publishing a bad payload of one of its own (any-producer) types.
    await assert.rejects(
      t.kit.db.tenantTx(OWNER_A, (tx) => publishWidget(tx, 'widget.noted', { name: 42 })),
      /Event "widget\.noted" v1 does not match its schema: data\.name: /,
    );
    // The failed writes rolled back with their transactions: nothing reached the outbox.
    const { rows } = await t.kit.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE type IN ('booking.teleported', 'user.deleted', 'widget.noted')`,
    );
    assert.equal(rows[0]!.n, 0);

    const created = await call<{ id: string }>(t.url, 'POST', '/api/widgets', { token, body: { name: 'v' } });
    assert.equal(created.status, 201);
    const versions = await t.kit.db.query<{ type: string; version: number }>(
      `SELECT type, version FROM outbox WHERE type IN ('widget.created', 'audit.recorded') ORDER BY seq`,
    );
    assert.deepEqual(versions.rows, [
      { type: 'widget.created', version: 1 },
      { type: 'audit.recorded', version: EVENTS['audit.recorded'].version },
    ]);
  });

  it("a transaction's events reach the outbox in the order published, payloads intact, for any tenant", async () => {
    // Written in one statement as the transaction ends (decision 71): text that array literals
    // must escape, a tenant of none, and one roll-back that must leave nothing.
    const names = ['plain', 'quote " and \\ backslash', "it's {a,b} NULL", 'Nguyễn 山田 😀', ''];
    const ids = await t.kit.db.tenantTx(OWNER_A, async (tx) => {
      const out: string[] = [];
      for (const [i, name] of names.entries())
        out.push(await publishWidget(tx, 'widget.noted', { name }, i === 1 ? { tenantId: null } : undefined));
      return out;
    });
    const { rows } = await t.kit.db.query<{ id: string; tenant_id: string | null; name: string }>(
      `SELECT id, tenant_id, data->>'name' AS name FROM outbox WHERE id = ANY($1::uuid[]) ORDER BY seq`,
      [ids],
    );
    assert.deepEqual(
      rows,
      names.map((name, i) => ({ id: ids[i], tenant_id: i === 1 ? null : OWNER_A, name })),
    );
    await assert.rejects(
      t.kit.db.tenantTx(OWNER_A, async (tx) => {
        await publishWidget(tx, 'widget.noted', { name: 'rolled back' });
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    const gone = await t.kit.db.query(`SELECT 1 FROM outbox WHERE data->>'name' = 'rolled back'`);
    assert.equal(gone.rowCount, 0);
  });

  it('a consumer gets the parsed payload and the version; a payload its schema refuses is a 422, not applied', async () => {
    const good = envelope('user.deleted', { userId: USER, role: 'sub_user', tenantId: OWNER_A });
    assert.equal(await t.kit.handleEvent(good), 'processed');
    assert.equal(seen.at(-1), `user.deleted:v1:sub_user:${USER}`, 'no version on the envelope reads as 1');

    for (const [data, field] of [
      [{ userId: USER, role: 'owner', tenantId: OWNER_A }, 'data.role'],
      [{ userId: USER, tenantId: OWNER_A }, 'data.role'],
      [{ userId: 'not-a-uuid', role: 'sub_user', tenantId: OWNER_A }, 'data.userId'],
      [null, 'data'],
    ] as const) {
      const bad = envelope('user.deleted', data);
      await assert.rejects(t.kit.handleEvent(bad), (err: Error & { status?: number }) => {
        assert.equal(err.status, 422);
        assert.match(
          err.message,
          new RegExp(`^Event "user\\.deleted" v1 does not match its schema: ${field}`),
        );
        return true;
      });
      const inbox = await t.kit.db.query('SELECT 1 FROM inbox WHERE event_id = $1', [bad.id]);
      assert.equal(inbox.rowCount, 0, 'a refused event is not marked processed: its redelivery is applied');
      const posted = await call<{ message: string }>(t.url, 'POST', '/internal/events', {
        body: bad,
        headers: { 'x-venue-internal': internalSecret },
      });
      assert.equal(posted.status, 422, 'a remote relay sees the refusal and keeps the event');
      assert.match(posted.body.message, /does not match its schema/);
    }

    // A version newer than this service knows waits for its upgrade.
    const newer = envelope('user.deleted', { userId: USER, role: 'sub_user', tenantId: OWNER_A }, 2);
    await assert.rejects(t.kit.handleEvent(newer), /is version 2; this service reads up to version 1/);
    assert.equal(seen.length, 1);
  });

  it('the relay holds a refused event (and the subscriber’s later ones) until it is fixed, then delivers in order', async () => {
    const before = seen.length;
    const first = await rawOutbox(t, 'user.deleted', { userId: USER, role: 'nobody', tenantId: OWNER_A });
    const second = await rawOutbox(t, 'user.deleted', {
      userId: OWNER_A,
      role: 'hall_owner',
      tenantId: OWNER_A,
    });
    await t.kit.relay.flush();
    const held = await outboxRow(t, first);
    assert.equal(held!.delivered_at, null);
    assert.match(held!.last_error ?? '', /data\.role/);
    assert.equal((await outboxRow(t, second))!.delivered_at, null, 'held behind the refused one');
    assert.equal(seen.length, before);

    // Fixed at the source (here: by hand); the retry goes through, the later one follows.
    await t.kit.db.query(
      `UPDATE outbox SET data = jsonb_set(data, '{role}', '"sub_user"'), next_attempt_at = NULL WHERE id = $1`,
      [first],
    );
    await eventually(
      async () => (await outboxRow(t, second))!.delivered_at !== null,
      10_000,
      'the held events to be delivered',
    );
    assert.deepEqual(seen.slice(before), [
      `user.deleted:v1:sub_user:${USER}`,
      `user.deleted:v1:hall_owner:${OWNER_A}`,
    ]);
  });

  it('the relay holds an outbox row of a type the catalogue does not know, sending it nowhere', async () => {
    const id = await rawOutbox(t, 'user.vanished', { userId: USER });
    await t.kit.relay.flush();
    const row = await outboxRow(t, id);
    assert.equal(row!.delivered_at, null);
    assert.match(row!.last_error ?? '', /No schema for event type "user\.vanished"/);
    await t.kit.db.query('DELETE FROM outbox WHERE id = $1', [id]);
  });
});

describe('subscriptions are the consumers', () => {
  it('a service whose consumers differ from its SUBSCRIPTIONS does not start', async () => {
    // bookings is subscribed to resource.*, blockout.*, … : one consumer short, one too many.
    await assert.rejects(
      startTestService(
        widgetsApp({
          name: 'bookings',
          consumers: {
            'resource.*': async () => {},
            'blockout.*': async () => {},
            'customer.erasure_requested': async () => {},
            'user.deleted': async () => {},
          },
        }),
      ),
      (err: Error) => {
        assert.match(
          err.message,
          /bookings is subscribed to "tenant\.settings_changed" but has no consumer for it/,
        );
        assert.match(err.message, /bookings consumes "user\.deleted" but its subscriptions do not list it/);
        return true;
      },
    );
  });

  it('defineConsumers makes a missing or an extra consumer a type error', () => {
    const noop = async () => {};
    const typedOnly = (_tx: Tx) =>
      [
        // @ts-expect-error -- catalogue has no consumer for booking.status_changed here
        defineConsumers('catalogue', {
          'tenant.settings_changed': noop,
          'booking.created': noop,
          'booking.updated': noop,
        }),
        defineConsumers('admin', {
          'audit.recorded': noop,
          // @ts-expect-error -- admin is not subscribed to user.deleted
          'user.deleted': noop,
        }),
      ] as const;
    assert.equal(typeof typedOnly, 'function');
  });
});
