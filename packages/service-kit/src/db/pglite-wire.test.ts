import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PGlite } from '@electric-sql/pglite';
import { pgliteWire, type PgliteWire } from './pglite-wire.ts';

describe('statements to the embedded database (pglite-wire)', () => {
  let db: PGlite;
  let wire: PgliteWire;
  let calls = 0;

  before(async () => {
    db = await PGlite.create('memory://');
    await db.exec(`
      CREATE TABLE items (id uuid PRIMARY KEY, name text NOT NULL, tags text[], data jsonb,
        bytes bytea, at timestamptz, n bigint);
      CREATE SCHEMA app;
    `);
    const execProtocol = db.execProtocol.bind(db);
    db.execProtocol = (...args) => {
      calls++;
      return execProtocol(...args);
    };
    wire = pgliteWire(db);
  });
  after(() => db.close());

  const counted = async <T>(fn: () => Promise<T>) => {
    const from = calls;
    const value = await fn();
    return { value, calls: calls - from };
  };
  const preparedNamed = async () =>
    Number(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n,
    );

  it('sends a statement in one call, and a second run binds the statement parsed by the first', async () => {
    const sql = 'SELECT $1::int + 1 AS n';
    const before = await preparedNamed();
    const first = await counted(() => wire.query<{ n: number }>(sql, [1]));
    const second = await counted(() => wire.query<{ n: number }>(sql, [41]));
    assert.deepEqual([first.value.rows, second.value.rows], [[{ n: 2 }], [{ n: 42 }]]);
    assert.deepEqual([first.calls, second.calls], [1, 1]);
    assert.equal((await preparedNamed()) - before, 1);
  });

  it('writes parameters as node-postgres does: dates, bytes, JSON, arrays, null; counts rows changed', async () => {
    const id = '6f1c1a52-0000-4000-8000-000000000001';
    const at = new Date('2026-11-30T04:05:06.789Z');
    const insert = await wire.query(
      'INSERT INTO items (id, name, tags, data, bytes, at, n) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [
        id,
        'Hall',
        ['a', 'b,c'],
        JSON.stringify({ cents: 1050 }),
        new Uint8Array([0, 1, 255]),
        at,
        9007199254740993n,
      ],
    );
    assert.equal(insert.rowCount, 1);
    const { rows } = await wire.query<Record<string, unknown>>('SELECT * FROM items WHERE id = $1', [id]);
    assert.deepEqual(rows[0]!.tags, ['a', 'b,c']);
    assert.deepEqual(rows[0]!.data, { cents: 1050 });
    assert.deepEqual([...(rows[0]!.bytes as Uint8Array)], [0, 1, 255]);
    assert.equal((rows[0]!.at as Date).toISOString(), at.toISOString());
    assert.equal(String(rows[0]!.n), '9007199254740993');
    assert.equal((await wire.query('UPDATE items SET name = $1 WHERE id = $2', ['Hall 2', id])).rowCount, 1);
    assert.deepEqual(
      (await wire.query('SELECT name FROM items WHERE tags IS NULL AND $1::text IS NULL', [null])).rows,
      [],
    );
  });

  it('throws the engine’s error with its code, and the next statement of the same text still works', async () => {
    const sql = 'SELECT name FROM items WHERE id = $1';
    await assert.rejects(() => wire.query(sql, ['not-a-uuid']), { code: '22P02' });
    assert.deepEqual((await wire.query(sql, ['6f1c1a52-0000-4000-8000-000000000099'])).rows, []);
    await assert.rejects(() => wire.query('SELEC 1'), { code: '42601' });
    await assert.rejects(() => wire.query('SELEC 1'), { code: '42601' });
    await assert.rejects(() => wire.query('SELECT * FROM no_such_table'), { code: '42P01' });
  });

  it('keeps statements asked together in one transaction in order, BEGIN riding with the first', async () => {
    const { value, calls: used } = await counted(() =>
      wire.transaction('BEGIN', (s) =>
        Promise.all([1, 2, 3, 4].map((n) => s.query<{ n: number }>('SELECT $1::int * 10 AS n', [n]))),
      ),
    );
    assert.deepEqual(
      value.map((r) => r.rows[0]!.n),
      [10, 20, 30, 40],
    );
    assert.equal(used, 5, 'four statements (the first with BEGIN) and COMMIT');
    assert.equal((await counted(() => wire.transaction('BEGIN', async () => 'nothing asked'))).calls, 0);
  });

  it('runs a transaction’s settings before its first statement, and ends them with it', async () => {
    const scope = await wire.transaction(
      "BEGIN READ ONLY; SELECT set_config('app.tenant_id', 'tenant-a', true)",
      (s) =>
        s.query<{ scope: string; ro: string }>(
          "SELECT current_setting('app.tenant_id') AS scope, current_setting('transaction_read_only') AS ro",
        ),
    );
    assert.deepEqual(scope.rows, [{ scope: 'tenant-a', ro: 'on' }]);
    const after = await wire.query<{ scope: string | null }>(
      "SELECT current_setting('app.tenant_id', true) AS scope",
    );
    assert.ok(!after.rows[0]!.scope, 'the scope ended with its transaction');
  });

  it('rolls back when the function throws, and when a failed statement was caught inside', async () => {
    const id = '6f1c1a52-0000-4000-8000-000000000002';
    await assert.rejects(
      () =>
        wire.transaction('BEGIN', async (s) => {
          await s.query('INSERT INTO items (id, name) VALUES ($1, $2)', [id, 'Gone']);
          throw new Error('changed my mind');
        }),
      /changed my mind/,
    );
    await assert.rejects(
      () =>
        wire.transaction('BEGIN', async (s) => {
          await s.query('INSERT INTO items (id, name) VALUES ($1, $2)', [id, 'Gone too']);
          await s.query('INSERT INTO items (id, name) VALUES ($1, $2)', [id, 'Duplicate']).catch(() => {});
        }),
      /rolled back/,
    );
    assert.deepEqual((await wire.query('SELECT name FROM items WHERE id = $1', [id])).rows, []);
    assert.equal((await wire.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n, 1, 'usable afterwards');
  });

  it('runs one transaction at a time: a statement asked meanwhile waits for COMMIT', async () => {
    const id = '6f1c1a52-0000-4000-8000-000000000003';
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    const tx = wire.transaction('BEGIN', async (s) => {
      await s.query('INSERT INTO items (id, name) VALUES ($1, $2)', [id, 'Pending']);
      await held;
    });
    const seen = wire.query('SELECT name FROM items WHERE id = $1', [id]);
    setTimeout(release, 20);
    await tx;
    assert.deepEqual((await seen).rows, [{ name: 'Pending' }]);
  });

  it('runs a script of several statements', async () => {
    await wire.exec("SET application_name = 'wire'; SELECT 1");
    assert.deepEqual((await wire.query('SHOW application_name')).rows, [{ application_name: 'wire' }]);
  });
});
