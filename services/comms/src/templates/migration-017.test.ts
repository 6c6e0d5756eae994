/**
 * Migration 017 (issue 24 item 3): venues comms met before bonds were e-mailed get the "Bond
 * returned or kept" template, in the words a new venue starts with (templates/defaults.ts), after
 * their other templates; a template of the kind a venue already has stays as it is. A database
 * migrated up to 016, then the release. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startBeforeMigration } from '@venue/service-kit/testing';
import { createCommsService, defaultDeps } from '../app.ts';
import { OTHER, OWNER } from '../testing/harness.ts';
import { DEFAULT_TEMPLATES } from './defaults.ts';

describe('migration 017: the bond’s template for venues met before it', () => {
  it('adds it in the default words, after the venue’s others; a template of the kind already there stays', async () => {
    const service = { ...createCommsService(defaultDeps()), subscriptions: {} };
    const { old, release, drop } = await startBeforeMigration(service, '017');
    try {
      for (const tenant of [OWNER, OTHER])
        await old.kit.db.tenantTx(tenant, async (tx) => {
          await tx.query(
            `INSERT INTO comms_settings (tenant_id, automatic, reminder_days_before, send_hour)
             VALUES ($1, '{"credit_note_issued": false}'::jsonb, 2, 9)`,
            [tenant],
          );
          for (const kind of ['refund', 'portal_link'])
            await tx.query(
              `INSERT INTO email_templates (tenant_id, name, type, subject, body, kind)
               VALUES ($1, $2, 'email', 'S', 'B', $2)`,
              [tenant, kind],
            );
        });
      await old.kit.db.tenantTx(OTHER, (tx) =>
        tx.query(
          `INSERT INTO email_templates (tenant_id, name, type, subject, body, kind)
           VALUES ($1, 'Our bond words', 'email', 'Bond', 'Your bond: {{amountRefunded}}', 'bond_returned')`,
          [OTHER],
        ),
      );
    } finally {
      await old.close();
    }
    const t = await release();
    try {
      const templates = async (tenant: string) =>
        (
          await t.kit.db.tenantTx(tenant, (tx) =>
            tx.query<{ kind: string; name: string; subject: string; body: string }>(
              `SELECT kind, name, subject, body FROM email_templates WHERE tenant_id = $1 ORDER BY created_at, name`,
              [tenant],
            ),
          )
        ).rows;
      const owner = await templates(OWNER);
      // (the two made in one transaction share their created_at: by name between them)
      assert.deepEqual(
        // (migration 018's SMS templates come after: migration-018.test.ts)
        owner.map((r) => r.kind).filter((k) => !k.startsWith('sms_')),
        ['portal_link', 'refund', 'bond_returned'],
      );
      const want = DEFAULT_TEMPLATES.find((d) => d.kind === 'bond_returned')!;
      const got = owner.find((r) => r.kind === 'bond_returned')!;
      assert.deepEqual(
        { name: got.name, subject: got.subject, body: got.body },
        { name: want.name, subject: want.subject, body: want.body },
        'the migration’s words are the defaults’',
      );
      const other = await templates(OTHER);
      assert.deepEqual(
        other.filter((r) => r.kind === 'bond_returned').map((r) => r.body),
        ['Your bond: {{amountRefunded}}'],
        'the venue’s own stays, alone',
      );
      // a venue's switch is left as the venue set it
      const off = await t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query<{ automatic: Record<string, boolean> }>(
          `SELECT automatic FROM comms_settings WHERE tenant_id = $1`,
          [OWNER],
        ),
      );
      assert.equal(off.rows[0]!.automatic.credit_note_issued, false);
    } finally {
      await t.close();
      await drop();
    }
  });
});
