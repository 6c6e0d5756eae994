/** One customer per tenant and lower-cased e-mail, kept current by every booking write. */
import { createHash, randomBytes } from 'node:crypto';
import type { Tx } from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';

export function customerBaseId(email: string): string {
  const alnum = email
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();
  return `CUST-${alnum || 'X'}`;
}

/**
 * The ids a new customer may take, in order: the readable CUST-<first eight letters>, then that
 * with ever longer slices of the e-mail's hash (two addresses can share the first eight letters),
 * and a random suffix as the last resort.
 */
export function customerIdCandidates(emailKey: string): string[] {
  const base = customerBaseId(emailKey);
  const hash = createHash('sha256').update(emailKey).digest('hex').toUpperCase();
  return [
    base,
    `${base}-${hash.slice(0, 6)}`,
    `${base}-${hash.slice(0, 12)}`,
    `${base}-${hash}`,
    `${base}-${randomBytes(12).toString('hex').toUpperCase()}`,
  ];
}

/** The customer of this e-mail (lower-cased), created or refreshed from the booking. */
export async function upsertCustomer(
  tx: Tx,
  tenantId: string,
  c: { name: string; email: string; phone: string; tier: string },
): Promise<string> {
  const key = c.email.trim().toLowerCase();
  const refresh = async () => {
    const row = await db(tx)
      .updateTable('customers')
      .set({ name: c.name, email: c.email.trim(), phone: c.phone, tier: c.tier, updated_at: NOW })
      .where('tenant_id', '=', tenantId)
      .where('email_key', '=', key)
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  };
  const existing = await refresh();
  if (existing) return existing;
  // Checking an id and then inserting it let two new customers whose e-mails share their first
  // letters take the same id at once (a 500 on customers_pkey). Instead each candidate is
  // inserted outright and skipped on any conflict, which waits for a racing insert to commit.
  for (const id of customerIdCandidates(key)) {
    const inserted = await db(tx)
      .insertInto('customers')
      .values({
        tenant_id: tenantId,
        id,
        email_key: key,
        name: c.name,
        email: c.email.trim(),
        phone: c.phone,
        tier: c.tier,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    // Nothing inserted: either a concurrent booking just created this e-mail's customer (visible
    // to this next statement once it committed), or another e-mail holds the id: try the next.
    const created = await refresh();
    if (created) return created;
  }
  throw new Error(`No free customer id for ${customerBaseId(key)}`);
}
