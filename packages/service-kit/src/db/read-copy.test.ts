import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kyselyOf, type Generated } from './kysely.ts';
import { keepNewest } from './read-copy.ts';
import type { QueryParams } from './types.ts';

interface CopyDb {
  copies: {
    tenant_id: string;
    id: string;
    name: string;
    qty: number | null;
    deleted?: boolean;
    updated_at: string;
    received_at: Generated<Date>;
  };
}

/** A transaction that records each statement and answers it as one row written. */
function recording() {
  const seen: { text: string; params: QueryParams }[] = [];
  const tx = {
    async query<T>(text: string, params: QueryParams = []) {
      seen.push({ text, params });
      return { rows: [] as T[], rowCount: 1 };
    },
  };
  return { seen, tx };
}

describe('keepNewest: a read copy keeps the newest version of each row', () => {
  it('updates every column of the row but the key from excluded, only when not older', async () => {
    const { seen, tx } = recording();
    const result = await keepNewest(
      kyselyOf<CopyDb>(tx),
      'copies',
      { tenant_id: 't', id: 'a', name: 'Urn', qty: null, updated_at: '2026-01-01T00:00:00Z' },
      { key: ['tenant_id', 'id'], version: 'updated_at', stamp: 'received_at' },
    );
    assert.equal(result.numInsertedOrUpdatedRows, 1n);
    assert.deepEqual(seen, [
      {
        text:
          'insert into "copies" ("tenant_id", "id", "name", "qty", "updated_at") values ($1, $2, $3, $4, $5) ' +
          'on conflict ("tenant_id", "id") do update set "name" = "excluded"."name", "qty" = "excluded"."qty", ' +
          '"updated_at" = "excluded"."updated_at", "received_at" = now() ' +
          'where "copies"."updated_at" <= "excluded"."updated_at"',
        params: ['t', 'a', 'Urn', null, '2026-01-01T00:00:00Z'],
      },
    ]);
  });

  it('stamps nothing without a stamp column', async () => {
    const { seen, tx } = recording();
    await keepNewest(
      kyselyOf<CopyDb>(tx),
      'copies',
      { tenant_id: 't', id: 'a', name: 'Urn', updated_at: '2026-01-01T00:00:00Z' },
      { key: ['tenant_id', 'id'], version: 'updated_at' },
    );
    assert.match(
      seen[0]!.text,
      /do update set "name" = "excluded"."name", "updated_at" = "excluded"."updated_at" where/,
    );
  });

  it('leaves a row marked final (deleted) as it is', async () => {
    const { seen, tx } = recording();
    await keepNewest(
      kyselyOf<CopyDb>(tx),
      'copies',
      { tenant_id: 't', id: 'a', name: 'Urn', deleted: true, updated_at: '2026-01-01T00:00:00Z' },
      { key: ['tenant_id', 'id'], version: 'updated_at', final: 'deleted' },
    );
    assert.match(
      seen[0]!.text,
      / where "copies"."updated_at" <= "excluded"."updated_at" and "copies"."deleted" = \$6$/,
    );
    assert.equal(seen[0]!.params[5], false);
  });
});
