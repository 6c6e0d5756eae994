import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
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
});
