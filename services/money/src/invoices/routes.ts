/**
 * Invoices & Payments (spec 03 §2.1, §7): list, create from a booking, detail, status moves,
 * payments, credit notes, reminders and the PDFs. Requests are parsed by the contract schemas
 * (400 naming the field); every change runs in the request's one transaction.
 */
import {
  creditNoteCreateSchema,
  invoiceCreateSchema,
  invoiceListQuerySchema,
  invoicePageQuerySchema,
  invoicePdfQuerySchema,
  invoiceSendSchema,
  invoiceStatusUpdateSchema,
  invoiceSummaryQuerySchema,
  LIST_ARRAY_CAP,
  MONEY_MESSAGES,
  paymentCreateSchema,
  REMINDER_STATUSES,
  sendRemindersSchema,
  type InvoiceDetail,
  type InvoiceStatus,
} from '@venue/contracts/money-api';
import {
  badRequest,
  conflict,
  notFound,
  parseBody,
  parseQuery,
  requireAuth,
  requireInternal,
  requirePermission,
  requireTenantParam,
  type AppContext,
  type AppRouter,
  withTx,
} from '@venue/service-kit';
import { findOrFetchBooking } from '../copies/booking-copy.ts';
import { invoicePdf } from '../pdf/documents.ts';
import { selectPayments, toPayment } from '../payments/payment-row.ts';
import { actorOf, assertOwnTenant, idempotencyKey, idParam, tenantOf } from '../shared/http.ts';
import { daysBetween, moneySettings, today } from '../shared/settings.ts';
import {
  balanceCents,
  invoiceEventData,
  loadInvoice,
  selectInvoices,
  toInvoice,
  type InvoiceRow,
} from './invoice-row.ts';
import { answerDocument } from '../shared/document-answer.ts';
import { creditNoteDocument } from './credit-note-document.ts';
import { createCreditNote, creditNoteData, selectCreditNotes } from './credit-notes.ts';
import { recordPayment } from './movements.ts';
import {
  audit,
  auditInvoiceCreated,
  createInvoice,
  currentSeller,
  issueInvoice,
  voidInvoice,
} from './operations.ts';
import { invoicePage, invoiceSummary } from './list-page.ts';

const guardNoTx = [requireAuth, requirePermission('invoices')] as const;
/** The guards, then the request's transaction (opened only once the caller may proceed). */
const guard = [...guardNoTx, withTx] as const;

async function detail(ctx: AppContext, row: InvoiceRow, day: string): Promise<InvoiceDetail> {
  const tx = ctx.state.tx!;
  const payments = await selectPayments(tx)
    .where('p.tenant_id', '=', row.tenant_id)
    .where('p.invoice_id', '=', row.id)
    .orderBy('p.processed_at')
    .orderBy('p.id')
    .execute();
  const notes = await selectCreditNotes(tx)
    .where('c.tenant_id', '=', row.tenant_id)
    .where('c.invoice_id', '=', row.id)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  return {
    ...toInvoice(row, day),
    payments: payments.map(toPayment),
    creditNotes: notes.map((c) => creditNoteData(c, row)),
  };
}

/** A file name safe in a Content-Disposition header. */
const fileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

export function invoiceRoutes(router: AppRouter) {
  router.get(
    '/api/invoices/hall-owner/:hallOwnerId',
    ...guardNoTx,
    requireTenantParam('hallOwnerId'),
    withTx,
    async (ctx) => {
      const q = parseQuery(ctx, invoiceListQuerySchema);
      const tenantId = String(ctx.params.hallOwnerId);
      const settings = await moneySettings(ctx.state.tx!, tenantId);
      let query = selectInvoices(ctx.state.tx!).where('i.tenant_id', '=', tenantId);
      if (q.status) query = query.where('i.status', '=', q.status);
      if (q.type) query = query.where('i.type', '=', q.type);
      if (q.bookingId) query = query.where('i.booking_id', '=', q.bookingId);
      // The spec's array, for other API clients: the newest LIST_ARRAY_CAP only (decision 52);
      // the screens page with GET /api/invoices.
      const rows = await query
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id')
        .limit(LIST_ARRAY_CAP)
        .execute();
      const day = today(settings);
      ctx.body = rows.map((r) => toInvoice(r, day));
    },
  );

  // One page of the screen's list, filtered and sorted by the database (decision 52).
  router.get('/api/invoices', ...guard, async (ctx) => {
    const q = parseQuery(ctx, invoicePageQuerySchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    ctx.body = await invoicePage(tx, tenantId, q, settings, today(settings));
  });

  // Before /api/invoices/:id, which would take "summary" for an id.
  router.get('/api/invoices/summary', ...guard, async (ctx) => {
    const q = parseQuery(ctx, invoiceSummaryQuerySchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    ctx.body = await invoiceSummary(tx, tenantId, q, settings.zone);
  });

  router.post('/api/invoices/send-reminders', ...guard, async (ctx) => {
    const body = parseBody(ctx, sendRemindersSchema);
    assertOwnTenant(ctx, body.hallOwnerId);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    const day = today(settings);
    const ids = [...new Set(body.invoiceIds)];
    const rows = await selectInvoices(tx)
      .where('i.tenant_id', '=', tenantId)
      // = ANY of one array parameter (its type, uuid[], inferred from i.id): any number of ids
      .where('i.id', '=', (eb) => eb.fn<string>('any', [eb.val(ids)]))
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const sent: { id: string; invoiceNumber: string | null; customerEmail: string }[] = [];
    const skipped: { id: string; reason: string }[] = [];
    for (const id of ids) {
      const r = byId.get(id);
      if (!r) skipped.push({ id, reason: 'Invoice not found' });
      else if (!(REMINDER_STATUSES as readonly InvoiceStatus[]).includes(r.status))
        skipped.push({ id, reason: `A ${r.status.toLowerCase()} invoice gets no reminder` });
      else if (!r.customer_email) skipped.push({ id, reason: 'The customer has no e-mail address' });
      else {
        await tx.publish(
          'invoice.reminder_requested',
          {
            ...invoiceEventData(r, r.seller?.businessName ?? settings.payment.businessName),
            daysOverdue: r.status === 'OVERDUE' ? Math.max(0, daysBetween(r.due_date, day)) : 0,
            requestedBy: actorOf(ctx),
          },
          { tenantId },
        );
        sent.push({ id, invoiceNumber: r.invoice_number, customerEmail: r.customer_email });
      }
    }
    if (sent.length > 0)
      await tx.audit(ctx, {
        action: 'invoice_reminders_sent',
        targetType: 'invoice',
        target: null,
        targetLabel: `${sent.length} payment reminder(s)`,
        additionalInfo: sent.map((s) => s.invoiceNumber).join(', '),
      });
    ctx.body = { sent, skipped };
  });

  router.post('/api/invoices', ...guard, async (ctx) => {
    const body = parseBody(ctx, invoiceCreateSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
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
      ? await issueInvoice(tx, ctx, tenantId, draft.id, settings, actorOf(ctx) ?? 'unknown')
      : draft;
    ctx.status = 201;
    ctx.body = toInvoice(row, today(settings));
  });

  router.get('/api/invoices/:id', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const settings = await moneySettings(ctx.state.tx!, tenantId);
    const row = await loadInvoice(ctx.state.tx!, tenantId, idParam(ctx));
    ctx.body = await detail(ctx, row, today(settings));
  });

  router.put('/api/invoices/:id/status', ...guard, async (ctx) => {
    const body = parseBody(ctx, invoiceStatusUpdateSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    const id = idParam(ctx);
    let row: InvoiceRow;
    if (body.status === 'SENT') {
      row = await issueInvoice(
        tx,
        ctx,
        tenantId,
        (await loadInvoice(tx, tenantId, id)).id,
        settings,
        actorOf(ctx) ?? 'unknown',
      );
    } else if (body.status === 'VOID') {
      row = await voidInvoice(
        tx,
        ctx,
        tenantId,
        (await loadInvoice(tx, tenantId, id)).id,
        body.reason,
        settings,
      );
    } else {
      // Mark as PAID: a payment of whatever is still due, so the paid figure stays true. A draft
      // is issued first: a paid tax invoice has a number.
      let current = await loadInvoice(tx, tenantId, id);
      if (current.status === 'DRAFT') current = await issueInvoice(tx, ctx, tenantId, current.id, settings);
      const balance = Math.max(
        0,
        Number(current.total_cents) - Number(current.credited_cents) - Number(current.paid_cents),
      );
      const recorded = await recordPayment(
        tx,
        ctx,
        tenantId,
        current.id,
        {
          amountCents: balance > 0 ? balance : 1, // 0 left: recordPayment answers "already paid"
          paymentMethod: body.paymentMethod ?? 'Bank Transfer',
          reference: body.reference,
          notes: 'Marked as paid',
          createdBy: actorOf(ctx),
        },
        settings,
      );
      row = recorded.invoice;
    }
    ctx.body = toInvoice(row, today(settings));
  });

  // Send to customer (issue 24 item 14): a draft is issued; an invoice issued before, paid ones
  // too, goes again as a copy marked as such (comms e-mails it; its PDF says COPY). Nothing about
  // the invoice changes, so a copy can go as often as a person asks.
  router.post('/api/invoices/:id/send', ...guard, async (ctx) => {
    parseBody(ctx, invoiceSendSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    const day = today(settings);
    const current = await loadInvoice(tx, tenantId, idParam(ctx), true);
    const who = actorOf(ctx) ?? 'unknown';
    if (current.status === 'DRAFT') {
      const issued = await issueInvoice(tx, ctx, tenantId, current.id, settings, who);
      ctx.body = { invoice: toInvoice(issued, day), copy: false };
      return;
    }
    if (current.status === 'VOID') throw conflict(MONEY_MESSAGES.voidNotSent, { status: 'VOID' });
    if (!current.customer_email.includes('@'))
      throw conflict('The customer has no e-mail address to send the invoice to.');
    const data = invoiceEventData(current, current.seller?.businessName ?? settings.payment.businessName);
    await tx.publish(
      'invoice.copy_requested',
      {
        ...data,
        copy: true,
        pdfPath: `${data.pdfPath}?copy=1`,
        internalPdfPath: `${data.internalPdfPath}?copy=1`,
        requestedBy: who,
      },
      { tenantId },
    );
    await audit(tx, ctx, tenantId, {
      action: 'invoice_copy_sent',
      row: current,
      info: `A copy e-mailed to ${current.customer_email}`,
    });
    ctx.body = { invoice: toInvoice(current, day), copy: true };
  });

  const pay = async (ctx: AppContext, requireKey: boolean) => {
    const body = parseBody(ctx, paymentCreateSchema);
    const key = idempotencyKey(ctx);
    if (requireKey && !key)
      throw badRequest(MONEY_MESSAGES.idempotencyKeyRequired, {
        errors: [{ path: 'Idempotency-Key', message: MONEY_MESSAGES.idempotencyKeyRequired }],
      });
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    const recorded = await recordPayment(
      tx,
      ctx,
      tenantId,
      idParam(ctx),
      {
        amountCents: body.amountCents,
        paymentMethod: body.paymentMethod,
        reference: body.reference,
        notes: body.notes,
        idempotencyKey: key,
        createdBy: actorOf(ctx),
      },
      settings,
    );
    const payment = await selectPayments(tx)
      .where('p.tenant_id', '=', tenantId)
      .where('p.id', '=', recorded.payment.id)
      .executeTakeFirst();
    const invoice = await loadInvoice(tx, tenantId, recorded.invoice.id);
    ctx.status = recorded.replayed ? 200 : 201;
    ctx.body = { payment: toPayment(payment!), invoice: toInvoice(invoice, today(settings)) };
  };
  // The kit replays a POST's answer for a repeated Idempotency-Key; the key is also stored on the
  // payment, so a retry after the kit's window, or the spec's PUT (which the kit does not
  // cover, hence the key is required there), still pays once.
  router.post('/api/invoices/:id/payments', ...guard, (ctx) => pay(ctx, false));
  router.put('/api/invoices/:id/payment', ...guard, (ctx) => pay(ctx, true));

  router.post('/api/invoices/:id/credit-notes', ...guard, async (ctx) => {
    const body = parseBody(ctx, creditNoteCreateSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    const actor = actorOf(ctx);
    const made = await createCreditNote(
      tx,
      ctx,
      tenantId,
      idParam(ctx),
      {
        amountCents: body.amountCents,
        reason: body.reason,
        refund: body.refund ? { ...body.refund, createdBy: actor } : undefined,
        createdBy: actor,
      },
      settings,
    );
    let refund = null;
    if (made.refund) {
      const row = await selectPayments(tx)
        .where('p.tenant_id', '=', tenantId)
        .where('p.id', '=', made.refund.id)
        .executeTakeFirstOrThrow();
      refund = toPayment(row);
    }
    ctx.status = 201;
    ctx.body = {
      creditNote: creditNoteData(made.creditNote, made.invoice),
      refund,
      invoice: toInvoice(made.invoice, today(settings)),
    };
  });

  router.get('/api/invoices/:id/pdf', ...guard, async (ctx) => {
    const { copy } = parseQuery(ctx, invoicePdfQuerySchema);
    const tenantId = tenantOf(ctx);
    const settings = await moneySettings(ctx.state.tx!, tenantId);
    const row = await loadInvoice(ctx.state.tx!, tenantId, idParam(ctx));
    const pdf = await invoicePdf({
      invoice: row,
      seller: row.seller ?? currentSeller(settings),
      copy: copy === '1',
    });
    ctx.type = 'application/pdf';
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${fileName(row.invoice_number ?? `invoice-${row.id}`)}.pdf"`,
    );
    ctx.body = pdf;
  });

  // The same PDF for comms, which attaches it to the invoice and reminder e-mails.
  router.get('/internal/invoices/:hallOwnerId/:id/pdf', requireInternal, async (ctx) => {
    const tenantId = idParam(ctx, 'hallOwnerId');
    if (!tenantId) throw notFound('Invoice not found');
    // `?copy=1`: the copy comms attaches to Send to customer again (invoice.copy_requested).
    const { copy } = parseQuery(ctx, invoicePdfQuerySchema);
    const pdf = await ctx.kit.db.tenantTx(tenantId, async (tx) => {
      const settings = await moneySettings(tx, tenantId);
      const row = await loadInvoice(tx, tenantId, idParam(ctx));
      return {
        row,
        bytes: await invoicePdf({
          invoice: row,
          seller: row.seller ?? currentSeller(settings),
          copy: copy === '1',
        }),
      };
    });
    // With the figures it prints, for the e-mail that carries it (issue 24 item 1).
    answerDocument(ctx, {
      filename: `${fileName(pdf.row.invoice_number ?? `invoice-${pdf.row.id}`)}.pdf`,
      pdf: pdf.bytes,
      figures: {
        invoiceNumber: pdf.row.invoice_number,
        totalCents: Number(pdf.row.total_cents),
        balanceCents: balanceCents(pdf.row),
        dueDate: pdf.row.due_date,
      },
    });
  });

  router.get('/api/invoices/:id/credit-notes/:creditNoteId/pdf', ...guard, async (ctx) => {
    const doc = await creditNoteDocument(
      ctx.state.tx!,
      tenantOf(ctx),
      idParam(ctx),
      idParam(ctx, 'creditNoteId'),
    );
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${doc.filename}"`);
    ctx.body = doc.pdf;
  });

  // The same adjustment note for comms, which e-mails it to the customer (issue 24 item 3).
  router.get(
    '/internal/invoices/:hallOwnerId/:id/credit-notes/:creditNoteId/pdf',
    requireInternal,
    async (ctx) => {
      const tenantId = idParam(ctx, 'hallOwnerId');
      if (!tenantId) throw notFound('Credit note not found');
      const doc = await ctx.kit.db.tenantTx(tenantId, (tx) =>
        creditNoteDocument(tx, tenantId, idParam(ctx), idParam(ctx, 'creditNoteId')),
      );
      answerDocument(ctx, doc);
    },
  );
}
