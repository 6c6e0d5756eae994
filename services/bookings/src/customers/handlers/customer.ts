import { phoneSearchTerms } from '@venue/contracts';
import { badRequest, notFound, operation, type AppContext, type Tx } from '@venue/service-kit';
import { db } from '../../db/query.ts';
import type { Deps } from '../../deps.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { tenantOf } from '../../shared/request.ts';
import { venueToday } from '../../shared/time.ts';
import { ANONYMISED_LABEL, anonymiseCustomer } from '../anonymise.ts';
import { customerDetail, listCustomers } from '../customer-directory.ts';

/** The venue's date, from bookings' copy of the settings. */
export const today = async (ctx: AppContext, tx: Tx, deps: Deps) =>
  venueToday(deps.now(), (await tenantSettings(tx, tenantOf(ctx))).timezone);

/** One customer of the caller's venue, or the 404; `today` is read by the caller first. */
export async function oneCustomer(ctx: AppContext, tx: Tx, id: string, today: string) {
  const c = await customerDetail(tx, tenantOf(ctx), id, today);
  if (!c) throw notFound('Customer not found');
  return c;
}

/** The directory with RFM scores; the list's query is the API contract's. */
export const listCustomerDirectory = (deps: Deps) =>
  operation('get /api/customers', { transaction: 'read' }, async ({ ctx, tx, query }) => {
    const search = query.search?.trim();
    const settings = await tenantSettings(tx, tenantOf(ctx));
    return listCustomers(tx, tenantOf(ctx), venueToday(deps.now(), settings.timezone), {
      ...query,
      search: search || undefined,
      // phones are stored in E.164: `0412 345` is looked for as `+61412345` too (decision 28)
      phoneSearch: search ? phoneSearchTerms(search, settings.country) : [],
    });
  });

/** One customer's figures and bookings. */
export const getCustomer = (deps: Deps) =>
  operation('get /api/customers/{id}', async ({ ctx, tx, params }) =>
    oneCustomer(ctx, tx, params.id, await today(ctx, tx, deps)),
  );

/** Erase a customer's personal data (the bookings stay, anonymised). */
export const anonymise = (deps: Deps) =>
  operation('post /api/customers/{id}/anonymise', async ({ ctx, tx, params }) => {
    const day = await today(ctx, tx, deps);
    // locked: of two anonymise requests at once, the second sees the first one's mark
    const c = await db(tx)
      .selectFrom('customers')
      .select(['id', 'anonymised_at'])
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', params.id)
      .forUpdate()
      .executeTakeFirst();
    if (!c) throw notFound('Customer not found');
    if (c.anonymised_at) throw badRequest('This customer has already been anonymised.');
    await anonymiseCustomer(tx, tenantOf(ctx), c.id);
    await tx.audit(ctx, {
      action: 'customer_anonymised',
      targetType: 'customer',
      target: c.id,
      // never the name: the point of the entry is that it is gone
      targetLabel: ANONYMISED_LABEL,
      additionalInfo: 'Personal data replaced in the customer and all their bookings (irreversible).',
    });
    await tx.publish('customer.anonymised', { id: c.id });
    return oneCustomer(ctx, tx, params.id, day);
  });
