/** One customer per tenant and lower-cased e-mail, kept current by every booking write. */
import { createHash } from 'node:crypto';
import type { Tx } from '@venue/service-kit';

export function customerBaseId(email: string): string {
  const alnum = email
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();
  return `CUST-${alnum || 'X'}`;
}

/** The customer of this e-mail (lower-cased), created or refreshed from the booking. */
export async function upsertCustomer(
  tx: Tx,
  tenantId: string,
  c: { name: string; email: string; phone: string; tier: string },
): Promise<string> {
  const key = c.email.trim().toLowerCase();
  const existing = await tx.query<{ id: string }>(
    `UPDATE customers SET name = $2, email = $3, phone = $4, tier = $5, updated_at = now()
      WHERE email_key = $1 RETURNING id`,
    [key, c.name, c.email.trim(), c.phone, c.tier],
  );
  if (existing.rows[0]) return existing.rows[0].id;
  let id = customerBaseId(key);
  const taken = await tx.query(`SELECT 1 FROM customers WHERE id = $1`, [id]);
  // Two addresses can share the first eight letters; a short hash of the e-mail tells them apart.
  if (taken.rowCount > 0)
    id = `${id}-${createHash('sha256').update(key).digest('hex').slice(0, 6).toUpperCase()}`;
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO customers (tenant_id, id, email_key, name, email, phone, tier) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (tenant_id, email_key) DO UPDATE SET name = EXCLUDED.name, phone = EXCLUDED.phone, updated_at = now()
     RETURNING id`,
    [tenantId, id, key, c.name, c.email.trim(), c.phone, c.tier],
  );
  return rows[0]!.id;
}
