import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startWithDemoSessions } from '../testing/demo-sessions.ts';
import { call, login, type Harness, type Session } from '../testing/harness.ts';
import { CANNOT_DEACTIVATE_SELF, SUPER_ADMIN_ONLY } from './account-admin.ts';

let h: Harness;
let admin: Session;
let owner: Session;

async function endedSessions(userId: string): Promise<string[]> {
  return h.kit.db.systemTx(async (tx) => {
    const { rows } = await tx.query<{ reason: string }>(
      `SELECT end_reason AS reason FROM sessions WHERE user_id = $1 AND ended_at IS NOT NULL`,
      [userId],
    );
    return rows.map((r) => r.reason);
  });
}

const signIn = (email: string, password: string) =>
  call(h, 'POST', '/api/login', { body: { email, password } });
const setStatus = (id: string, status: unknown, token = admin.token) =>
  call(h, 'PUT', `/api/users/${id}`, { token, body: { status } });

describe('super admin deactivates and reactivates a hall owner', () => {
  before(async () => {
    ({ h, admin, owner } = await startWithDemoSessions());
  });
  after(async () => {
    await h?.close();
  });

  let hall: { id: string; session: Session };
  let onDuty: { id: string; session: Session };
  let offDuty: { id: string };

  before(async () => {
    const created = await call(h, 'POST', '/api/users', {
      token: admin.token,
      body: {
        email: 'closing-owner@demo.local',
        password: 'closing-pass',
        role: 'hall_owner',
        name: 'Clara Closing',
        hallName: 'Closing Hall',
        contactNumber: '02 5555 0000',
        address: { line1: '1 Last St', postcode: '2000', state: 'NSW' },
      },
    });
    assert.equal(created.status, 201);
    const session = await login(h, 'closing-owner@demo.local', 'closing-pass');
    hall = { id: created.body.id, session };
    const staff = async (email: string, status: string) => {
      const r = await call(h, 'POST', '/api/users', {
        token: session.token,
        body: { name: email, email, password: 'staff-pass-1', permissions: ['bookings'], status },
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      return r.body.id as string;
    };
    const dutyId = await staff('on-duty@demo.local', 'active');
    onDuty = { id: dutyId, session: await login(h, 'on-duty@demo.local', 'staff-pass-1') };
    // deactivated by the owner on purpose: must stay so after the owner comes back
    offDuty = { id: await staff('off-duty@demo.local', 'inactive') };
    // the tenant's data, to find unchanged afterwards
    const saved = await call(h, 'PUT', '/api/users/settings', {
      token: session.token,
      body: { taxRate: 12.5 },
    });
    assert.equal(saved.status, 200);
  });

  test('deactivating ends the owner and their staff: no sign-in, sessions over; data kept', async () => {
    const off = await setStatus(hall.id, 'inactive');
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal(off.body.status, 'inactive');

    for (const s of [hall.session, onDuty.session]) {
      const refused = await call(h, 'GET', '/api/users/profile', { token: s.token });
      assert.deepEqual([refused.status, refused.body.code], [401, 'session_ended']);
      const refresh = await call(h, 'POST', '/api/auth/refresh', { cookie: s.cookie });
      assert.deepEqual([refresh.status, refresh.body.reason], [401, 'deactivated']);
    }
    assert.deepEqual(await endedSessions(hall.id), ['deactivated']);
    assert.deepEqual(await endedSessions(onDuty.id), ['deactivated']);
    for (const [email, password] of [
      ['closing-owner@demo.local', 'closing-pass'],
      ['on-duty@demo.local', 'staff-pass-1'],
    ] as const) {
      assert.equal((await signIn(email, password)).body.code, 'user-disabled', email);
    }

    // The Users list shows it (the "Active only" filter has something to hide now).
    const list = await call(h, 'GET', '/api/users', { token: admin.token });
    const row = list.body.find((u: { id: string }) => u.id === hall.id);
    assert.deepEqual([row.status, row.hallName], ['inactive', 'Closing Hall']);
    // Nothing of the tenant is gone: its staff rows and settings are where they were.
    const kept = await h.kit.db.systemTx(async (tx) => ({
      staff: (
        await tx.query<{ id: string; status: string }>(
          `SELECT id, status FROM users WHERE parent_user_id = $1 AND deleted_at IS NULL ORDER BY email`,
          [hall.id],
        )
      ).rows,
      rate: (
        await tx.query<{ tax_rate: string }>(`SELECT tax_rate FROM user_settings WHERE tenant_id = $1`, [
          hall.id,
        ])
      ).rows[0]?.tax_rate,
    }));
    assert.deepEqual(
      kept.staff.map((s) => [s.id, s.status]),
      [
        [offDuty.id, 'inactive'],
        [onDuty.id, 'inactive'],
      ],
    );
    assert.equal(Number(kept.rate), 12.5);
    // once more changes nothing and ends nothing new
    assert.equal((await setStatus(hall.id, 'inactive')).status, 200);
    assert.deepEqual(await endedSessions(hall.id), ['deactivated']);
  });

  test('reactivating brings back the owner and the staff switched off with them, not the one off before', async () => {
    const on = await setStatus(hall.id, 'active');
    assert.equal(on.status, 200);
    assert.equal(on.body.status, 'active');
    assert.equal((await signIn('closing-owner@demo.local', 'closing-pass')).status, 200);
    assert.equal((await signIn('on-duty@demo.local', 'staff-pass-1')).status, 200);
    assert.equal((await signIn('off-duty@demo.local', 'staff-pass-1')).body.code, 'user-disabled');
    const back = await login(h, 'closing-owner@demo.local', 'closing-pass');
    const mine = await call(h, 'GET', `/api/users/sub-users/${hall.id}`, { token: back.token });
    assert.deepEqual(
      mine.body.map((u: { email: string; status: string }) => [u.email, u.status]),
      [
        ['on-duty@demo.local', 'active'],
        ['off-duty@demo.local', 'inactive'],
      ],
    );
  });

  test('audited per account; only a super admin, never on themselves; a bad status is a 400 naming the field', async () => {
    const { rows } = await h.kit.db.systemTx((tx) =>
      tx.query<{ target: string; info: string }>(
        `SELECT data->>'target' AS target, data->>'additionalInfo' AS info FROM outbox
          WHERE type = 'audit.recorded' AND data->>'action' = 'user_updated' AND data->'changes' ? 'status' AND data->>'target' = ANY($1::text[])
          ORDER BY seq`,
        [[hall.id, onDuty.id]],
      ),
    );
    assert.deepEqual(
      rows.map((r) => [r.target, r.info]),
      [
        [hall.id, 'Deactivated closing-owner@demo.local and 1 staff account with it'],
        [onDuty.id, 'Sub-user on-duty@demo.local deactivated with hall owner closing-owner@demo.local'],
        [hall.id, 'Reactivated closing-owner@demo.local and 1 staff account with it'],
        [onDuty.id, 'Sub-user on-duty@demo.local reactivated with hall owner closing-owner@demo.local'],
      ],
    );
    const self = await setStatus(admin.userId, 'inactive');
    assert.deepEqual([self.status, self.body.message], [400, CANNOT_DEACTIVATE_SELF]);
    const byOwner = await setStatus(hall.id, 'inactive', owner.token);
    assert.deepEqual([byOwner.status, byOwner.body.message], [403, SUPER_ADMIN_ONLY]);
    const bad = await setStatus(hall.id, 'paused');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].path, 'status');
    assert.equal((await signIn('closing-owner@demo.local', 'closing-pass')).status, 200);
  });
});
