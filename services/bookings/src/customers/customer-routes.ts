/** /api/customers: the directory with RFM, one customer's data, exports and anonymisation. */
import {
  badRequest,
  notFound,
  requireAuth,
  withTx,
  requirePermission,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { pageParams, tenantOf } from '../shared/request.ts';
import { venueToday } from '../shared/time.ts';
import { anonymiseCustomer } from './anonymise.ts';
import {
  customerBookings,
  detail,
  loadAll,
  SORTS,
  summary,
  topSegment,
  type CustomerRow,
} from './customer-directory.ts';
import { customerBookingsCsv, customerPdf, customerProfileCsv } from './customer-exports.ts';

export function customerRoutes(router: AppRouter, deps: Deps): void {
  const guard = [requireAuth, requirePermission('customers'), withTx] as const;
  const today = async (ctx: AppContext) =>
    venueToday(deps.now(), (await tenantSettings(ctx.state.tx, tenantOf(ctx))).timezone);

  /** `today` is read by the caller first (the venue's date, from bookings' copy of the settings). */
  async function one(ctx: AppContext, today: string) {
    const all = await loadAll(ctx.state.tx, today);
    const c = all.customers.find((x) => x.id === ctx.params.id);
    if (!c) throw notFound('Customer not found');
    return detail(c, all.rfmBy.get(c.id)!, await customerBookings(ctx.state.tx, c.id));
  }

  router.get('/api/customers', ...guard, async (ctx) => {
    const all = await loadAll(ctx.state.tx, await today(ctx));
    let items = all.customers.map((c) => summary(c, all.rfmBy.get(c.id)!));
    const stats = {
      total: items.length,
      vip: items.filter((i) => i.tags.includes('VIP')).length,
      atRisk: items.filter((i) => i.segment === 'At-Risk').length,
      topSegment: topSegment(items.map((i) => i.segment)),
    };
    const search = String(ctx.query.search ?? '')
      .trim()
      .toLowerCase();
    if (search)
      items = items.filter(
        (i) =>
          i.name.toLowerCase().includes(search) ||
          i.email.toLowerCase().includes(search) ||
          i.phone.includes(search) ||
          i.id.toLowerCase().includes(search),
      );
    if (typeof ctx.query.segment === 'string' && ctx.query.segment)
      items = items.filter((i) => i.segment === ctx.query.segment);
    if (typeof ctx.query.tag === 'string' && ctx.query.tag)
      items = items.filter((i) => i.tags.includes(String(ctx.query.tag)));
    const key = SORTS[String(ctx.query.sort ?? 'name')] ?? SORTS.name!;
    const dir = ctx.query.order === 'desc' ? -1 : 1;
    items.sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : a.id < b.id ? -1 : 1));
    const { page, limit, offset } = pageParams(ctx.query);
    ctx.body = { items: items.slice(offset, offset + limit), total: items.length, page, limit, stats };
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
    const found = await tx.query<CustomerRow>(`SELECT * FROM customers WHERE id = $1`, [ctx.params.id]);
    const c = found.rows[0];
    if (!c) throw notFound('Customer not found');
    if (c.anonymised_at) throw badRequest('This customer has already been anonymised.');
    await anonymiseCustomer(tx, tenantOf(ctx), c.id);
    await tx.audit(ctx, {
      action: 'customer_anonymised',
      targetType: 'customer',
      target: c.id,
      additionalInfo: 'Personal data replaced in the customer and all their bookings (irreversible).',
    });
    await tx.publish('customer.anonymised', { id: c.id });
    ctx.body = await one(ctx, day);
  });
}
