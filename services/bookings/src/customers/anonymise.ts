/** Irreversible anonymisation of a customer and everything that carries their personal data. */
import { createHash } from 'node:crypto';
import type { Tx } from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';

/** The audit log's label of an anonymised customer: never the name it no longer has. */
export const ANONYMISED_LABEL = 'Customer (anonymised)';

export async function anonymiseCustomer(tx: Tx, tenantId: string, customerId: string): Promise<boolean> {
  const hash = createHash('sha256')
    .update(`${customerId}:${Date.now()}:${Math.random()}`)
    .digest('hex')
    .slice(0, 12);
  const email = `anonymised-${hash}@invalid`;
  const customer = await db(tx)
    .updateTable('customers')
    .set({
      name: 'Anonymous',
      email,
      email_key: email,
      phone: '',
      notes: '',
      anonymised_at: NOW,
      updated_at: NOW,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (customer.numUpdatedRows === 0n) return false;
  await db(tx)
    .updateTable('bookings')
    .set({
      customer_name: 'Anonymous',
      customer_email: email,
      customer_phone: '',
      notes: '',
      additional_description: '',
      change_request: null,
      updated_at: NOW,
    })
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .execute();
  return true;
}
