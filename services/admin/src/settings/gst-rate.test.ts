import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TENANT_SETTINGS_CHANGED, tenantSettingsSnapshotSchema } from '@venue/contracts';
import { startWithDemoSessions } from '../testing/demo-sessions.ts';
import { call, type Harness, type Session } from '../testing/harness.ts';

let h: Harness;
let owner: Session;
let owner2: Session;

const INVOICE = '/api/tenant-settings/invoice';
const TAXES = '/api/users/settings';

async function rates(session: Session) {
  const taxes = await call(h, 'GET', TAXES, { token: session.token });
  const invoice = await call(h, 'GET', INVOICE, { token: session.token });
  return { taxes: taxes.body.taxRate, invoice: invoice.body.gstRate };
}

async function lastSnapshot(tenantId: string) {
  const { rows } = await h.kit.db.query<{ data: unknown }>(
    `SELECT data FROM outbox WHERE type = $1 AND data->>'tenantId' = $2 ORDER BY seq DESC LIMIT 1`,
    [TENANT_SETTINGS_CHANGED, tenantId],
  );
  return tenantSettingsSnapshotSchema.parse(rows[0]!.data);
}

describe('one GST rate (Taxes and Invoice Settings)', () => {
  before(async () => {
    ({ h, owner, owner2 } = await startWithDemoSessions());
  });
  after(async () => {
    await h?.close();
  });

  test('saved on either screen, both show it, and the settings event carries it', async () => {
    assert.deepEqual(await rates(owner), { taxes: 10, invoice: 10 });

    const onTaxes = await call(h, 'PUT', TAXES, { token: owner.token, body: { taxRate: 12.25 } });
    assert.equal(onTaxes.status, 200);
    assert.deepEqual(await rates(owner), { taxes: 12.25, invoice: 12.25 });
    let event = await lastSnapshot(owner.userId);
    assert.deepEqual([event.taxRatePercent, event.invoiceGstRatePercent], [12.25, 12.25]);

    const onInvoice = await call(h, 'PUT', INVOICE, {
      token: owner.token,
      body: { gstRate: 9.5, defaultDueDays: 21 },
    });
    assert.equal(onInvoice.status, 200);
    assert.equal(onInvoice.body.gstRate, 9.5);
    assert.deepEqual(await rates(owner), { taxes: 9.5, invoice: 9.5 });
    event = await lastSnapshot(owner.userId);
    assert.deepEqual([event.taxRatePercent, event.invoiceGstRatePercent], [9.5, 9.5]);
    // the rest of the invoice group is stored as before
    assert.equal((await call(h, 'GET', INVOICE, { token: owner.token })).body.defaultDueDays, 21);

    // the other tenant's rate is its own
    assert.deepEqual(await rates(owner2), { taxes: 10, invoice: 10 });
  });

  test('a rate the invoice group stored before is ignored: the one rate wins', async () => {
    // as a database from before this change may hold it
    await h.kit.db.tenantTx(owner2.userId, (tx) =>
      tx.query(
        `INSERT INTO tenant_settings (tenant_id, section, value, updated_by)
         VALUES ($1, 'invoice', '{"gstRate": 15, "defaultDueDays": 7}', $1)
         ON CONFLICT (tenant_id, section) DO UPDATE SET value = EXCLUDED.value`,
        [owner2.userId],
      ),
    );
    assert.deepEqual(await rates(owner2), { taxes: 10, invoice: 10 });
    assert.equal((await call(h, 'GET', INVOICE, { token: owner2.token })).body.defaultDueDays, 7);
  });

  test('an invalid rate on the invoice screen changes neither', async () => {
    const bad = await call(h, 'PUT', INVOICE, { token: owner.token, body: { gstRate: 100.5 } });
    assert.equal(bad.status, 400);
    assert.deepEqual(await rates(owner), { taxes: 9.5, invoice: 9.5 });
  });
});
