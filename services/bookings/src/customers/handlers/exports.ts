import { operation } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { customerBookingsCsv, customerPdf, customerProfileCsv } from '../customer-exports.ts';
import { oneCustomer, today } from './customer.ts';

/** One customer's profile or bookings as CSV. */
export const customerCsv = (deps: Deps) =>
  operation('get /api/customers/{id}/export.csv', async ({ ctx, tx, params, query }) => {
    const c = await oneCustomer(ctx, tx, params.id, await today(ctx, tx, deps));
    const part = query.part === 'bookings' ? 'bookings' : 'profile';
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('content-disposition', `attachment; filename="customer_${c.id}_${part}.csv"`);
    ctx.body = part === 'bookings' ? customerBookingsCsv(c) : customerProfileCsv(c);
  });

/** One customer's data as PDF. */
export const customerPdfExport = (deps: Deps) =>
  operation('get /api/customers/{id}/export.pdf', async ({ ctx, tx, params }) => {
    const c = await oneCustomer(ctx, tx, params.id, await today(ctx, tx, deps));
    const pdf = await customerPdf(c);
    ctx.type = 'application/pdf';
    ctx.set('content-disposition', `attachment; filename="customer_${c.id}.pdf"`);
    ctx.body = pdf;
  });
