import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService } from '@venue/service-kit/testing';
import { adminService } from '../app.ts';
import { seedDemo } from './seed.ts';
import { startAdmin } from '../testing/harness.ts';

async function countUsers(kit: Parameters<typeof seedDemo>[0]): Promise<number> {
  return kit.db.systemTx(async (tx) =>
    Number((await tx.query<{ n: string }>(`SELECT count(*) AS n FROM users`)).rows[0]!.n),
  );
}

test('demo seed: four accounts and two settings rows, once only', async () => {
  const h = await startAdmin();
  try {
    assert.equal(await countUsers(h.kit), 4);
    await seedDemo(h.kit);
    assert.equal(await countUsers(h.kit), 4, 'a second run adds nothing');
    const settings = await h.kit.db.systemTx(
      async (tx) => (await tx.query(`SELECT tenant_id FROM user_settings`)).rowCount,
    );
    assert.equal(settings, 2);
  } finally {
    await h.close();
  }
});

test('SEED_DEMO=false leaves the database empty', async () => {
  process.env.SEED_DEMO = 'false';
  const t = await startTestService(adminService);
  try {
    assert.equal(await countUsers(t.kit), 0);
  } finally {
    delete process.env.SEED_DEMO;
    await t.close();
  }
});
