/**
 * The audit tests' shared world: the demo accounts, the staff sub-user holding the audit key,
 * and a few audited changes in three tenants, all delivered to audit_log before the first
 * test runs. Plus helpers to read the log and to feed it events from other services.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { AuditEventData, DomainEvent } from '@venue/contracts';
import { startWithDemoSessions, type DemoSessions } from './demo-sessions.ts';
import { call, flushAudit, login, type Harness, type Session } from './harness.ts';

export async function startAuditScenario(): Promise<DemoSessions> {
  const s = await startWithDemoSessions();
  const { h, owner, owner2, admin } = s;
  try {
    // staff may see the audit log and change availability
    const grant = await call(h, 'PUT', `/api/users/sub-users/${s.staff.userId}`, {
      token: owner.token,
      body: { name: 'Sam Staff', permissions: ['dashboard', 'settings', 'audit'] },
    });
    assert.equal(grant.status, 200);
    const staff = await login(h, 'staff@demo.local');
    await call(h, 'PUT', '/api/users/settings', { token: owner.token, body: { currency: 'USD' } });
    await call(h, 'PUT', '/api/users/settings', { token: owner2.token, body: { timeFormat: '24h' } });
    await call(h, 'PUT', '/api/tenant-settings/availability', {
      token: staff.token,
      body: { setupBufferMinutes: 20 },
    });
    await call(h, 'POST', '/api/users', {
      token: admin.token,
      body: { email: 'audited-admin@demo.local', password: 'audited-pass', role: 'super_admin' },
    });
    await flushAudit(h);
    return { ...s, staff };
  } catch (err) {
    await h.close();
    throw err;
  }
}

export interface Entry {
  id: string;
  timestamp: string;
  userEmail: string | null;
  userRole: string | null;
  userId: string | null;
  action: string;
  target: string | null;
  targetLabel?: string | null;
  targetType: string;
  ipAddress: string | null;
  additionalInfo: string | null;
  changes: Record<string, { old: unknown; new: unknown }> | null;
}

export interface AuditPage {
  auditLogs: Entry[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** One page of GET /api/audit as `session` sees it; anything but 200 fails the test. */
export async function auditPage(h: Harness, session: Session, query = ''): Promise<AuditPage> {
  const reply = await call(h, 'GET', `/api/audit${query}`, { token: session.token });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
}

/** An `audit.recorded` event as another service would publish it. */
export function auditEvent(
  tenantId: string,
  data: Partial<AuditEventData> = {},
  occurredAt = new Date(),
): DomainEvent<AuditEventData> {
  return {
    id: randomUUID(),
    type: 'audit.recorded',
    source: 'bookings',
    tenantId,
    occurredAt: occurredAt.toISOString(),
    data: {
      actorId: null,
      actorEmail: 'someone@example.com',
      actorRole: 'hall_owner',
      action: 'booking_created',
      targetType: 'booking',
      target: randomUUID(),
      ipAddress: '203.0.113.9',
      additionalInfo: null,
      changes: null,
      ...data,
    },
  };
}
