/**
 * Migration 015 (issue 24 items 2 and 3): venues comms met before get the Adjustment note and
 * Refund templates, and a Quotation template still in its seeded words names the quotation's
 * number; one the venue rewrote stays its own. A database migrated up to 014, then the release.
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startBeforeMigration } from '@venue/service-kit/testing';
import { createCommsService, defaultDeps } from '../app.ts';
import { OTHER, OWNER } from '../testing/harness.ts';

/** The Quotation template as venues were seeded with it before issue 24. */
const OLD_SUBJECT = 'Your quotation for {{eventType}} at {{hallName}}';
const OLD_BODY =
  'Hi {{customerName}},\n\nThank you for your enquiry. Please find our quotation for {{eventType}} at {{hallName}} on {{bookingDate}} ({{startTime}}–{{endTime}}) attached.\n\nEstimated total: {{calculatedPrice}}\n\nReply to this e-mail to go ahead.\n\nKind regards,\n{{businessName}}';
const OWN_BODY = 'Dear {{customerName}}, our quote for {{eventType}} is attached. Cheers!';

describe('migration 015: templates of venues met before issue 24', () => {
  it('adds the Adjustment note and Refund templates; an untouched Quotation template names the number', async () => {
    const service = { ...createCommsService(defaultDeps()), subscriptions: {} };
    const { old, release, drop } = await startBeforeMigration(service, '015');
    try {
      for (const [tenant, body] of [
        [OWNER, OLD_BODY],
        [OTHER, OWN_BODY],
      ] as const)
        await old.kit.db.tenantTx(tenant, async (tx) => {
          await tx.query(
            `INSERT INTO comms_settings (tenant_id, automatic, reminder_days_before, send_hour)
             VALUES ($1, '{"invoice_issued": true}'::jsonb, 2, 9)`,
            [tenant],
          );
          await tx.query(
            `INSERT INTO email_templates (tenant_id, name, type, subject, body, kind)
             VALUES ($1, 'Quotation', 'email', $2, $3, 'quotation')`,
            [tenant, OLD_SUBJECT, body],
          );
        });
    } finally {
      await old.close();
    }
    const t = await release();
    try {
      const templates = async (tenant: string) =>
        (
          await t.kit.db.tenantTx(tenant, (tx) =>
            tx.query<{ kind: string; name: string; subject: string; body: string }>(
              `SELECT kind, name, subject, body FROM email_templates WHERE tenant_id = $1 ORDER BY created_at`,
              [tenant],
            ),
          )
        ).rows;
      const owner = await templates(OWNER);
      // (migration 016 adds the customer door's templates after these: migration-016.test.ts)
      assert.deepEqual(
        owner
          .filter((r) => ['quotation', 'credit_note', 'refund'].includes(r.kind))
          .map((r) => [r.kind, r.name]),
        [
          ['quotation', 'Quotation'],
          ['credit_note', 'Adjustment note'],
          ['refund', 'Refund'],
        ],
      );
      const quotation = owner.find((r) => r.kind === 'quotation')!;
      assert.equal(quotation.subject, 'Your quotation {{quotationNumber}} for {{eventType}} at {{hallName}}');
      assert.match(quotation.body, /our quotation \{\{quotationNumber\}\} for \{\{eventType\}\}/);
      assert.match(owner.find((r) => r.kind === 'refund')!.body, /We have refunded \{\{amountRefunded\}\}/);
      const other = await templates(OTHER);
      assert.equal(other.find((r) => r.kind === 'quotation')!.body, OWN_BODY, 'a venue’s own words stay');
      assert.equal(other.find((r) => r.kind === 'quotation')!.subject, OLD_SUBJECT);
      assert.ok(other.some((r) => r.kind === 'credit_note'));
    } finally {
      await t.close();
      await drop();
    }
  });
});
