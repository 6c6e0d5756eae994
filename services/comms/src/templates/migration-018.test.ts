/**
 * Migration 018 (issue 26 item 3): venues comms met before SMS get the two SMS templates (Event
 * reminder and Payment reminder, type sms) in the words a new venue starts with
 * (templates/defaults.ts), after their other templates; a venue's own of the kind stays; their
 * reminders stay e-mail (no channels chosen). A database migrated up to 017, then the release.
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startBeforeMigration } from '@venue/service-kit/testing';
import { createCommsService, defaultDeps } from '../app.ts';
import { OTHER, OWNER } from '../testing/harness.ts';
import { DEFAULT_TEMPLATES } from './defaults.ts';

describe('migration 018: the SMS templates for venues met before SMS', () => {
  it('adds them in the default words as sms templates; a template of the kind already there stays', async () => {
    const service = { ...createCommsService(defaultDeps()), subscriptions: {} };
    const { old, release, drop } = await startBeforeMigration(service, '018');
    try {
      for (const tenant of [OWNER, OTHER])
        await old.kit.db.tenantTx(tenant, (tx) =>
          tx.query(
            `INSERT INTO comms_settings (tenant_id, automatic, reminder_days_before, send_hour)
             VALUES ($1, '{}'::jsonb, 2, 9)`,
            [tenant],
          ),
        );
      await old.kit.db.tenantTx(OTHER, (tx) =>
        tx.query(
          `INSERT INTO email_templates (tenant_id, name, type, subject, body, kind)
           VALUES ($1, 'Our SMS', 'sms', 'SMS', 'See you {{bookingDate}}', 'sms_event_reminder')`,
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
            tx.query<{ kind: string; type: string; name: string; subject: string; body: string }>(
              `SELECT kind, type, name, subject, body FROM email_templates WHERE tenant_id = $1 ORDER BY created_at, name`,
              [tenant],
            ),
          )
        ).rows;
      const owner = await templates(OWNER);
      for (const kind of ['sms_event_reminder', 'sms_payment_reminder']) {
        const want = DEFAULT_TEMPLATES.find((d) => d.kind === kind)!;
        const got = owner.find((r) => r.kind === kind)!;
        assert.deepEqual(
          { type: got.type, name: got.name, subject: got.subject, body: got.body },
          { type: 'sms', name: want.name, subject: want.subject, body: want.body },
          'the migration’s words are the defaults’',
        );
      }
      const other = await templates(OTHER);
      assert.deepEqual(
        other.filter((r) => r.kind === 'sms_event_reminder').map((r) => r.body),
        ['See you {{bookingDate}}'],
        'the venue’s own stays, alone',
      );
      const channels = await t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query<{ channels: Record<string, string> }>(
          `SELECT channels FROM comms_settings WHERE tenant_id = $1`,
          [OWNER],
        ),
      );
      assert.deepEqual(channels.rows[0]!.channels, {}, 'reminders stay e-mail');
    } finally {
      await t.close();
      await drop();
    }
  });
});
