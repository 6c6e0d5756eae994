import { randomUUID } from 'node:crypto';
import type { ServiceKit } from '@venue/service-kit';
import { DEFAULT_USER_SETTINGS } from '@venue/contracts';
import { hashPassword } from './auth/passwords.ts';

/** Shared by every demo account; printed in the README, never used outside demo data. */
export const DEMO_PASSWORD = 'demo-pass-2026';

export const DEMO_EMAILS = {
  superAdmin: 'admin@demo.local',
  owner: 'owner@demo.local',
  owner2: 'owner2@demo.local',
  staff: 'staff@demo.local',
} as const;

/**
 * Demo accounts for a fresh install: a super admin, two hall owners (two tenants, so
 * isolation is visible) and one sub-user of the first owner. Only into an empty users table,
 * and never when SEED_DEMO=false.
 */
export async function seedDemo(kit: ServiceKit): Promise<void> {
  if (process.env.SEED_DEMO === 'false') return;
  await kit.db.systemTx(async (tx) => {
    const { rows } = await tx.query<{ n: number | string }>(`SELECT count(*) AS n FROM users`);
    if (Number(rows[0]?.n ?? 0) > 0) return;

    const adminId = randomUUID();
    const ownerId = randomUUID();
    const owner2Id = randomUUID();
    const staffId = randomUUID();
    const insert = `INSERT INTO users (id, tenant_id, email, password_hash, role, name, hall_name, contact_number,
        address_line1, address_line2, postcode, state, parent_user_id, permissions)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`;

    await tx.query(insert, [
      adminId,
      adminId,
      DEMO_EMAILS.superAdmin,
      await hashPassword(DEMO_PASSWORD),
      'super_admin',
      'Platform Admin',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      [],
    ]);
    await tx.query(insert, [
      ownerId,
      ownerId,
      DEMO_EMAILS.owner,
      await hashPassword(DEMO_PASSWORD),
      'hall_owner',
      'Olivia Harbour',
      'Harbourside Hall',
      '02 9555 0142',
      '12 Wharf Road',
      'Level 1',
      '2000',
      'NSW',
      null,
      [],
    ]);
    await tx.query(insert, [
      owner2Id,
      owner2Id,
      DEMO_EMAILS.owner2,
      await hashPassword(DEMO_PASSWORD),
      'hall_owner',
      'Henry Hill',
      'Hilltop Community Centre',
      '02 6555 0199',
      '4 Ridge Street',
      null,
      '2580',
      'NSW',
      null,
      [],
    ]);
    await tx.query(insert, [
      staffId,
      ownerId,
      DEMO_EMAILS.staff,
      await hashPassword(DEMO_PASSWORD),
      'sub_user',
      'Sam Staff',
      null,
      null,
      null,
      null,
      null,
      null,
      ownerId,
      ['dashboard', 'calendar', 'bookings', 'customers'],
    ]);

    for (const tenantId of [ownerId, owner2Id]) {
      const s = DEFAULT_USER_SETTINGS;
      await tx.query(
        `INSERT INTO user_settings (tenant_id, timezone, date_format, time_format, currency, tax_type, tax_rate)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [tenantId, s.timezone, s.dateFormat, s.timeFormat, s.currency, s.taxType, s.taxRate],
      );
    }
    kit.log.info('seeded demo accounts (password in services/admin/src/seed.ts)');
  });
}
