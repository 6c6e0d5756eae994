/** Irreversible anonymisation of a customer and everything that carries their personal data. */
import { createHash } from 'node:crypto';
import type { Tx } from '@venue/service-kit';

/** The audit log's label of an anonymised customer: never the name it no longer has. */
export const ANONYMISED_LABEL = 'Customer (anonymised)';

export async function anonymiseCustomer(tx: Tx, tenantId: string, customerId: string): Promise<boolean> {
  const hash = createHash('sha256')
    .update(`${customerId}:${Date.now()}:${Math.random()}`)
    .digest('hex')
    .slice(0, 12);
  const email = `anonymised-${hash}@invalid`;
  const { rowCount } = await tx.query(
    `UPDATE customers SET name = 'Anonymous', email = $2, email_key = $2, phone = '', notes = '', anonymised_at = now(), updated_at = now() WHERE id = $1 AND tenant_id = $3`,
    [customerId, email, tenantId],
  );
  if (rowCount === 0) return false;
  await tx.query(
    `UPDATE bookings SET customer_name = 'Anonymous', customer_email = $2, customer_phone = '', notes = '', additional_description = '',
            change_request = NULL, updated_at = now() WHERE customer_id = $1 AND tenant_id = $3`,
    [customerId, email, tenantId],
  );
  return true;
}
