import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { recordAuditEvent } from './audit-consumer.ts';
import { verifyChains } from './chain-verify.ts';
import { auditEvent, auditPage, startAuditScenario } from '../testing/audit-scenario.ts';
import type { Harness, Session } from '../testing/harness.ts';

let h: Harness;
let owner: Session;

const entries = (session: Session, query?: string) => auditPage(h, session, query);

describe('entries arrive through the outbox', () => {
  before(async () => {
    ({ h, owner } = await startAuditScenario());
  });
  after(async () => {
    await h?.close();
  });

  test('a settings change shows actor, role, IP, target and field changes', async () => {
    const { auditLogs } = await entries(owner, '?action=settings_updated');
    const entry = auditLogs.find((e) => e.changes && 'currency' in e.changes);
    assert.ok(entry, JSON.stringify(auditLogs));
    assert.equal(entry.userEmail, 'owner@demo.local');
    assert.equal(entry.userRole, 'hall_owner');
    assert.equal(entry.userId, owner.userId);
    assert.equal(entry.targetType, 'settings');
    assert.ok(entry.ipAddress);
    assert.deepEqual(entry.changes, { currency: { old: 'AUD', new: 'USD' } });
    assert.ok(!Number.isNaN(Date.parse(entry.timestamp)));
  });

  test('a redelivered event is stored once', async () => {
    const tenant = randomUUID();
    const event = auditEvent(tenant);
    await h.kit.handleEvent(event);
    await h.kit.handleEvent(event);
    const n = await h.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM audit_log WHERE tenant_id = $1`,
        [tenant],
      );
      return Number(rows[0]?.n);
    });
    assert.equal(n, 1);
  });

  test('an event stored again past the inbox is skipped by the chain, which stays whole', async () => {
    // The consumer writes in one statement and leaves the check to the link trigger (migration
    // 015): the second insert must store nothing and must not move the chain's head.
    const tenant = randomUUID();
    const first = auditEvent(tenant);
    const second = auditEvent(tenant, { action: 'booking_updated' });
    const { rows, report } = await h.kit.db.systemTx(async (tx) => {
      await recordAuditEvent(first as never, tx);
      await recordAuditEvent(first as never, tx);
      await recordAuditEvent(second as never, tx);
      const { rows } = await tx.query<{ event_id: string; seq: number | string }>(
        `SELECT event_id, seq FROM audit_log WHERE tenant_id = $1 ORDER BY seq`,
        [tenant],
      );
      return { rows, report: await verifyChains(tx) };
    });
    assert.deepEqual(
      rows.map((r) => [r.event_id, Number(r.seq)]),
      [
        [first.id, 1],
        [second.id, 2],
      ],
    );
    assert.deepEqual(
      report.problems.filter((p) => p.tenantId === tenant),
      [],
    );
  });
});
