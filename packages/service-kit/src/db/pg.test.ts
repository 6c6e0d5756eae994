import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Socket } from 'node:net';
import { pgDriver } from './pg.ts';
import { Trailing, type Driver } from './driver.ts';

const url = process.env.TEST_DATABASE_URL;
const serverOnly = !url && 'needs the PostgreSQL server (TEST_DATABASE_URL)';

/**
 * Counts what leaves for the server while `fn` runs: each `_write`/`_writev` of a socket to the
 * server's port is one system call's worth, which is what the batcher saves (issue 14's profile).
 * Other sockets (the test runner's own pipe) are not counted.
 */
async function countWrites<T>(fn: () => Promise<T>): Promise<{ value: T; writes: number }> {
  const port = Number(new URL(url!).port || 5432);
  const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
  const original = { _write: proto._write, _writev: proto._writev };
  let writes = 0;
  for (const name of ['_write', '_writev'] as const) {
    proto[name] = function (this: Socket, ...args: unknown[]) {
      if (this.remotePort === port) writes++;
      return original[name].apply(this, args);
    };
  }
  try {
    return { value: await fn(), writes };
  } finally {
    Object.assign(proto, original);
  }
}

describe('statements on the PostgreSQL server', { skip: serverOnly }, () => {
  let driver: Driver;
  before(async () => {
    driver = pgDriver(url!, 'public', { max: 1 });
    await driver.query('SELECT 1'); // the connection's start-up is not what is counted
  });
  after(() => driver.close());

  it('sends statements asked for together in one write, with BEGIN, and each answer to its asker', async () => {
    const { value, writes } = await countWrites(() =>
      driver.transaction((s) =>
        Promise.all([1, 2, 3, 4, 5].map((n) => s.query<{ n: number }>('SELECT $1::int AS n', [n]))),
      ),
    );
    assert.deepEqual(
      value.map((r) => r.rows[0]!.n),
      [1, 2, 3, 4, 5],
    );
    // BEGIN and the five statements, then COMMIT.
    assert.equal(writes, 2);
  });

  it('still sends statements asked for one after another as they come', async () => {
    const { value, writes } = await countWrites(() =>
      driver.transaction(async (s) => {
        const out: number[] = [];
        for (const n of [1, 2, 3])
          out.push((await s.query<{ n: number }>('SELECT $1::int AS n', [n])).rows[0]!.n);
        return out;
      }),
    );
    assert.deepEqual(value, [1, 2, 3]);
    // BEGIN with the first, the second, the third, COMMIT.
    assert.equal(writes, 4);
  });

  it('sends COMMIT in the write of a last statement left trailing, and answers once both did', async () => {
    const { value, writes } = await countWrites(() =>
      driver.transaction(async (s) => {
        const first = await s.query<{ n: number }>('SELECT $1::int AS n', [1]);
        return new Trailing(first.rows[0]!.n, s.query('SELECT $1::int AS n', [2]));
      }),
    );
    assert.equal(value, 1);
    // BEGIN with the first statement, then the last with COMMIT.
    assert.equal(writes, 2);
  });

  it('sends a transaction of one trailing statement, BEGIN to COMMIT, in one write', async () => {
    let last: Promise<{ rows: { n: number }[] }> | undefined;
    const { writes } = await countWrites(() =>
      driver.transaction(async (s) => {
        last = s.query<{ n: number }>('SELECT $1::int AS n', [7]);
        return new Trailing(undefined, last);
      }),
    );
    assert.equal((await last!).rows[0]!.n, 7);
    assert.equal(writes, 1);
  });

  it('rolls back, and fails, when the trailing statement fails', async () => {
    await assert.rejects(
      driver.transaction(async (s) => {
        await s.query('CREATE TABLE pg_trailing_probe (n int)');
        return new Trailing('never', s.query('SELECT 1 / $1::int', [0]));
      }),
      /division by zero/,
    );
    const { rows } = await driver.query<{ t: string | null }>(
      "SELECT to_regclass('pg_trailing_probe')::text AS t",
    );
    assert.equal(rows[0]!.t, null, 'the table made before it is gone');
    const again = await driver.transaction((s) => s.query<{ ok: number }>('SELECT 1 AS ok'));
    assert.equal(again.rows[0]!.ok, 1, 'the connection is usable afterwards');
  });

  it('rolls back the whole transaction when one of the statements sent together fails', async () => {
    await assert.rejects(
      driver.transaction((s) =>
        Promise.all([
          s.query('CREATE TABLE pg_batch_probe (n int)'),
          s.query('SELECT 1 / 0'),
          s.query('SELECT 2'),
        ]),
      ),
      /division by zero/,
    );
    const { rows } = await driver.query<{ t: string | null }>(
      "SELECT to_regclass('pg_batch_probe')::text AS t",
    );
    assert.equal(rows[0]!.t, null);
    // The connection is usable afterwards.
    const again = await driver.transaction((s) => s.query<{ ok: number }>('SELECT 1 AS ok'));
    assert.equal(again.rows[0]!.ok, 1);
  });

  it('prepares a statement with parameters once per connection and reuses it, also after a failed run', async () => {
    const probe = 'SELECT $1::int + 1 AS n /* prepared-probe */';
    const preparedProbes = async () =>
      (
        await driver.transaction((s) =>
          s.query<{ n: string }>(
            "SELECT count(*)::text AS n FROM pg_prepared_statements WHERE statement LIKE '%prepared-probe%' AND statement NOT LIKE '%pg_prepared_statements%'",
          ),
        )
      ).rows[0]!.n;
    assert.equal(await preparedProbes(), '0');
    for (const n of [1, 2, 3]) {
      const { rows } = await driver.transaction((s) => s.query<{ n: number }>(probe, [n]));
      assert.equal(rows[0]!.n, n + 1);
    }
    // One connection (max 1): three runs, one prepared statement on the server.
    assert.equal(await preparedProbes(), '1');
    // A run that fails in execution leaves the statement usable; the next run answers.
    await assert.rejects(
      driver.transaction((s) => s.query(probe, ['x'])),
      /invalid input syntax/,
    );
    const { rows } = await driver.transaction((s) => s.query<{ n: number }>(probe, [41]));
    assert.equal(rows[0]!.n, 42);
    assert.equal(await preparedProbes(), '1');
  });
});
