/**
 * Migration 016 (issue 25): venues comms met before the customer's door get its five templates,
 * in the words a new venue starts with (templates/defaults.ts), after their own; a template of
 * those kinds a venue already has stays as it is. A database migrated up to 015, then the
 * release. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startBeforeMigration } from '@venue/service-kit/testing';
import { createCommsService, defaultDeps } from '../app.ts';
import { OTHER, OWNER } from '../testing/harness.ts';
import { DEFAULT_TEMPLATES } from './defaults.ts';

const DOOR_KINDS = [
  'request_verification',
  'portal_link',
  'request_received',
  'venue_new_request',
  'venue_customer_changes',
];

describe('migration 016: the customer door’s templates for venues met before it', () => {
  it('adds the five templates in the default words, after the venue’s own; a venue’s own of a kind stays', async () => {
    const service = { ...createCommsService(defaultDeps()), subscriptions: {} };
    const { old, release, drop } = await startBeforeMigration(service, '016');
    try {
      for (const tenant of [OWNER, OTHER])
        await old.kit.db.tenantTx(tenant, async (tx) => {
          await tx.query(
            `INSERT INTO comms_settings (tenant_id, automatic, reminder_days_before, send_hour)
             VALUES ($1, '{}'::jsonb, 2, 9)`,
            [tenant],
          );
          await tx.query(
            `INSERT INTO email_templates (tenant_id, name, type, subject, body, kind)
             VALUES ($1, 'Invoice', 'email', 'Invoice', 'Your invoice', 'invoice')`,
            [tenant],
          );
        });
      // A venue that wrote a portal link template of its own before (by the kind's name).
      await old.kit.db.tenantTx(OTHER, (tx) =>
        tx.query(
          `INSERT INTO email_templates (tenant_id, name, type, subject, body, kind)
           VALUES ($1, 'Our sign-in e-mail', 'email', 'Sign in', 'Tap {{portalLink}}', 'portal_link')`,
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
      // (migration 017 adds the bond's template after these: migration-017.test.ts)
      assert.deepEqual(
        owner.map((r) => r.kind).filter((k) => k !== 'bond_returned' && !k.startsWith('sms_')),
        ['invoice', ...DOOR_KINDS],
      );
      for (const kind of DOOR_KINDS) {
        const want = DEFAULT_TEMPLATES.find((d) => d.kind === kind)!;
        const got = owner.find((r) => r.kind === kind)!;
        assert.deepEqual(
          { name: got.name, subject: got.subject, body: got.body },
          { name: want.name, subject: want.subject, body: want.body },
          `${kind}: the migration's words are the defaults'`,
        );
      }
      const other = await templates(OTHER);
      assert.equal(other.filter((r) => r.kind === 'portal_link').length, 1);
      assert.equal(
        other.find((r) => r.kind === 'portal_link')!.body,
        'Tap {{portalLink}}',
        'the venue’s own stays',
      );
      assert.ok(other.some((r) => r.kind === 'venue_new_request'));
      // the outbox knows until when a message's link works
      const column = await t.kit.db.systemTx((tx) => tx.query(`SELECT link_expires_at FROM emails LIMIT 1`));
      assert.ok(column);
    } finally {
      await t.close();
      await drop();
    }
  });
});
