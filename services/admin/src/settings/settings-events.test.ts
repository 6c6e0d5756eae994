import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TENANT_SETTINGS_CHANGED,
  tenantSettingsSnapshotSchema,
  type TenantSettingsSnapshot,
} from '@venue/contracts';
import { startWithDemoSessions } from '../testing/demo-sessions.ts';
import { call, type Harness, type Session } from '../testing/harness.ts';
import { publishMissingSnapshots } from './settings-events.ts';

let h: Harness;
let owner: Session;
let owner2: Session;
let admin: Session;

/** The tenant's `tenant.settings_changed` events in outbox order, checked against the contract. */
async function snapshots(tenantId: string): Promise<TenantSettingsSnapshot[]> {
  const { rows } = await h.kit.db.query<{ data: unknown; tenant_id: string }>(
    `SELECT data, tenant_id FROM outbox WHERE type = $1 AND data->>'tenantId' = $2 ORDER BY seq`,
    [TENANT_SETTINGS_CHANGED, tenantId],
  );
  return rows.map((r) => {
    assert.equal(r.tenant_id, tenantId, 'the envelope names the tenant too');
    return tenantSettingsSnapshotSchema.parse(typeof r.data === 'string' ? JSON.parse(r.data) : r.data);
  });
}

describe('tenant.settings_changed', () => {
  before(async () => {
    ({ h, owner, owner2, admin } = await startWithDemoSessions());
  });
  after(async () => {
    await h?.close();
  });

  test('every demo tenant had a first snapshot at start-up, and a second start publishes none', async () => {
    for (const s of [owner, owner2, admin]) {
      const [first, ...rest] = await snapshots(s.userId);
      assert.equal(rest.length, 0);
      assert.equal(first!.version, 1);
      assert.equal(first!.timezone, 'Australia/Sydney');
      assert.equal(first!.taxRatePercent, 10);
      assert.equal(first!.holdExpiryHours, 48);
    }
    assert.equal(await publishMissingSnapshots(h.kit), 0);
  });

  test('an upgraded database (no version row yet) gets its snapshot at the next start', async () => {
    await h.kit.db.systemTx((tx) =>
      tx.query(`DELETE FROM settings_published WHERE tenant_id = $1`, [owner2.userId]),
    );
    assert.equal(await publishMissingSnapshots(h.kit), 1);
    assert.equal(await publishMissingSnapshots(h.kit), 0);
    assert.equal((await snapshots(owner2.userId)).length, 2);
  });

  test('a tenant last published before the snapshot carried the Payment settings is published again at start-up', async () => {
    const before = await snapshots(owner2.userId);
    await h.kit.db.systemTx((tx) =>
      tx.query(`UPDATE settings_published SET shape = 1 WHERE tenant_id = $1`, [owner2.userId]),
    );
    assert.equal(await publishMissingSnapshots(h.kit), 1);
    assert.equal(await publishMissingSnapshots(h.kit), 0);
    const after = await snapshots(owner2.userId);
    assert.equal(after.length, before.length + 1);
    assert.equal(after.at(-1)!.version, before.at(-1)!.version + 1);
    assert.ok(after.at(-1)!.payment, 'the new snapshot carries the Payment settings');
  });

  test('General, Taxes, Availability and invoice writes publish the whole snapshot in their transaction; others do not', async () => {
    const before = (await snapshots(owner.userId)).length;
    const put = (path: string, body: unknown) => call(h, 'PUT', path, { token: owner.token, body });

    assert.equal((await put('/api/users/settings', { timezone: 'Australia/Perth' })).status, 200);
    assert.equal((await put('/api/users/settings', { taxRate: 12.5 })).status, 200);
    assert.equal((await put('/api/tenant-settings/availability', { holdExpiryHours: 72 })).status, 200);
    assert.equal((await put('/api/tenant-settings/invoice', { gstRate: 15 })).status, 200);
    // no change (the invoice screen's rate is the one rate: 15 now), or a group the snapshot
    // does not carry: nothing to tell
    assert.equal((await put('/api/users/settings', { taxRate: 15 })).status, 200);
    assert.equal((await put('/api/tenant-settings/policies', { defaultBondCents: 100 })).status, 200);
    // a refused write publishes nothing either (its transaction rolls back)
    assert.equal((await put('/api/users/settings', { taxRate: 101 })).status, 400);

    const all = await snapshots(owner.userId);
    const added = all.slice(before);
    assert.equal(added.length, 4);
    assert.deepEqual(
      added.map((s) => s.version),
      [2, 3, 4, 5],
    );
    const last = added.at(-1)!;
    assert.equal(last.timezone, 'Australia/Perth');
    assert.equal(added[1]!.taxRatePercent, 12.5);
    assert.equal(added[1]!.invoiceGstRatePercent, 12.5);
    assert.equal(last.taxRatePercent, 15);
    assert.equal(last.taxType, 'Inclusive');
    assert.equal(last.holdExpiryHours, 72);
    assert.equal(last.invoiceGstRatePercent, 15);
    assert.equal(last.setupBufferMinutes, 15);
    assert.equal(last.schemaVersion, 1);
    assert.equal(last.country, 'AU', 'the venue country travels with the snapshot (decision 28)');
  });

  test('a change of the venue country publishes a snapshot carrying it', async () => {
    const before = (await snapshots(owner2.userId)).length;
    const put = await call(h, 'PUT', '/api/users/settings', { token: owner2.token, body: { country: 'NZ' } });
    assert.equal(put.status, 200);
    const added = (await snapshots(owner2.userId)).slice(before);
    assert.equal(added.length, 1);
    assert.equal(added[0]!.country, 'NZ');
    await call(h, 'PUT', '/api/users/settings', { token: owner2.token, body: { country: 'AU' } });
  });

  test('Payment settings (business, bank details, methods, due days) travel in the snapshot for money’s tax invoices', async () => {
    const put = (path: string, body: unknown) => call(h, 'PUT', path, { token: owner.token, body });
    assert.equal(
      (
        await put('/api/tenant-settings/business', {
          businessName: 'Harbourside Hall',
          businessABN: '51 824 753 556',
        })
      ).status,
      200,
    );
    assert.equal(
      (await put('/api/users/bank-details', { bsb: '062000', accountNumber: '12345678' })).status,
      200,
    );
    assert.equal((await put('/api/tenant-settings/invoice', { defaultDueDays: 21 })).status, 200);
    const last = (await snapshots(owner.userId)).at(-1)!;
    assert.equal(last.payment?.businessName, 'Harbourside Hall');
    assert.equal(last.payment?.businessABN, '51824753556');
    assert.equal(last.payment?.bsb, '062-000');
    assert.equal(last.payment?.accountNumber, '12345678');
    assert.equal(last.payment?.defaultDueDays, 21);
    assert.equal(typeof last.payment?.paymentMethods.bankTransfer, 'boolean');
    // the reminder days drive money's payment reminder ladder: a change of them alone publishes
    assert.deepEqual(last.payment?.reminderDays, [7, 3, 1]);
    const count = (await snapshots(owner.userId)).length;
    assert.equal((await put('/api/tenant-settings/invoice', { reminderDays: [2, 10] })).status, 200);
    const now = await snapshots(owner.userId);
    assert.equal(now.length, count + 1);
    assert.deepEqual(now.at(-1)!.payment?.reminderDays, [10, 2]);
    // the venue's Stripe account reaches money (its payment links' "Pay by card", decision 43)
    assert.equal(now.at(-1)!.payment?.stripeAccountId, '');
    assert.equal(
      (await put('/api/users/stripe-account', { stripeAccountId: 'acct_1Harbourside' })).status,
      200,
    );
    const withStripe = await snapshots(owner.userId);
    assert.equal(withStripe.length, now.length + 1);
    assert.equal(withStripe.at(-1)!.payment?.stripeAccountId, 'acct_1Harbourside');
  });

  test('the deposit deadline (default 14 days) travels in the snapshot for money’s deposit due dates', async () => {
    const put = (body: unknown) =>
      call(h, 'PUT', '/api/tenant-settings/invoice', { token: owner2.token, body });
    const count = (await snapshots(owner2.userId)).length;
    assert.equal((await snapshots(owner2.userId)).at(-1)!.payment?.depositDeadlineDays, 14);
    for (const bad of [-1, 1.5, 366, 'two weeks']) {
      const r = await put({ depositDeadlineDays: bad });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.match(JSON.stringify(r.body), /depositDeadlineDays/);
    }
    assert.equal((await put({ depositDeadlineDays: 21 })).status, 200);
    const now = await snapshots(owner2.userId);
    assert.equal(now.length, count + 1, 'a change of it alone publishes');
    assert.equal(now.at(-1)!.payment?.depositDeadlineDays, 21);
    await put({ depositDeadlineDays: 14 });
  });

  test('concurrent writes of one tenant publish distinct versions, the highest carrying both changes', async () => {
    const before = (await snapshots(owner2.userId)).at(-1)!.version;
    const [a, b] = await Promise.all([
      call(h, 'PUT', '/api/users/settings', { token: owner2.token, body: { timezone: 'Asia/Tokyo' } }),
      call(h, 'PUT', '/api/tenant-settings/availability', {
        token: owner2.token,
        body: { setupBufferMinutes: 45 },
      }),
    ]);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    const added = (await snapshots(owner2.userId)).filter((s) => s.version > before);
    assert.deepEqual(added.map((s) => s.version).sort(), [before + 1, before + 2]);
    const newest = added.find((s) => s.version === before + 2)!;
    assert.equal(newest.timezone, 'Asia/Tokyo');
    assert.equal(newest.setupBufferMinutes, 45);
  });

  test('a new hall owner account publishes its default settings', async () => {
    const created = await call(h, 'POST', '/api/users', {
      token: admin.token,
      body: {
        email: 'new-hall@example.com',
        password: 'Str0ng!Passw0rd',
        role: 'hall_owner',
        name: 'New Hall',
        hallName: 'New Hall',
        contactNumber: '02 9555 0100',
        address: { line1: '1 New Street', postcode: '2000', state: 'NSW' },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const [first, ...rest] = await snapshots(created.body.id);
    assert.equal(rest.length, 0);
    assert.equal(first!.version, 1);
    assert.equal(first!.timezone, 'Australia/Sydney');
    assert.equal(first!.packdownBufferMinutes, 15);
  });
});
