/** `customer.erasure_requested {email}` from admin: anonymise that customer in every tenant named. */
import type { Consumer } from '@venue/service-kit';
import { eventTenant } from '../shared/events.ts';
import { ANONYMISED_LABEL, anonymiseCustomer } from './anonymise.ts';

export const erasureRequested: Consumer<'customer.erasure_requested'> = async (event, tx) => {
  const email = event.data.email.trim().toLowerCase();
  const tenantId = eventTenant(event);
  if (!email) return;
  const { rows } = await tx.query<{ id: string; tenant_id: string }>(
    `SELECT id, tenant_id FROM customers WHERE email_key = $1 AND ($2 = '' OR tenant_id::text = $2)`,
    [email, tenantId],
  );
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
