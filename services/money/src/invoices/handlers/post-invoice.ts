import { badRequest, notFound, operation } from '@venue/service-kit';
import { findOrFetchBooking } from '../../copies/booking-copy.ts';
import { actorOf, tenantOf } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { toInvoice } from '../invoice-row.ts';
import { auditInvoiceCreated, issueInvoice } from '../operations.ts';
import { createInvoice } from '../create-invoice.ts';

/** A DEPOSIT or FINAL invoice from a booking: a draft, or issued at once with `issue`. */
export const postInvoice = operation('post /api/invoices', async ({ ctx, tx, body }) => {
  const tenantId = tenantOf(ctx);
  const settings = await moneySettings(tx, tenantId);
  const booking = await findOrFetchBooking(tx, tenantId, body.bookingId);
  if (!booking)
    throw notFound('Booking not found.', {
      errors: [{ path: 'bookingId', message: 'No such booking.' }],
    });
  if (body.dueDate && body.dueDate < '2000-01-01')
    throw badRequest('Due date is too far in the past.', {
      errors: [{ path: 'dueDate', message: 'Too far in the past.' }],
    });
  const draft = await createInvoice(
    tx,
    tenantId,
    booking,
    {
      invoiceType: body.invoiceType,
      amountCents: body.amountCents,
      description: body.description,
      dueDate: body.dueDate,
      notes: body.notes,
      customerAbn: body.customerAbn,
      createdBy: actorOf(ctx),
    },
    settings,
  );
  await auditInvoiceCreated(tx, ctx, tenantId, draft);
  // Issued at once is a person's Send (Completed → Invoice, Send invoices): always e-mailed.
  const row = body.issue
    ? await issueInvoice(tx, ctx, tenantId, draft, settings, actorOf(ctx) ?? 'unknown')
    : draft;
  ctx.status = 201;
  return toInvoice(row, today(settings));
});
