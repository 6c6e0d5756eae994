// Keyset paging of GET /api/audit (docs/platform-contract.md, "Paging"): following
// pagination.nextCursor gives every entry once, in the order of the same list read by page
// number, newest or oldest first, filtered or not, for an owner, a sub-user and the super admin
// (whose list spans tenants whose chain sequences repeat); a cursor the list did not give out
// is a 400; totals are counted only as documented.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startAuditScenario } from '../testing/audit-scenario.ts';
import { call, flushAudit, type Harness, type Session } from '../testing/harness.ts';

let h: Harness;
let owner: Session;
let owner2: Session;
let staff: Session;
let admin: Session;

/** `n` entries for `tenantId` by `actor`: `tied` of them at one instant, the rest a second apart. */
async function seed(tenantId: string, actor: string, n: number, tied: number): Promise<void> {
  await h.kit.db.systemTx((tx) =>
    tx.query(
      `INSERT INTO audit_log (tenant_id, event_id, source, occurred_at, actor_id, actor_email, actor_role,
          action, target_type, target, additional_info)
       SELECT $1, gen_random_uuid(), 'bookings',
              CASE WHEN g <= $4::int THEN timestamptz '2026-03-03 01:00:00.123456+00'
                   ELSE timestamptz '2026-03-03 01:00:00+00' + g * interval '1 second' END,
              $3, 'seeded@example.test', 'hall_owner',
              (ARRAY['booking_created', 'booking_updated'])[1 + g % 2], 'booking', 'SD-' || g, 'seeded ' || g
         FROM generate_series(1, $2::int) g`,
      [tenantId, n, actor, tied],
    ),
  );
}

const get = async (session: Session, query: string) => {
  const reply = await call(h, 'GET', `/api/audit?${query}`, { token: session.token });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
};

/** Every entry id by page number, 100 at a time: the reference order. */
async function byPages(session: Session, query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const body = await get(session, `${query}&limit=100&page=${page}`);
    ids.push(...body.auditLogs.map((e: { id: string }) => e.id));
    if (!body.pagination.hasMore) return ids;
  }
}

/** Every entry id by following nextCursor, `limit` at a time. */
async function byCursor(session: Session, query: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let body = await get(session, `${query}&limit=${limit}`);
  for (let guard = 0; ; guard++) {
    assert.ok(guard < 200, 'the cursor walk ends');
    ids.push(...body.auditLogs.map((e: { id: string }) => e.id));
    const p = body.pagination;
    assert.equal(p.hasMore, p.nextCursor !== null);
    if (!p.hasMore) return ids;
    body = await get(session, `${query}&limit=${limit}&cursor=${encodeURIComponent(p.nextCursor)}`);
    assert.deepEqual([body.pagination.page, body.pagination.total], [null, null]);
  }
}

describe('GET /api/audit: keyset paging', () => {
  before(async () => {
    ({ h, owner, owner2, staff, admin } = await startAuditScenario());
    // the same instants and chain sequences in two tenants: the super admin's ties
    await seed(owner.userId, owner.userId, 40, 25);
    await seed(owner.userId, staff.userId, 12, 6);
    await seed(owner2.userId, owner2.userId, 40, 25);
    await flushAudit(h);
  });
  after(async () => {
    await h?.close();
  });

  test('following nextCursor reads the list once, in order, for owner, sub-user and super admin', async () => {
    const cases: Array<[string, Session, string]> = [
      ['owner', owner, ''],
      ['owner, one action', owner, 'action=booking_updated'],
      ['owner, one user', owner, `userId=${staff.userId}`],
      ['owner, between dates', owner, 'startDate=2026-03-03&endDate=2026-03-03'],
      ['sub-user (own entries)', staff, ''],
      ['super admin (every tenant)', admin, ''],
    ];
    for (const [name, session, filter] of cases)
      for (const order of ['desc', 'asc']) {
        const query = `${filter}&sortOrder=${order}`;
        const reference = await byPages(session, query);
        assert.ok(reference.length > 10, `${name} has entries to page through`);
        const walked = await byCursor(session, query, 7);
        assert.equal(new Set(walked).size, walked.length, `${name} ${order}: no entry twice`);
        assert.deepEqual(walked, reference, `${name} ${order}: the walk reads the list in order`);
      }
  });

  test('newest first is the exact reverse of oldest first, ties included', async () => {
    const desc = await byPages(owner, 'sortOrder=desc');
    const asc = await byPages(owner, 'sortOrder=asc');
    assert.deepEqual(desc, [...asc].reverse());
    const everyone = await byPages(admin, 'sortOrder=desc');
    assert.deepEqual(everyone, [...(await byPages(admin, 'sortOrder=asc'))].reverse());
  });

  test('page numbers: 50 a page, counted; withTotal=0 skips the count; a cursor counts only when asked', async () => {
    const first = await get(owner, '');
    assert.equal(first.auditLogs.length, 50);
    const p = first.pagination;
    assert.deepEqual([p.page, p.limit, p.totalIsEstimate, p.hasMore], [1, 50, false, true]);
    assert.ok(p.total > 52);
    assert.equal(p.totalPages, Math.ceil(p.total / 50));
    const second = await get(owner, 'page=2&withTotal=0');
    assert.deepEqual([second.pagination.total, second.pagination.totalPages], [null, null]);
    assert.equal(second.pagination.page, 2);
    const cursor = encodeURIComponent(p.nextCursor);
    const next = await get(owner, `cursor=${cursor}&withTotal=1`);
    assert.equal(next.pagination.total, p.total);
    assert.deepEqual(
      next.auditLogs.map((e: { id: string }) => e.id),
      second.auditLogs.map((e: { id: string }) => e.id),
    );
  });

  test('a cursor the list did not give out is a 400 naming cursor', async () => {
    const first = await get(owner, 'limit=3');
    const good = first.pagination.nextCursor as string;
    const body = JSON.parse(Buffer.from(good, 'base64url').toString('utf8'));
    const forge = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    for (const cursor of [
      'garbage',
      forge({ ...body, o: 'asc' }),
      forge({ ...body, s: 'action' }),
      forge({ ...body, k: [body.k[0], '1e3', body.k[2]] }),
      forge({ ...body, k: ['2026-13-01T00:00:00.000000Z', body.k[1], body.k[2]] }),
      forge({ ...body, k: [body.k[0], body.k[1], 'someone else'] }),
      forge({ ...body, k: body.k.slice(0, 2) }),
    ]) {
      const reply = await call(h, 'GET', `/api/audit?limit=3&cursor=${encodeURIComponent(cursor)}`, {
        token: owner.token,
      });
      assert.equal(reply.status, 400, cursor);
      assert.equal(reply.body.errors[0].path, 'cursor');
    }
  });
});
