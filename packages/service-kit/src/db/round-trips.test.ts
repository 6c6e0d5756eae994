import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Driver, Session } from './driver.ts';
import { createDatabase, transactionSettings } from './database.ts';
import { scopeStatement, Trailing } from './driver.ts';

const TENANT = '0a000000-0000-4000-8000-0000000000a1';

/** A driver that records what a transaction sends, as the network would see it. */
function recordingDriver() {
  const sent: string[] = [];
  const session: Session = {
    query: async (sql) => {
      sent.push(sql);
      return { rows: [], rowCount: 0 };
    },
    exec: async () => {},
  };
  const driver = {
    kind: 'pg',
    query: session.query,
    transaction: async (fn: (s: Session) => Promise<unknown>, settings?: string) => {
      sent.push(settings ? `BEGIN; ${settings}` : 'BEGIN');
      const value = await fn(session);
      sent.push('COMMIT');
      return value;
    },
    session: (fn: (s: Session) => Promise<unknown>) => fn(session),
    withOwner: null,
    close: async () => {},
  } as unknown as Driver;
  return { driver, sent };
}

describe('a request transaction on the wire', () => {
  it('sends the tenant scope together with BEGIN: one round trip before the first query', async () => {
    const { driver, sent } = recordingDriver();
    const db = createDatabase(driver, 'bookings', { source: 'bookings' });
    await db.tenantTx(TENANT, (tx) => tx.query('SELECT 1'));
    assert.equal(sent.length, 3, sent.join(' | '));
    assert.match(sent[0]!, /^BEGIN; SELECT set_config\('search_path', '"bookings", public', true\)/);
    assert.match(sent[0]!, new RegExp(`set_config\\('app.tenant_id', '${TENANT}', true\\)`));
    assert.equal(sent[1], 'SELECT 1');
    assert.equal(sent[2], 'COMMIT');
  });

  it('a one-statement transaction leaves its statement trailing, for COMMIT to leave with it', async () => {
    const { driver, sent } = recordingDriver();
    const answers: unknown[] = [];
    const inner = driver.transaction.bind(driver);
    driver.transaction = ((fn, settings) =>
      inner(async (s) => {
        const answer = await fn(s);
        answers.push(answer);
        return answer;
      }, settings)) as Driver['transaction'];
    const db = createDatabase(driver, 'bookings', { source: 'bookings' });
    const result = await db.tenantStatement(TENANT, 'SELECT $1::int AS n', [1]);
    assert.deepEqual(result, { rows: [], rowCount: 0 }, "the statement's own answer");
    assert.ok(answers[0] instanceof Trailing, 'handed to the driver as the trailing statement');
    assert.equal(sent.length, 3, sent.join(' | '));
    assert.match(sent[0]!, new RegExp(`^BEGIN; .*set_config\\('app.tenant_id', '${TENANT}', true\\)`));
    assert.equal(sent[1], 'SELECT $1::int AS n');
    assert.equal(sent[2], 'COMMIT');
  });

  it('a read’s scope is one statement, for the session and read-only', () => {
    const sql = scopeStatement('bookings', TENANT, false);
    assert.match(sql, /^SELECT set_config\('search_path', '"bookings", public', false\)/);
    assert.match(sql, new RegExp(`set_config\\('app.tenant_id', '${TENANT}', false\\)`));
    assert.match(sql, /set_config\('app.scope', '', false\)/);
    assert.match(sql, /set_config\('default_transaction_read_only', 'on', false\)/);
    assert.throws(() => scopeStatement('bookings', "x', false); --", false), /uuid/);
  });

  it('a system transaction says so, with no tenant', () => {
    const sql = transactionSettings('admin', null);
    assert.match(sql, /set_config\('app.tenant_id', '', true\)/);
    assert.match(sql, /set_config\('app.scope', 'system', true\)/);
  });

  it('refuses a tenant id that is not a uuid, since the value is inlined', () => {
    assert.throws(() => transactionSettings('admin', "x', true); DROP TABLE users; --"), /uuid/);
  });
});
