// Two replicas of bookings on the PostgreSQL server with NATS JetStream, behind the gateway, one
// stopped under load (issue 15 item 4): reads keep answering, keyed writes succeed exactly once,
// the hold sweep runs once per period, and each event is consumed once by the service. Real
// parts throughout but the catalogue (bookings' fake clients) and admin's principal look-up.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Principal } from '@venue/contracts';
import {
  startTestService,
  settingsChangedEvent,
  skipWithoutNats,
  testKeys as kitTestKeys,
  TEST_NATS_URL,
  type TestService,
} from '@venue/service-kit/testing';
import { adminService } from '../../services/admin/src/app.ts';
import { createBookingsService } from '../../services/bookings/src/app.ts';
import { fakeClients, form, futureDate, HALL, OWNER } from '../../services/bookings/src/testing/harness.ts';
import {
  fakeAdmin,
  snapshotClaims,
  startGateway,
  testKeys,
  type FakeAdmin,
  type RunningGateway,
} from './test-helpers.ts';

const skip = !process.env.TEST_DATABASE_URL
  ? 'replicas share a PostgreSQL server (TEST_DATABASE_URL); PGlite is one process'
  : await skipWithoutNats('the two replicas of bookings');

describe('two replicas of bookings, one stopped under load', { skip }, () => {
  const run = randomBytes(4).toString('hex');
  const bus = {
    url: TEST_NATS_URL,
    stream: `REPLICA_TEST_${run}`,
    subjectPrefix: `replicatest.${run}`,
    durable: `bookings_${run}`, // one durable consumer shared by both replicas
  };
  const owner: Principal = {
    userId: OWNER,
    email: 'owner@example.test',
    name: 'Owner',
    role: 'hall_owner',
    tenantId: OWNER,
    parentUserId: null,
    permissions: [],
    tokenVersion: 1,
  };
  let a: TestService;
  let b: TestService;
  let admin: FakeAdmin;
  let gateway: RunningGateway;
  let token: string;

  before(async () => {
    const keys = await testKeys();
    const clients = fakeClients();
    a = await startTestService({ ...createBookingsService({ clients }), nats: bus });
    b = await startTestService(
      { ...createBookingsService({ clients }), nats: bus },
      { database: a.database, schema: a.schema },
    );
    await a.kit.handleEvent(settingsChangedEvent(OWNER, 1));
    admin = await fakeAdmin(new Map([[OWNER, owner]]));
    gateway = await startGateway({ admin: admin.url, bookings: `${a.url},${b.url}` });
    token = await keys.token({ sub: OWNER, pv: 1, sid: 's1', ...snapshotClaims(owner) });
  });
  after(async () => {
    await gateway?.close();
    await admin?.close();
    await b?.close().catch(() => {});
    await a?.close();
    const { connect } = await import('@nats-io/transport-node');
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const nc = await connect({ servers: bus.url });
    await (await jetstreamManager(nc)).streams.delete(bus.stream).catch(() => {});
    await nc.close();
  });

  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(gateway.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  // The burst below books one day per write, from day 40, as many as the machine manages in
  // 3.5 s (160 on a quiet one); the tests after it book after its last day.
  let firstFreeDay = 40;

  it('keeps answering reads and records each keyed write once while a replica stops', async (t) => {
    const reads: number[] = [];
    const writes: Array<{ key: string; status: number }> = [];
    let stopping = false;
    let writeNo = 0;
    const reader = async () => {
      while (!stopping) reads.push((await api('GET', '/api/bookings?limit=5')).status);
    };
    const writer = async () => {
      while (!stopping) {
        const n = writeNo++;
        const key = `replica-${run}-${n}`;
        // Each write its own day, so none conflicts with another.
        const res = await api(
          'POST',
          '/api/bookings/admin',
          form({ bookingDate: futureDate(40 + n), customerName: `Replica ${n}`, selectedHall: HALL }),
          { 'idempotency-key': key },
        );
        writes.push({ key, status: res.status });
      }
    };
    const load = Promise.all([reader(), reader(), writer(), writer()]);
    await new Promise((r) => setTimeout(r, 1_500));
    await b.close(); // replica B goes away mid-load
    await new Promise((r) => setTimeout(r, 2_000));
    stopping = true;
    await load;
    firstFreeDay = 40 + writeNo + 1;

    assert.ok(reads.length > 20, `reads made: ${reads.length}`);
    assert.deepEqual(
      reads.filter((s) => s !== 200),
      [],
      'every read answered while one replica stopped',
    );
    assert.ok(writes.length > 4, `writes made: ${writes.length}`);
    assert.deepEqual(
      writes.filter((w) => w.status !== 201 && w.status !== 200),
      [],
      'every keyed write answered (retried on the other replica when needed)',
    );
    const { rows } = await a.kit.db.tenantTx(OWNER, (tx) =>
      tx.query<{ name: string; n: number }>(
        `SELECT customer_name AS name, count(*)::int AS n FROM bookings
          WHERE tenant_id = $1 AND customer_name LIKE 'Replica %' GROUP BY 1`,
        [OWNER],
      ),
    );
    assert.equal(rows.length, writes.length, 'one booking per write');
    assert.deepEqual(
      rows.filter((r) => r.n !== 1),
      [],
      'no write recorded twice',
    );
    const replayed = writes.filter((w) => w.status === 200).length;
    t.diagnostic(
      `${reads.length} reads and ${writes.length} keyed writes in 3.5 s, replica B stopped after 1.5 s: ` +
        `0 failed, ${writes.length} bookings, ${replayed} answered as replays`,
    );
  });

  it('runs the hold sweep once per period across replicas', async () => {
    const created = await api(
      'POST',
      '/api/bookings/admin',
      form({ bookingDate: futureDate(firstFreeDay + 10) }),
      {
        'idempotency-key': `hold-${run}`,
      },
    );
    const id = ((await created.json()) as { booking: { id: string } }).booking.id;
    assert.equal((await api('POST', `/api/bookings/${id}/accept`, { holdHours: 24 })).status, 200);
    // Two replicas reach the next period at the same moment (their clocks 30 h on: the hold is over).
    const later = () =>
      startTestService(
        createBookingsService({ clients: fakeClients(), now: () => new Date(Date.now() + 30 * 3_600_000) }),
        { database: a.database, schema: a.schema },
      );
    const [c, d] = await Promise.all([later(), later()]);
    try {
      const ran = await Promise.all([c.kit.runJob('expire-holds'), d.kit.runJob('expire-holds')]);
      assert.ok(ran.includes(true));
      const { rows } = await a.kit.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox WHERE type = 'booking.status_changed'
            AND data->>'id' = $1 AND data->>'to' = 'expired'`,
        [id],
      );
      assert.equal(rows[0]!.n, 1, 'one expiry, one event');
    } finally {
      await Promise.all([c.close(), d.close()]);
    }
  });

  it('consumes each event once with two replicas on one durable consumer, duplicates included', async () => {
    const c = await startTestService(
      { ...createBookingsService({ clients: fakeClients() }), nats: bus },
      { database: a.database, schema: a.schema },
    );
    const { connect } = await import('@nats-io/transport-node');
    const { jetstream } = await import('@nats-io/jetstream');
    const nc = await connect({ servers: bus.url });
    try {
      const js = jetstream(nc);
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const day = futureDate(firstFreeDay + 20 + i);
        const event = {
          id: randomUUID(),
          type: 'blockout.created',
          source: 'catalogue',
          tenantId: OWNER,
          occurredAt: new Date().toISOString(),
          data: {
            id: randomUUID(),
            tenantId: OWNER,
            resourceIds: [HALL],
            startsAt: new Date(`${day}T01:00:00Z`).toISOString(),
            endsAt: new Date(`${day}T02:00:00Z`).toISOString(),
            reason: `Replica check ${i}`,
          },
        };
        ids.push(event.data.id);
        // Sent twice under different message ids, as after a publisher crash: JetStream keeps both.
        for (const copy of [1, 2])
          await js.publish(`${bus.subjectPrefix}.blockout.created`, JSON.stringify(event), {
            msgID: `${event.id}-${copy}`,
          });
      }
      const count = async () =>
        (
          await a.kit.db.tenantTx(OWNER, (tx) =>
            tx.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM resource_slots WHERE tenant_id = $1 AND blockout_id = ANY($2::uuid[])`,
              [OWNER, ids],
            ),
          )
        ).rows[0]!.n;
      const deadline = Date.now() + 20_000;
      while ((await count()) < ids.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 500)); // let any second application show itself
      assert.equal(await count(), ids.length, 'each block-out applied once');
    } finally {
      await nc.close();
      await c.close();
    }
  });
});

describe('two replicas of admin, one stopped under load', { skip }, () => {
  let a1: TestService;
  let a2: TestService;
  let gateway: RunningGateway;
  let token: string;

  before(async () => {
    await kitTestKeys(); // admin signs with this pair; the gateway below verifies with it
    delete process.env.SEED_DEMO; // the demo accounts, so a real sign-in can be made
    a1 = await startTestService(adminService);
    a2 = await startTestService(adminService, { database: a1.database, schema: a1.schema });
    // No principal cache: every request asks admin, so every one crosses the stopped replica's path.
    gateway = await startGateway({ admin: `${a1.url},${a2.url}` }, { principalCacheTtlMs: 0 });
    const login = await fetch(`${gateway.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.local', password: 'demo-pass-2026' }),
    });
    assert.equal(login.status, 200);
    token = ((await login.json()) as { token: string }).token;
  });
  after(async () => {
    await gateway?.close();
    await a2?.close().catch(() => {});
    await a1?.close();
  });

  it('keeps signed-in users working: reads, look-ups and settings writes answer while a replica stops', async (t) => {
    const statuses: number[] = [];
    let stopping = false;
    let n = 0;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const reader = async () => {
      while (!stopping)
        statuses.push((await fetch(`${gateway.url}/api/users/profile`, { headers: auth })).status);
    };
    const writer = async () => {
      while (!stopping) {
        // PUT may be repeated on the other replica; the stored value is the last one asked for
        const body = JSON.stringify({ timeFormat: n++ % 2 ? '24h' : '12h' });
        statuses.push(
          (await fetch(`${gateway.url}/api/users/settings`, { method: 'PUT', headers: auth, body })).status,
        );
      }
    };
    const load = Promise.all([reader(), reader(), writer()]);
    await new Promise((r) => setTimeout(r, 1_500));
    await a2.close();
    await new Promise((r) => setTimeout(r, 2_000));
    stopping = true;
    await load;
    assert.ok(statuses.length > 20, `requests made: ${statuses.length}`);
    assert.deepEqual(
      statuses.filter((s) => s !== 200),
      [],
      'every request answered while one admin replica stopped',
    );
    t.diagnostic(
      `${statuses.length} admin requests (profile reads, settings writes), replica 2 stopped after 1.5 s: 0 failed`,
    );
  });
});
