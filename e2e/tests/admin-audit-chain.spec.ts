import { test, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { signIn } from './helpers.ts';

const OWNER = 'owner@demo.local';

async function verify(page: Page) {
  await page.getByRole('button', { name: 'Verify integrity' }).click();
  const result = page.getByTestId('verify-result');
  await expect(result).toBeVisible();
  return result;
}

test('the chain verifier flags an audit row altered directly in the database', async ({ page }) => {
  test.skip(!process.env.E2E_DATABASE_URL, 'needs the PostgreSQL server');
  await signIn(page, OWNER);
  await page.goto('/Audit');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();

  await test.step('an untouched log verifies', async () => {
    const result = await verify(page);
    await expect(result.getByText('Intact')).toBeVisible();
    await expect(result).toContainText('None has been altered or removed.');
    await page.keyboard.press('Escape');
  });

  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  let restore: (() => Promise<void>) | null = null;
  try {
    const { rows } = await db.query<{ tenant_id: string; id: string; additional_info: string | null }>(
      `SELECT tenant_id, id, additional_info FROM admin.audit_log
        WHERE actor_email = $1 ORDER BY seq DESC LIMIT 1`,
      [OWNER],
    );
    const row = rows[0];
    expect(row, 'the owner has audit entries').toBeTruthy();
    if (!row) return;

    // What an attacker with database access would do: switch the append-only guard off, edit.
    const rewrite = async (info: string | null) => {
      await db.query('ALTER TABLE admin.audit_log DISABLE TRIGGER audit_log_no_update');
      try {
        await db.query(`UPDATE admin.audit_log SET additional_info = $3 WHERE tenant_id = $1 AND id = $2`, [
          row.tenant_id,
          row.id,
          info,
        ]);
      } finally {
        await db.query('ALTER TABLE admin.audit_log ENABLE TRIGGER audit_log_no_update');
      }
    };
    await rewrite('nothing happened here');
    restore = () => rewrite(row.additional_info);

    await test.step('the altered row is reported', async () => {
      const result = await verify(page);
      await expect(result.getByText('Tampering detected')).toBeVisible();
      await expect(result).toContainText(row.id);
      await page.keyboard.press('Escape');
    });
  } finally {
    // The database outlives this test within the run; leave the chain as it was.
    await restore?.();
    await db.end();
  }
});
