/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { futureDate, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();

/** Migration 011's statements, run again over rows written the old way (it is idempotent). */
async function runPhoneMigration() {
  const text = await readFile(new URL('../../migrations/011_phones_e164.sql', import.meta.url), 'utf8');
  const statements = text
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n')
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  await h.t.kit.db.systemTx(async (tx) => {
    for (const sql of statements) await tx.query(sql);
  });
}

describe('phones stored before decision 28 (migration 011)', () => {
  useHarness(h);
  it('are rewritten in E.164 where certain and left as they were otherwise; search finds either', async () => {
    const made: Array<[string, string, string]> = [
      // [stored the old way, e-mail, after the migration]
      ['+61 412 345 678', 'old-intl@example.com', '+61412345678'],
      ['(02) 9876-5432', 'old-national@example.com', '+61298765432'],
      ['61 3 9000 1234', 'old-no-plus@example.com', '+61390001234'],
      ['1234567890123456', 'old-unreadable@example.com', '1234567890123456'],
    ];
    const ids: string[] = [];
    for (const [i, [, customerEmail]] of made.entries()) {
      const res = await h.create({ customerEmail, bookingDate: futureDate(300 + i) });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      ids.push(res.body.booking.id);
    }
    await h.t.kit.db.systemTx(async (tx) => {
      for (const [i, [old, email]] of made.entries()) {
        await tx.query(`UPDATE bookings SET customer_phone = $2 WHERE id = $1`, [ids[i], old]);
        await tx.query(`UPDATE customers SET phone = $2 WHERE email = $1`, [email, old]);
      }
    });

    await runPhoneMigration();

    for (const [i, [, email, expected]] of made.entries()) {
      const read = await h.call('GET', `/api/bookings/${ids[i]}`, h.tokens.owner);
      assert.equal(read.body.customerPhone, expected, email);
      const found = await h.call('GET', `/api/customers?search=${encodeURIComponent(email)}`, h.tokens.owner);
      assert.equal(found.body.items[0]?.phone, expected, email);
    }
    // A venue looks a customer up the way it writes numbers.
    const byNational = await h.call(
      'GET',
      `/api/customers?search=${encodeURIComponent('(02) 9876')}`,
      h.tokens.owner,
    );
    assert.deepEqual(
      byNational.body.items.map((c: any) => c.email),
      ['old-national@example.com'],
    );
  });
});
