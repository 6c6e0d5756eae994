/** /api/customers: the directory with RFM, one customer's data, exports and anonymisation. */
import { phoneSearchTerms } from '@venue/contracts';
import { customerListQuery } from '@venue/contracts/bookings';
import {
  badRequest,
  notFound,
  parseQuery,
  requireAuth,
  withRead,
  withTx,
  requirePermission,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { tenantOf } from '../shared/request.ts';
import { venueToday } from '../shared/time.ts';
import { ANONYMISED_LABEL, anonymiseCustomer } from './anonymise.ts';
import { customerDetail, listCustomers } from './customer-directory.ts';
import { customerBookingsCsv, customerPdf, customerProfileCsv } from './customer-exports.ts';

// The list's query is the API contract's (its sorts are checked against the directory's by type).
const listQuery = customerListQuery;

export function customerRoutes(router: AppRouter, deps: Deps): void {
  const guard = [requireAuth, requirePermission('customers'), withTx] as const;
  /** The same for a route that only reads (decision 54). */
  const readGuard = [requireAuth, requirePermission('customers'), withRead] as const;
  const today = async (ctx: AppContext) =>
    venueToday(deps.now(), (await tenantSettings(ctx.state.tx, tenantOf(ctx))).timezone);

  /** `today` is read by the caller first (the venue's date, from bookings' copy of the settings). */
  async function one(ctx: AppContext, today: string) {
    const c = await customerDetail(ctx.state.tx, tenantOf(ctx), String(ctx.params.id), today);
    if (!c) throw notFound('Customer not found');
    return c;
  }

  router.get('/api/customers', ...readGuard, async (ctx) => {
    const q = parseQuery(ctx, listQuery);
    const search = q.search?.trim();
    const settings = await tenantSettings(ctx.state.tx, tenantOf(ctx));
    ctx.body = await listCustomers(ctx.state.tx, tenantOf(ctx), venueToday(deps.now(), settings.timezone), {
      ...q,
      search: search || undefined,
      // phones are stored in E.164: `0412 345` is looked for as `+61412345` too (decision 28)
      phoneSearch: search ? phoneSearchTerms(search, settings.country) : [],
    });
  });

  router.get('/api/customers/:id', ...guard, async (ctx) => {
    ctx.body = await one(ctx, await today(ctx));
  });

  router.get('/api/customers/:id/export.csv', ...guard, async (ctx) => {
    const c = await one(ctx, await today(ctx));
    const part = ctx.query.part === 'bookings' ? 'bookings' : 'profile';
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('content-disposition', `attachment; filename="customer_${c.id}_${part}.csv"`);
    ctx.body = part === 'bookings' ? customerBookingsCsv(c) : customerProfileCsv(c);
  });

  router.get('/api/customers/:id/export.pdf', ...guard, async (ctx) => {
    const c = await one(ctx, await today(ctx));
    const pdf = await customerPdf(c);
    ctx.type = 'application/pdf';
    ctx.set('content-disposition', `attachment; filename="customer_${c.id}.pdf"`);
    ctx.body = pdf;
  });

  router.post('/api/customers/:id/anonymise', ...guard, async (ctx) => {
    const day = await today(ctx);
    const tx = ctx.state.tx;
    // locked: of two anonymise requests at once, the second sees the first one's mark
    const c = await db(tx)
      .selectFrom('customers')
      .select(['id', 'anonymised_at'])
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', ctx.params.id!)
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
    ctx.body = await one(ctx, day);
  });
}
