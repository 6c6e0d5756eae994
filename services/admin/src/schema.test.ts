import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as testing from '@venue/service-kit/testing';
import { login, startAdmin, type Harness } from './testing/harness.ts';

let h: Harness;

describe('tenant isolation in the database', () => {
  before(async () => {
    h = await startAdmin();
  });
  after(async () => {
    await h?.close();
  });

  test('every table with a tenant_id has forced row-level security and a policy', async () => {
    await testing.assertTenantTablesHaveRls(h.kit);
  });

  test('a tenant transaction sees only its own accounts, settings and sessions', async () => {
    const owner = await login(h, 'owner@demo.local');
    const owner2 = await login(h, 'owner2@demo.local');
    const seen = await h.kit.db.tenantTx(owner2.userId, async (tx) => {
      const users = await tx.query<{ email: string }>(`SELECT email FROM users ORDER BY email`);
      const settings = await tx.query<{ tenant_id: string }>(`SELECT tenant_id FROM user_settings`);
      const tokens = await tx.query<{ user_id: string }>(`SELECT DISTINCT user_id FROM refresh_tokens`);
      return { users: users.rows.map((r) => r.email), settings: settings.rows, tokens: tokens.rows };
    });
    assert.deepEqual(seen.users, ['owner2@demo.local']);
    assert.deepEqual(seen.settings, [{ tenant_id: owner2.userId }]);
    assert.deepEqual(seen.tokens, [{ user_id: owner2.userId }]);

    await assert.rejects(
      h.kit.db.tenantTx(owner2.userId, (tx) =>
        tx.query(
          `INSERT INTO user_settings (tenant_id, tax_rate) VALUES ($1, 0)
                  ON CONFLICT (tenant_id) DO UPDATE SET tax_rate = 0`,
          [owner.userId],
        ),
      ),
      'writing another tenant’s row is refused by the policy',
    );
  });
});
