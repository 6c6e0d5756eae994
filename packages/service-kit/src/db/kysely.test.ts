import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kyselyOf, sql, type Generated } from './kysely.ts';
import { startTestService, testKeys, type TestService } from '../testing/index.ts';
import { OWNER_A, OWNER_B, widgetsApp } from '../test-fixtures/widgets-app.ts';

/** The fixture's tables as Kysely sees them. */
interface WidgetsDb {
  widgets: { tenant_id: string; id: Generated<string>; name: string; qty: Generated<number> };
}

describe('Kysely over a kit transaction', () => {
  let t: TestService;

  before(async () => {
    await testKeys();
    t = await startTestService(widgetsApp());
  });
  after(() => t.close());

  it('inserts, reads and updates through the transaction, typed', async () => {
    const id = await t.kit.db.tenantTx(OWNER_A, async (tx) => {
      const q = kyselyOf<WidgetsDb>(tx);
      const row = await q
        .insertInto('widgets')
        .values({ tenant_id: OWNER_A, name: 'Trestle tables', qty: 12 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const updated = await q
        .updateTable('widgets')
        .set({ qty: 14 })
        .where('tenant_id', '=', OWNER_A)
        .where('id', '=', row.id)
        .executeTakeFirst();
      assert.equal(updated.numUpdatedRows, 1n);
      return row.id;
    });
    const seen = await t.kit.db.tenantTx(OWNER_A, (tx) =>
      kyselyOf<WidgetsDb>(tx)
        .selectFrom('widgets')
        .select(['name', 'qty'])
        .where('id', '=', id)
        .executeTakeFirst(),
    );
    assert.deepEqual(seen, { name: 'Trestle tables', qty: 14 });
  });

  it('keeps row-level security: another tenant sees, changes and deletes nothing', async () => {
    const id = await t.kit.db.tenantTx(OWNER_A, async (tx) => {
      const row = await kyselyOf<WidgetsDb>(tx)
        .insertInto('widgets')
        .values({ tenant_id: OWNER_A, name: 'Urn', qty: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    await t.kit.db.tenantTx(OWNER_B, async (tx) => {
      const q = kyselyOf<WidgetsDb>(tx);
      assert.equal(
        await q.selectFrom('widgets').select('id').where('id', '=', id).executeTakeFirst(),
        undefined,
      );
      const deleted = await q.deleteFrom('widgets').where('id', '=', id).executeTakeFirst();
      assert.equal(deleted.numDeletedRows, 0n);
    });
    const still = await t.kit.db.tenantTx(OWNER_A, (tx) =>
      kyselyOf<WidgetsDb>(tx).selectFrom('widgets').select('name').where('id', '=', id).executeTakeFirst(),
    );
    assert.deepEqual(still, { name: 'Urn' });
  });

  it('rolls back with the kit transaction it ran in', async () => {
    await assert.rejects(
      t.kit.db.tenantTx(OWNER_A, async (tx) => {
        await kyselyOf<WidgetsDb>(tx)
          .insertInto('widgets')
          .values({ tenant_id: OWNER_A, name: 'Ghost' })
          .execute();
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    const ghosts = await t.kit.db.tenantTx(OWNER_A, (tx) =>
      kyselyOf<WidgetsDb>(tx).selectFrom('widgets').select('id').where('name', '=', 'Ghost').execute(),
    );
    assert.deepEqual(ghosts, []);
  });

  it('runs the sql tag in the same transaction and refuses to open one of its own', async () => {
    await t.kit.db.tenantTx(OWNER_A, async (tx) => {
      const q = kyselyOf<WidgetsDb>(tx);
      const { rows } = await sql<{
        tenant: string;
      }>`SELECT current_setting('app.tenant_id', true) AS tenant`.execute(q);
      assert.deepEqual(rows, [{ tenant: OWNER_A }]);
      await assert.rejects(
        q.transaction().execute(async () => undefined),
        /Transactions belong to the service kit/,
      );
    });
  });
});
