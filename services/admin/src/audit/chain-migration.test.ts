import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTestDatabase, startTestService, testKeys } from '@venue/service-kit/testing';
import { adminService } from '../app.ts';
import { verifyChains } from './chain-verify.ts';

test('audit rows recorded before migration 003 are chained by it and verify', async () => {
  await testKeys();
  const dir = mkdtempSync(join(tmpdir(), 'admin-chain-'));
  const oldMigrations = join(dir, 'migrations');
  mkdirSync(oldMigrations);
  const current = fileURLToPath(adminService.migrationsDir);
  for (const name of ['001_identity.sql', '002_audit_log.sql'])
    copyFileSync(join(current, name), join(oldMigrations, name));

  const db = await createTestDatabase('admin_chain');
  // PGlite in memory does not outlive its instance; a folder stands in for the upgraded install
  const database =
    db.config.kind === 'pglite' ? { kind: 'pglite' as const, dataDir: join(dir, 'db') } : db.config;
  const tenants = [randomUUID(), randomUUID()];
  try {
    const before = await startTestService(
      { ...adminService, migrationsDir: pathToFileURL(`${oldMigrations}/`), seed: undefined, jobs: [] },
      { database, schema: db.schema },
    );
    for (let i = 0; i < 6; i++) {
      const tenantId = tenants[i % 2]!;
      await before.kit.db.systemTx((tx) =>
        tx.query(
          `INSERT INTO audit_log (tenant_id, event_id, source, occurred_at, action, target_type, additional_info)
           VALUES ($1, $2, 'bookings', now() - make_interval(mins => $3), 'booking_created', 'booking', $4)`,
          [tenantId, randomUUID(), 10 - i, `legacy ${i}`],
        ),
      );
    }
    await before.service.close();

    const after = await startTestService(adminService, { database, schema: db.schema });
    try {
      const report = await after.kit.db.systemTx((tx) => verifyChains(tx));
      assert.deepEqual(report.problems, []);
      assert.equal(report.checked, 6);
      const { rows } = await after.kit.db.systemTx((tx) =>
        tx.query<{ seq: number | string; additional_info: string }>(
          `SELECT seq, additional_info FROM audit_log WHERE tenant_id = $1 ORDER BY seq`,
          [tenants[0]],
        ),
      );
      assert.deepEqual(
        rows.map((r) => [Number(r.seq), r.additional_info]),
        [
          [1, 'legacy 0'],
          [2, 'legacy 2'],
          [3, 'legacy 4'],
        ],
        'oldest first',
      );
    } finally {
      await after.service.close();
    }
  } finally {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
