import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { asSuperuser, ownerTx } from '@venue/service-kit/testing';
import { auditEvent, startAuditScenario } from '../testing/audit-scenario.ts';
import { call, type Harness, type Session } from '../testing/harness.ts';
import { VERIFY_DENIED } from './handlers/verify.ts';

let h: Harness;
let owner: Session;
let staff: Session;
let admin: Session;

/**
 * Alters audit rows behind the service's back. On PostgreSQL as the superuser of
 * TEST_DATABASE_URL with triggers off (session_replication_role = replica). On PGlite as the
 * schema's owner (decision 19: the application role owns nothing), which re-grants itself the
 * revoked privileges and disables the append-only trigger. Either way only the hash chain is
 * left to notice.
 */
async function tamper(sql: string, params: unknown[]): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    await asSuperuser(async (c) => {
      await c.query('BEGIN');
      await c.query(`SET LOCAL search_path TO "${h.kit.db.schema}"`);
      await c.query('SET LOCAL session_replication_role = replica');
      await c.query(sql, params);
      await c.query('COMMIT');
    });
    return;
  }
  await ownerTx(h.kit.db, async (tx) => {
    await tx.query('GRANT UPDATE, DELETE ON audit_log TO CURRENT_USER');
    await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
    await tx.query(sql, params);
    await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update');
    await tx.query('REVOKE UPDATE, DELETE ON audit_log FROM CURRENT_USER');
  });
}

describe('append-only and the hash chain', () => {
  before(async () => {
    ({ h, owner, staff, admin } = await startAuditScenario());
    // A tenant known only from another service's events: the super admin's chains then outnumber
    // the three demo tenants whichever test runs first.
    await h.kit.handleEvent(auditEvent(randomUUID()));
  });
  after(async () => {
    await h?.close();
  });

  test('the application role can neither update nor delete entries, even after re-granting itself', async () => {
    await assert.rejects(
      h.kit.db.systemTx((tx) => tx.query(`UPDATE audit_log SET additional_info = 'edited'`)),
      /permission denied|append-only/,
    );
    await assert.rejects(
      h.kit.db.systemTx((tx) => tx.query(`DELETE FROM audit_log`)),
      /permission denied|append-only/,
    );
    await assert.rejects(
      h.kit.db.systemTx((tx) => tx.query(`TRUNCATE audit_log`)),
      /permission denied|append-only/,
    );
    await assert.rejects(
      h.kit.db.systemTx(async (tx) => {
        await tx.query('GRANT UPDATE, DELETE ON audit_log TO CURRENT_USER');
        await tx.query(`UPDATE audit_log SET additional_info = 'edited'`);
      }),
      // it does not own the table, so it cannot grant itself anything
      /permission denied|append-only/,
    );
    const { rows } = await h.kit.db.systemTx((tx) =>
      tx.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM audit_log WHERE additional_info = 'edited'`,
      ),
    );
    assert.equal(Number(rows[0]?.n), 0);
  });

  test('concurrent consumers keep one unbroken chain per tenant', async () => {
    const tenant = randomUUID();
    await Promise.all(Array.from({ length: 25 }, () => h.kit.handleEvent(auditEvent(tenant))));
    const { rows } = await h.kit.db.systemTx((tx) =>
      tx.query<{ seq: number | string }>(`SELECT seq FROM audit_log WHERE tenant_id = $1 ORDER BY seq`, [
        tenant,
      ]),
    );
    assert.deepEqual(
      rows.map((r) => Number(r.seq)),
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    const verify = await call(h, 'GET', '/api/audit/verify', { token: admin.token });
    assert.equal(verify.body.ok, true, JSON.stringify(verify.body.problems));
  });

  test('verify: owner and super admin; a sub-user is refused', async () => {
    const asOwner = await call(h, 'GET', '/api/audit/verify', { token: owner.token });
    assert.equal(asOwner.status, 200);
    assert.equal(asOwner.body.ok, true);
    assert.equal(asOwner.body.tenants, 1, 'an owner verifies only their own chain');
    const asAdmin = await call(h, 'GET', '/api/audit/verify', { token: admin.token });
    assert.ok(asAdmin.body.tenants > 3);
    assert.ok(asAdmin.body.checked > asOwner.body.checked);
    const asStaff = await call(h, 'GET', '/api/audit/verify', { token: staff.token });
    assert.equal(asStaff.status, 403);
    assert.equal(asStaff.body.message, VERIFY_DENIED);
  });

  test('verify reports a row edited in the database, a removed row and a removed newest row', async () => {
    const edited = randomUUID();
    const gap = randomUUID();
    const tail = randomUUID();
    for (const t of [edited, gap, tail]) {
      for (let i = 0; i < 4; i++) await h.kit.handleEvent(auditEvent(t, { additionalInfo: `step ${i + 1}` }));
    }
    const idOf = async (t: string, seq: number) =>
      (
        await h.kit.db.systemTx((tx) =>
          tx.query<{ id: string }>(`SELECT id FROM audit_log WHERE tenant_id = $1 AND seq = $2`, [t, seq]),
        )
      ).rows[0]!.id;
    const editedId = await idOf(edited, 2);
    const afterGapId = await idOf(gap, 3);

    await tamper(`UPDATE audit_log SET additional_info = 'nothing to see' WHERE id = $1`, [editedId]);
    await tamper(`DELETE FROM audit_log WHERE tenant_id = $1 AND seq = 2`, [gap]);
    await tamper(`DELETE FROM audit_log WHERE tenant_id = $1 AND seq = 4`, [tail]);

    const reply = await call(h, 'GET', '/api/audit/verify', { token: admin.token });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.ok, false);
    const problems = reply.body.problems as Array<{
      tenantId: string;
      entryId: string | null;
      reason: string;
    }>;
    const of = (t: string) => problems.filter((p) => p.tenantId === t);
    assert.equal(of(edited).length, 1, JSON.stringify(problems));
    assert.equal(of(edited)[0]!.entryId, editedId);
    assert.match(of(edited)[0]!.reason, /altered/);
    assert.equal(of(gap)[0]!.entryId, afterGapId);
    assert.match(of(gap)[0]!.reason, /Entries 2 to 2 are missing/);
    assert.match(of(tail)[0]!.reason, /newest entries \(4 to 4\) are missing/);
    // the untouched tenants still verify
    assert.equal(problems.filter((p) => p.tenantId === owner.userId).length, 0);
    const asOwner = await call(h, 'GET', '/api/audit/verify', { token: owner.token });
    assert.equal(asOwner.body.ok, true);
  });

  test('a target label is part of what the chain protects; rows without one verify as before', async () => {
    const t = randomUUID();
    await h.kit.handleEvent(auditEvent(t, { additionalInfo: 'no label' }));
    await h.kit.handleEvent(auditEvent(t, { targetLabel: 'Booking HH-2027-0023 — Smith Wedding' }));
    await h.kit.handleEvent(auditEvent(t, { targetLabel: 'Booking HH-2027-0024 — Jones Party' }));
    const problemsOf = async () =>
      (
        (await call(h, 'GET', '/api/audit/verify', { token: admin.token })).body.problems as Array<{
          tenantId: string;
          seq: number;
          reason: string;
        }>
      ).filter((p) => p.tenantId === t);
    assert.deepEqual(await problemsOf(), []);
    await tamper(
      `UPDATE audit_log SET target_label = 'Booking HH-2027-0023 — Someone Else' WHERE tenant_id = $1 AND seq = 2`,
      [t],
    );
    await tamper(`UPDATE audit_log SET target_label = NULL WHERE tenant_id = $1 AND seq = 3`, [t]);
    const problems = await problemsOf();
    assert.deepEqual(
      problems.map((p) => [p.seq, /altered/.test(p.reason)]),
      [
        [2, true],
        [3, true],
      ],
    );
  });
});
