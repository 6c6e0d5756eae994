/** `customer.erasure_requested {email}` from admin: anonymise that customer in every tenant named. */
import type { Consumer } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { eventTenant } from '../shared/events.ts';
import { ANONYMISED_LABEL, anonymiseCustomer } from './anonymise.ts';

export const erasureRequested: Consumer<'customer.erasure_requested'> = async (event, tx) => {
  const email = event.data.email.trim().toLowerCase();
  const tenantId = eventTenant(event);
  if (!email) return;
  // The named tenant's customer, or (no tenant named: the system scope) every tenant's.
  const rows = await db(tx)
    .selectFrom('customers')
    .select(['id', 'tenant_id'])
    .where('email_key', '=', email)
    .$if(tenantId !== '', (qb) => qb.where((eb) => eb(eb.cast('tenant_id', 'text'), '=', tenantId)))
    .execute();
  for (const c of rows) {
    await anonymiseCustomer(tx, c.tenant_id, c.id);
    await tx.audit(null, {
      action: 'customer_anonymised',
      targetType: 'customer',
      target: c.id,
      targetLabel: ANONYMISED_LABEL,
      additionalInfo: 'Erasure request',
      actor: { id: null, email: 'system', role: 'system' },
      tenantId: c.tenant_id,
    });
  }
};
