import { inRequestTx, operation, type AppContext, type AppMiddleware } from '@venue/service-kit';
import type { CommsDeps } from '../../deps.ts';
import { tenantOf } from '../../shared/request.ts';
import { readMultipart, type Attachment } from '../attachments.ts';
import { fetchInvoiceDocument } from '../invoice-attachment.ts';
import { queueSend, type AskedInvoice, type AskedMoney } from '../queue-send.ts';

const uploaded = new WeakMap<AppContext, Attachment[]>();

/**
 * JSON, or multipart with the JSON in the part `payload` and the files in `attachments`: the form
 * is read here (after the guard: an anonymous client cannot make the service buffer anything),
 * its payload becoming the body the table's schema parses and its files kept for the handler.
 */
const multipartPayload: AppMiddleware = async (ctx, next) => {
  if (ctx.is('multipart/form-data')) {
    const form = await readMultipart(ctx);
    ctx.request.body = form.payload;
    uploaded.set(ctx, form.attachments);
  }
  await next();
};

export const postSendEmail = (deps: CommsDeps) =>
  operation(
    'post /api/email-comms/send',
    { before: [multipartPayload], transaction: 'none' },
    async ({ ctx, body: p }) => {
      const tenantId = tenantOf(ctx);
      const asked: AskedMoney | null =
        p.purpose === 'payment_link' && p.bookingId
          ? await deps.fetchPayLink(tenantId, p.bookingId).then(
              (answer) => ({ answer }),
              (error: unknown) => ({ error }),
            )
          : null;
      // Share by e-mail: the invoice's PDF, asked for before the transaction too.
      const invoice: AskedInvoice | null = p.invoiceId
        ? await fetchInvoiceDocument(tenantId, p.invoiceId).then(
            (answer) => ({ answer }),
            (error: unknown) => ({ error }),
          )
        : null;
      const attachments = uploaded.get(ctx) ?? [];
      await inRequestTx(ctx, (tx) => queueSend(ctx, tx, deps, p, attachments, asked, invoice));
    },
  );
