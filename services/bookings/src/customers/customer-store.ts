/** One customer per tenant and lower-cased e-mail, kept current by every booking write. */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Tx } from '@venue/service-kit';
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

/**
 * A value with its type, for an INSERT … SELECT, whose bare parameters have no column to take a
 * type from (sql: the builder has no cast of a bound value).
 */
const typed = (value: string, type: 'uuid' | 'text' = 'text') => sql<string>`${value}::${sql.raw(type)}`;

/** The customer of this e-mail (lower-cased), created or refreshed from the booking. */
export async function upsertCustomer(
  tx: Tx,
  tenantId: string,
  c: { name: string; email: string; phone: string; tier: string },
): Promise<string> {
  const key = c.email.trim().toLowerCase();
  const fields = { name: c.name, email: c.email.trim(), phone: c.phone, tier: c.tier };
  const refresh = async () => {
    const row = await db(tx)
      .updateTable('customers')
      .set({ ...fields, updated_at: NOW })
      .where('tenant_id', '=', tenantId)
      .where('email_key', '=', key)
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  };
  const [readable = customerBaseId(key), ...others] = customerIdCandidates(key);
  // One statement for a returning customer (refreshed) and for a new one whose readable id is
  // free (added): one round trip, where asking and then inserting made two for every new
  // customer (issue 27 item 1; a booking page's requests are mostly new customers). The INSERT
  // runs only when the UPDATE found no one, on the same snapshot.
  const first = await db(tx)
    .with('refreshed', (qb) =>
      qb
        .updateTable('customers')
        .set({ ...fields, updated_at: NOW })
        .where('tenant_id', '=', tenantId)
        .where('email_key', '=', key)
        .returning('id'),
    )
    .with('added', (qb) =>
      qb
        .insertInto('customers')
        .columns(['tenant_id', 'id', 'email_key', 'name', 'email', 'phone', 'tier'])
        .expression(
          qb
            .selectNoFrom([
              typed(tenantId, 'uuid').as('tenant_id'),
              typed(readable).as('id'),
              typed(key).as('email_key'),
              typed(fields.name).as('name'),
              typed(fields.email).as('email'),
              typed(fields.phone).as('phone'),
              typed(fields.tier).as('tier'),
            ])
            .where(({ not, exists, selectFrom }) => not(exists(selectFrom('refreshed').select('id')))),
        )
        .onConflict((oc) => oc.doNothing())
        .returning('id'),
    )
    .selectFrom('refreshed')
    .select('id')
    .unionAll((eb) => eb.selectFrom('added').select('id'))
    .executeTakeFirst();
  if (first) return first.id;
  // Nothing refreshed or added: a concurrent booking is creating this e-mail's customer (the
  // INSERT waited for it to commit), or another e-mail holds the readable id. Checking an id and
  // then inserting it let two new customers whose e-mails share their first letters take the
  // same id at once (a 500 on customers_pkey); instead each candidate is inserted outright and
  // skipped on any conflict, which waits for a racing insert to commit.
  const created = await refresh();
  if (created) return created;
  for (const id of others) {
    const inserted = await db(tx)
      .insertInto('customers')
      .values({ tenant_id: tenantId, id, email_key: key, ...fields })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    // Nothing inserted: either a concurrent booking just created this e-mail's customer (visible
    // to this next statement once it committed), or another e-mail holds the id: try the next.
    const again = await refresh();
    if (again) return again;
  }
  throw new Error(`No free customer id for ${customerBaseId(key)}`);
}
