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
  const before = await db(tx)
    .selectFrom('customers')
    .select('email_key')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .executeTakeFirst();
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
      // what a request from the booking page kept (issue 25): the answers and the address it came from
      online_answers: null,
      client_address: null,
      updated_at: NOW,
    })
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .execute();
  // The ID and insurance documents they uploaded go altogether, as do requests still waiting
  // for their e-mail and the venue's note that the address was verified.
  await db(tx)
    .deleteFrom('booking_documents')
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb(
        'booking_id',
        'in',
        eb
          .selectFrom('bookings')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('customer_id', '=', customerId),
      ),
    )
    .execute();
  if (before) {
    await db(tx)
      .deleteFrom('online_requests')
      .where('tenant_id', '=', tenantId)
      .where('email', '=', before.email_key)
      .execute();
    await db(tx)
      .deleteFrom('verified_emails')
      .where('tenant_id', '=', tenantId)
      .where('email', '=', before.email_key)
      .execute();
  }
  return true;
}
