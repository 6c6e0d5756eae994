/**
 * Quotations (spec 03 §2.3, §4, §7; issue 13, decision 33): create, list with counts and the
 * acceptance rate, edit, Send / Accept / Decline, delete, the PDF, Bulk Send. Requests are
 * parsed by the contract schemas (400 naming the field). Accept takes the quotation to
 * Accepting in one committed conditional update, asks bookings for the confirmed booking with
 * no transaction open, then settles it Accepted (with a frozen snapshot) or back to Sent: of two
 * accepts at once only one reaches bookings, and bookings makes one booking per quotation id.
 */
import {
  bookingFromQuoteAnswerSchema,
  LIST_ARRAY_CAP,
  QUOTATION_MESSAGES as M,
  QUOTATION_VALID_DAYS,
  quotationBulkSendSchema,
  quotationInputSchema,
  quotationPageQuerySchema,
  quotationStatusUpdateSchema,
  type BookingFromQuote,
  type Quotation,
  type QuotationEmailEvent,
} from '@venue/contracts/money-api';
import {
  callService,
  conflict,
  HttpError,
  inRequestTx,
  InternalCallError,
  notFound,
  parseBody,
  parseQuery,
  requireAuth,
  requireInternal,
  requirePermission,
  type AppContext,
  type AppRouter,
  type Tx,
  withTx,
} from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import { currentSeller } from '../invoices/operations.ts';
import { actorOf, idParam, tenantOf } from '../shared/http.ts';
import { addDays, moneySettings, today, type MoneySettings } from '../shared/settings.ts';
import {
  effectiveStatus,
  loadQuotation,
  quotationDeposit,
  quotationPdf,
  selectQuotations,
  toQuotation,
} from './quotation-row.ts';
import { quotationPage, quotationSummary } from './list-page.ts';

const guardNoTx = [requireAuth, requirePermission('quotations')] as const;
const guard = [...guardNoTx, withTx] as const;

type Input = ReturnType<typeof quotationInputSchema.parse>;

/** After this long an `Accepting` quotation is taken to be abandoned (bookings' call times out well before). */
const ACCEPT_TAKEOVER_MS = 2 * 60_000;

/** The form's columns (create and edit share them). */
function formValues(v: Input, s: MoneySettings) {
  return {
    customer_name: v.customerName,
    customer_email: v.customerEmail,
    customer_phone: v.customerPhone,
    event_type: v.eventType,
    resource: v.resource,
    resource_name: v.resourceName || v.resource,
    event_date: v.eventDate,
    start_time: v.startTime,
    end_time: v.endTime,
    guest_count: v.guestCount ?? null,
    total_cents: v.totalCents,
    tax_type: v.taxType,
    tax_rate_bp: s.rateBp,
    deposit_type: v.depositType,
    deposit_value: v.depositValue,
    deposit_cents: quotationDeposit(v.depositType, v.depositValue, v.totalCents),
    deposit_paid: v.payment_details?.deposit_paid ?? false,
    notes: v.notes ?? '',
  };
}

async function audit(tx: Tx, ctx: AppContext, action: string, q: Quotation, info?: string) {
  await tx.audit(ctx, {
    action,
    targetType: 'quotation',
    target: q.id,
    targetLabel: `${q.customerName} · ${q.eventType} · ${q.eventDate}`,
    additionalInfo: info ?? null,
  });
}

function emailEvent(q: Quotation, withPdf: boolean): QuotationEmailEvent {
  return {
    quotationId: q.id,
    hallOwnerId: q.hallOwnerId,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    eventType: q.eventType,
    eventDate: q.eventDate,
    resourceName: q.resourceName,
    totalCents: Math.round(q.totalInclGst * 100),
    depositCents: q.depositCents,
    validUntil: q.validUntil,
    status: q.status,
    pdfPath: withPdf ? `/internal/quotations/${q.hallOwnerId}/${q.id}/pdf` : null,
  };
}

/** Draft (or Sent again) → Sent, with the e-mail event; refused when expired or settled. */
async function send(tx: Tx, ctx: AppContext, tenantId: string, id: string, day: string): Promise<Quotation> {
  const row = await loadQuotation(tx, tenantId, id, true);
  const status = effectiveStatus(row, day);
  // A Draft past its valid day is not sent out stale either.
  if (status === 'Expired' || row.valid_until < day) throw conflict(M.expired, { conflict: null });
  if (row.status !== 'Draft' && row.status !== 'Sent')
    throw conflict(M.badTransition(status, 'Sent'), { conflict: null });
  await db(tx)
    .updateTable('quotations')
    .set({ status: 'Sent', sent_at: NOW, updated_at: NOW })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  const q = toQuotation(await loadQuotation(tx, tenantId, id), day);
  await tx.publish('quotation.sent', emailEvent(q, true), { tenantId });
  await audit(tx, ctx, 'quotation_sent', q);
  return q;
}

async function decline(tx: Tx, ctx: AppContext, tenantId: string, id: string, day: string) {
  const row = await loadQuotation(tx, tenantId, id, true);
  const status = effectiveStatus(row, day);
  if (status !== 'Sent' || row.status !== 'Sent')
    throw conflict(M.badTransition(status, 'Declined'), { conflict: null });
  await db(tx)
    .updateTable('quotations')
    .set({ status: 'Declined', updated_at: NOW })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  const q = toQuotation(await loadQuotation(tx, tenantId, id), day);
  await tx.publish('quotation.declined', emailEvent(q, false), { tenantId });
  await audit(tx, ctx, 'quotation_declined', q);
  return q;
}

/** Accept (see the file's comment): Sent → Accepting → Accepted with one booking, or back to Sent. */
async function accept(ctx: AppContext, tenantId: string, id: string): Promise<Quotation> {
  const claimed = await inRequestTx(ctx, async (tx) => {
    const settings = await moneySettings(tx, tenantId);
    const day = today(settings);
    const row = await loadQuotation(tx, tenantId, id, true);
    const status = effectiveStatus(row, day);
    // An accept left half done (the process died between the steps) is taken over after a
    // while: bookings answers the booking it may already have made for this quotation id.
    const abandoned =
      row.status === 'Accepting' && Date.now() - new Date(row.updated_at).getTime() > ACCEPT_TAKEOVER_MS;
    if (row.status === 'Accepting' && !abandoned) throw conflict(M.accepting, { conflict: null });
    if (status === 'Expired') throw conflict(M.expired, { conflict: null });
    if (row.status !== 'Sent' && !abandoned)
      throw conflict(M.badTransition(status, 'Accepted'), { conflict: null });
    await db(tx)
      .updateTable('quotations')
      .set({ status: 'Accepting', updated_at: NOW })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', 'in', ['Sent', 'Accepting'])
      .execute();
    return { row, day };
  });
  const { row, day } = claimed;
  const request: BookingFromQuote = {
    tenantId,
    quotationId: row.id,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    eventType: row.event_type,
    resource: row.resource,
    eventDate: row.event_date,
    startTime: row.start_time,
    endTime: row.end_time,
    guestCount: row.guest_count,
    totalCents: Number(row.total_cents),
    depositType: row.deposit_type,
    depositValue: Number(row.deposit_value),
    notes: row.notes,
    taxType: row.tax_type === 'Exclusive' ? 'exclusive' : 'inclusive',
    taxRateBp: row.tax_rate_bp,
  };
  const backToSent = (tx: Tx) =>
    db(tx)
      .updateTable('quotations')
      .set({ status: 'Sent', updated_at: NOW })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', 'Accepting')
      .execute();
  let answer;
  try {
    // Safe to repeat: bookings answers the same booking for the same quotation id.
    answer = await callService({
      service: 'bookings',
      method: 'POST',
      path: '/internal/bookings/from-quote',
      body: request,
      response: bookingFromQuoteAnswerSchema,
      idempotent: true,
      retries: 2,
    });
  } catch (err) {
    await inRequestTx(ctx, backToSent);
    // A 4xx from bookings (e.g. the resource is unknown) is the quotation's problem; else bookings is down.
    if (err instanceof InternalCallError && err.status !== undefined && err.status < 500)
      throw conflict(`${M.acceptFailed} (bookings answered ${err.status})`, { conflict: null });
    throw new HttpError(502, M.acceptFailed);
  }
  if (answer.outcome === 'conflict') {
    await inRequestTx(ctx, backToSent);
    throw conflict(M.slotTaken, { conflict: answer.conflict });
  }
  const bookingId = answer.booking.id;
  return inRequestTx(ctx, async (tx) => {
    const current = toQuotation(await loadQuotation(tx, tenantId, id, true), day);
    const frozen: Quotation = {
      ...current,
      status: 'Accepted',
      bookingId,
      acceptedAt: new Date().toISOString(),
    };
    await db(tx)
      .updateTable('quotations')
      .set({
        status: 'Accepted',
        booking_id: bookingId,
        accepted_snapshot: JSON.stringify(frozen),
        accepted_at: NOW,
        updated_at: NOW,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', 'Accepting')
      .execute();
    await audit(tx, ctx, 'quotation_accepted', frozen, `booking ${answer.booking.bookingCode}`);
    return frozen;
  });
}

export function quotationRoutes(router: AppRouter): void {
  router.get('/api/quotations/my-quotations', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const day = today(await moneySettings(tx, tenantId));
    // The spec's answer, for other API clients: the newest LIST_ARRAY_CAP quotations, with the
    // counts and figures over all of them (the database's sums). The screen pages with
    // GET /api/quotations (decision 52).
    const rows = await selectQuotations(tx)
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(LIST_ARRAY_CAP)
      .execute();
    const figures = await quotationSummary(tx, tenantId, day);
    ctx.body = {
      quotations: rows.map((r) => toQuotation(r, day)),
      counts: figures.counts,
      acceptanceRate: figures.acceptanceRate,
      totalValueCents: figures.totalValueCents,
    };
  });

  router.get('/api/quotations', ...guard, async (ctx) => {
    const q = parseQuery(ctx, quotationPageQuerySchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const day = today(await moneySettings(tx, tenantId));
    ctx.body = await quotationPage(tx, tenantId, q, day);
  });

  // Before /api/quotations/:id, which would take "summary" for an id.
  router.get('/api/quotations/summary', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    ctx.body = await quotationSummary(tx, tenantId, today(await moneySettings(tx, tenantId)));
  });

  router.post('/api/quotations', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const v = parseBody(ctx, quotationInputSchema);
    const settings = await moneySettings(tx, tenantId);
    const day = today(settings);
    const inserted = await db(tx)
      .insertInto('quotations')
      .values({
        tenant_id: tenantId,
        ...formValues(v, settings),
        valid_until: v.validUntil ?? addDays(day, QUOTATION_VALID_DAYS),
        created_by: actorOf(ctx),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const q = toQuotation(await loadQuotation(tx, tenantId, inserted.id), day);
    await audit(tx, ctx, 'quotation_created', q);
    ctx.status = 201;
    ctx.body = q;
  });

  router.post('/api/quotations/bulk-send', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const { ids } = parseBody(ctx, quotationBulkSendSchema);
    const day = today(await moneySettings(tx, tenantId));
    const sent: string[] = [];
    const skipped: { id: string; reason: string }[] = [];
    for (const id of [...new Set(ids)]) {
      try {
        await send(tx, ctx, tenantId, id, day);
        sent.push(id);
      } catch (err) {
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        skipped.push({ id, reason: err.message });
      }
    }
    ctx.body = { sent, skipped };
  });

  router.get('/api/quotations/:id', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const day = today(await moneySettings(tx, tenantId));
    ctx.body = toQuotation(await loadQuotation(tx, tenantId, idParam(ctx)), day);
  });

  router.put('/api/quotations/:id', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    const day = today(settings);
    const row = await loadQuotation(tx, tenantId, idParam(ctx), true);
    const v = parseBody(ctx, quotationInputSchema);
    // Accepted is frozen (its booking was made from it); Declined and Expired are history.
    if (effectiveStatus(row, day) !== 'Draft' && effectiveStatus(row, day) !== 'Sent')
      throw conflict(M.notEditable);
    if (row.status === 'Accepting') throw conflict(M.accepting);
    // An edit without payment_details keeps the deposit flag (the Deposits page may have set it).
    const values = formValues(v, settings);
    const paid = v.payment_details?.deposit_paid ?? row.deposit_paid;
    await db(tx)
      .updateTable('quotations')
      .set((eb) => ({
        ...values,
        deposit_paid: paid,
        // a valid day left out keeps the stored one
        ...(v.validUntil ? { valid_until: v.validUntil } : {}),
        updated_at: NOW,
        // unpaid: no when; paid already: kept; paid now: the transaction's now()
        deposit_paid_at: !paid
          ? null
          : eb.case().when('deposit_paid', '=', true).then(eb.ref('deposit_paid_at')).else(NOW).end(),
        deposit_paid_method: paid ? eb.ref('deposit_paid_method') : null,
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .execute();
    const q = toQuotation(await loadQuotation(tx, tenantId, row.id), day);
    await audit(tx, ctx, 'quotation_updated', q);
    ctx.body = q;
  });

  router.put('/api/quotations/:id/status', ...guardNoTx, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const id = idParam(ctx);
    if (!id) throw notFound('Quotation not found');
    const { status } = parseBody(ctx, quotationStatusUpdateSchema);
    if (status === 'Accepted') {
      ctx.body = await accept(ctx, tenantId, id);
      return;
    }
    ctx.body = await inRequestTx(ctx, async (tx) => {
      const day = today(await moneySettings(tx, tenantId));
      return status === 'Sent' ? send(tx, ctx, tenantId, id, day) : decline(tx, ctx, tenantId, id, day);
    });
  });

  router.delete('/api/quotations/:id', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const row = await loadQuotation(tx, tenantId, idParam(ctx), true);
    // An accepted quotation is what its booking was made from: kept.
    if (row.status === 'Accepted' || row.status === 'Accepting')
      throw conflict('An accepted quotation cannot be deleted.');
    await db(tx)
      .deleteFrom('quotations')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .execute();
    await audit(tx, ctx, 'quotation_deleted', toQuotation(row, today(await moneySettings(tx, tenantId))));
    ctx.status = 204;
  });

  router.get('/api/quotations/:id/pdf', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    const q = toQuotation(await loadQuotation(tx, tenantId, idParam(ctx)), today(settings));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="quotation-${q.id}.pdf"`);
    ctx.body = await quotationPdf(q, currentSeller(settings));
  });

  // The same PDF for comms, which attaches it to the quotation e-mail.
  router.get('/internal/quotations/:hallOwnerId/:id/pdf', requireInternal, async (ctx) => {
    const tenantId = idParam(ctx, 'hallOwnerId');
    if (!tenantId) throw notFound('Quotation not found');
    const { q, bytes } = await ctx.kit.db.tenantTx(tenantId, async (tx) => {
      const settings = await moneySettings(tx, tenantId);
      const q = toQuotation(await loadQuotation(tx, tenantId, idParam(ctx)), today(settings));
      return { q, bytes: await quotationPdf(q, currentSeller(settings)) };
    });
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="quotation-${q.id}.pdf"`);
    ctx.body = bytes;
  });
}
