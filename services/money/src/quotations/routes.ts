/**
 * Quotations (spec 03 §2.3, §4, §7; issue 13, decision 33): create, list with counts and the
 * acceptance rate, edit, Send / Accept / Decline, delete, the PDF, Bulk Send. Requests are
 * parsed by the contract schemas (400 naming the field). Accept takes the quotation to
 * Accepting in one committed conditional update, asks bookings for the confirmed booking with
 * no transaction open, then settles it Accepted (with a frozen snapshot) or back to Sent: of two
 * accepts at once only one reaches bookings, and bookings makes one booking per quotation id.
 */
import {
  acceptanceRate,
  bookingFromQuoteAnswerSchema,
  QUOTATION_MESSAGES as M,
  QUOTATION_STATUSES,
  QUOTATION_VALID_DAYS,
  quotationBulkSendSchema,
  quotationInputSchema,
  quotationStatusUpdateSchema,
  type BookingFromQuote,
  type Quotation,
  type QuotationEmailEvent,
  type QuotationStatus,
} from '@venue/contracts/money-api';
import {
  callService,
  conflict,
  HttpError,
  inRequestTx,
  InternalCallError,
  notFound,
  parseBody,
  requireAuth,
  requireInternal,
  requirePermission,
  type AppContext,
  type AppRouter,
  type Tx,
  withTx,
} from '@venue/service-kit';
import { currentSeller } from '../invoices/routes.ts';
import { actorOf, idParam, tenantOf } from '../shared/http.ts';
import { addDays, moneySettings, today, type MoneySettings } from '../shared/settings.ts';
import {
  effectiveStatus,
  loadQuotation,
  QUOTATION_COLUMNS,
  quotationDeposit,
  quotationPdf,
  toQuotation,
  type QuotationRow,
} from './quotation-row.ts';

const guardNoTx = [requireAuth, requirePermission('quotations')] as const;
const guard = [...guardNoTx, withTx] as const;

type Input = ReturnType<typeof quotationInputSchema.parse>;

/** After this long an `Accepting` quotation is taken to be abandoned (bookings' call times out well before). */
const ACCEPT_TAKEOVER_MS = 2 * 60_000;

/** The form's columns (create and edit share them). */
function formValues(v: Input, s: MoneySettings) {
  return [
    v.customerName,
    v.customerEmail,
    v.customerPhone,
    v.eventType,
    v.resource,
    v.resourceName || v.resource,
    v.eventDate,
    v.startTime,
    v.endTime,
    v.guestCount ?? null,
    v.totalCents,
    v.taxType,
    s.rateBp,
    v.depositType,
    v.depositValue,
    quotationDeposit(v.depositType, v.depositValue, v.totalCents),
    v.payment_details?.deposit_paid ?? false,
    v.notes ?? '',
  ];
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
  await tx.query(
    `UPDATE quotations SET status = 'Sent', sent_at = now(), updated_at = now() WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id],
  );
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
  await tx.query(
    `UPDATE quotations SET status = 'Declined', updated_at = now() WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id],
  );
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
    await tx.query(
      `UPDATE quotations SET status = 'Accepting', updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND status IN ('Sent', 'Accepting')`,
      [tenantId, id],
    );
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
    tx.query(
      `UPDATE quotations SET status = 'Sent', updated_at = now() WHERE tenant_id = $1 AND id = $2 AND status = 'Accepting'`,
      [tenantId, id],
    );
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
    await tx.query(
      `UPDATE quotations SET status = 'Accepted', booking_id = $3, accepted_snapshot = $4, accepted_at = now(),
              updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND status = 'Accepting'`,
      [tenantId, id, bookingId, JSON.stringify(frozen)],
    );
    await audit(tx, ctx, 'quotation_accepted', frozen, `booking ${answer.booking.bookingCode}`);
    return frozen;
  });
}

export function quotationRoutes(router: AppRouter): void {
  router.get('/api/quotations/my-quotations', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const day = today(await moneySettings(tx, tenantId));
    const { rows } = await tx.query<QuotationRow>(
      `SELECT ${QUOTATION_COLUMNS} FROM quotations WHERE tenant_id = $1 ORDER BY created_at DESC, id LIMIT 5000`,
      [tenantId],
    );
    const quotations = rows.map((r) => toQuotation(r, day));
    const counts = Object.fromEntries(QUOTATION_STATUSES.map((s) => [s, 0])) as Record<
      QuotationStatus,
      number
    >;
    for (const q of quotations) counts[q.status] += 1;
    ctx.body = {
      quotations,
      counts,
      acceptanceRate: acceptanceRate(counts),
      totalValueCents: quotations.reduce((sum, q) => sum + q.totalCents, 0),
    };
  });

  router.post('/api/quotations', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const v = parseBody(ctx, quotationInputSchema);
    const settings = await moneySettings(tx, tenantId);
    const day = today(settings);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO quotations (tenant_id, customer_name, customer_email, customer_phone, event_type, resource,
              resource_name, event_date, start_time, end_time, guest_count, total_cents, tax_type, tax_rate_bp,
              deposit_type, deposit_value, deposit_cents, deposit_paid, notes, valid_until, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
       RETURNING id`,
      [
        tenantId,
        ...formValues(v, settings),
        v.validUntil ?? addDays(day, QUOTATION_VALID_DAYS),
        actorOf(ctx),
      ],
    );
    const q = toQuotation(await loadQuotation(tx, tenantId, rows[0]!.id), day);
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
    await tx.query(
      `UPDATE quotations SET customer_name = $3, customer_email = $4, customer_phone = $5, event_type = $6,
              resource = $7, resource_name = $8, event_date = $9, start_time = $10, end_time = $11,
              guest_count = $12, total_cents = $13, tax_type = $14, tax_rate_bp = $15, deposit_type = $16,
              deposit_value = $17, deposit_cents = $18, deposit_paid = $19, notes = $20,
              valid_until = COALESCE($21, valid_until), updated_at = now()
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, row.id, ...formValues(v, settings), v.validUntil ?? null],
    );
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
    await tx.query(`DELETE FROM quotations WHERE tenant_id = $1 AND id = $2`, [tenantId, row.id]);
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
