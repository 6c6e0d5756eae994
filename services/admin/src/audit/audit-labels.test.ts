import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { auditEvent, auditPage, startAuditScenario } from '../testing/audit-scenario.ts';
import { call, flushAudit, login, type Harness, type Session } from '../testing/harness.ts';

let h: Harness;
let owner: Session;
let admin: Session;

/** The newest entry of `action` about `target` as the owner's or the super admin's list shows it. */
async function entryAbout(session: Session, action: string, target: string) {
  const page = await auditPage(h, session, `?action=${action}&limit=100`);
  const found = page.auditLogs.find((e) => e.target === target);
  assert.ok(found, `${action} about ${target}`);
  return found;
}

describe('target labels', () => {
  before(async () => {
    ({ h, owner, admin } = await startAuditScenario());
  });
  after(async () => {
    await h?.close();
  });

  test("users are named by their name (or e-mail), never only their id, in admin's own entries", async () => {
    const created = await call(h, 'POST', '/api/users', {
      token: admin.token,
      body: {
        email: 'labelled-owner@demo.local',
        password: 'labelled-pass',
        role: 'hall_owner',
        name: 'Lena Label',
        hallName: 'Label Hall',
        contactNumber: '02 3333 4444',
        address: { line1: '1 Label St', postcode: '2000', state: 'NSW' },
      },
    });
    assert.equal(created.status, 201);
    const sub = await call(h, 'POST', '/api/users', {
      token: owner.token,
      body: {
        email: 'nora-staff@demo.local',
        password: 'nora-pass-123',
        name: 'Nora Staff',
        permissions: ['dashboard'],
      },
    });
    assert.equal(sub.status, 201, JSON.stringify(sub.body));
    const nameless = await call(h, 'POST', '/api/users', {
      token: admin.token,
      body: { email: 'nameless-admin@demo.local', password: 'nameless-pass', role: 'super_admin' },
    });
    assert.equal(nameless.status, 201, JSON.stringify(nameless.body));
    await login(h, 'labelled-owner@demo.local', 'labelled-pass');
    await flushAudit(h);
    assert.equal((await entryAbout(admin, 'user_created', created.body.id)).targetLabel, 'Lena Label');
    assert.equal((await entryAbout(admin, 'user_login', created.body.id)).targetLabel, 'Lena Label');
    assert.equal((await entryAbout(owner, 'user_created', sub.body.id)).targetLabel, 'Nora Staff');
    // no name: the e-mail
    assert.equal(
      (await entryAbout(admin, 'user_created', nameless.body.id)).targetLabel,
      'nameless-admin@demo.local',
    );
    // settings entries read as the screen that changed them
    const settings = await auditPage(h, owner, '?action=settings_updated&limit=100');
    assert.ok(settings.auditLogs.some((e) => e.targetLabel === 'General and tax settings'));
  });

  test("another service's label is stored and listed as sent (one line, at most 300 characters)", async () => {
    const event = auditEvent(owner.userId, {
      action: 'booking_created',
      target: 'HH-2027-0023',
      targetLabel: 'Booking HH-2027-0023 — Smith Wedding',
    });
    await h.kit.handleEvent(event);
    await h.kit.handleEvent(
      auditEvent(owner.userId, {
        target: 'HH-2027-0024',
        targetLabel: `  Booking\nHH-2027-0024 ${'x'.repeat(400)}`,
      }),
    );
    await h.kit.handleEvent(auditEvent(owner.userId, { target: 'HH-2027-0025', targetLabel: '   ' }));
    // an entry from before labels (no field at all) lists its raw target only
    const { targetLabel: _omitted, ...older } = auditEvent(owner.userId, { target: 'HH-2027-0026' }).data;
    await h.kit.handleEvent({ ...auditEvent(owner.userId), data: { ...older, target: 'HH-2027-0026' } });
    assert.equal(
      (await entryAbout(owner, 'booking_created', 'HH-2027-0023')).targetLabel,
      'Booking HH-2027-0023 — Smith Wedding',
    );
    const long = (await entryAbout(owner, 'booking_created', 'HH-2027-0024')).targetLabel!;
    assert.equal(long.length, 300);
    assert.ok(long.startsWith('Booking HH-2027-0024 xxx'), long.slice(0, 30));
    assert.equal((await entryAbout(owner, 'booking_created', 'HH-2027-0025')).targetLabel, null);
    assert.equal((await entryAbout(owner, 'booking_created', 'HH-2027-0026')).targetLabel, null);
  });
});
