/**
 * Quotations (spec 03 §2.3, §4, §7; issue 13, decision 33): create, list with counts and the
 * acceptance rate, edit, Send / Accept / Decline, delete, the PDF, Bulk Send. Requests are
 * parsed by the contract schemas (400 naming the field). Accept takes the quotation to
 * Accepting in one committed conditional update, asks bookings for the confirmed booking with
 * no transaction open, then settles it Accepted (with a frozen snapshot) or back to Sent: of two
 * accepts at once only one reaches bookings, and bookings makes one booking per quotation id.
 *
 * Issue 24 (decision 57): the resource's name comes from the catalogue (never its id in the
 * name's place); Send asks bookings whether the slot is free first (a clash: 409 naming it,
 * nothing sent) and gives the quotation its gap-free number the first time, under the row's lock
 * (two sends at once: one number); a numbered quotation is never deleted; Accept answers the
 * booking's code beside its id.
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
  type BookingFromQuoteAnswer,
  type Quotation,
  type QuotationEmailEvent,
} from '@venue/contracts/money-api';
import {
  callService,
  conflict,
  HttpError,
  inRequestTx,
  InternalCallError,
  isUuid,
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
import { actorOf, auditActor, idParam, tenantOf } from '../shared/http.ts';
import { nextQuotationNumber } from '../shared/numbers.ts';
import { addDays, moneySettings, today, type MoneySettings } from '../shared/settings.ts';
import {
  effectiveStatus,
  loadQuotation,
  quotationDeposit,
  quotationPdf,
  quotationPdfName,
  selectQuotations,
  toQuotation,
  type QuotationRow,
} from './quotation-row.ts';
import { quotationPage, quotationSummary } from './list-page.ts';
import { checkSlot, resolveResource, type QuotedResource } from './peers.ts';

const guardNoTx = [requireAuth, requirePermission('quotations')] as const;
const guard = [...guardNoTx, withTx] as const;

type Input = ReturnType<typeof quotationInputSchema.parse>;

/** After this long an `Accepting` quotation is taken to be abandoned (bookings' call times out well before). */
const ACCEPT_TAKEOVER_MS = 2 * 60_000;

/** The form's columns (create and edit share them); the resource as the catalogue names it. */
function formValues(v: Input, s: MoneySettings, resource: QuotedResource) {
  return {
    customer_name: v.customerName,
    customer_email: v.customerEmail,
    customer_phone: v.customerPhone,
    event_type: v.eventType,
    resource: resource.id,
    resource_name: resource.name,
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
    // A customer answering in the portal is the actor (issue 25): the venue sees who accepted.
    ...auditActor(ctx),
    action,
    targetType: 'quotation',
    target: q.number ?? q.id,
    targetLabel: `${q.number ? `Quotation ${q.number}` : 'Draft quotation'} — ${q.customerName} · ${q.eventType} · ${q.eventDate}`,
    additionalInfo: info ?? null,
  });
}

function emailEvent(
  q: Quotation,
  withPdf: boolean,
  extra: Partial<QuotationEmailEvent> = {},
): QuotationEmailEvent {
  return {
    quotationId: q.id,
    number: q.number,
    hallOwnerId: q.hallOwnerId,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    eventType: q.eventType,
    eventDate: q.eventDate,
    startTime: q.startTime,
    endTime: q.endTime,
    resourceName: q.resourceName,
    totalCents: Math.round(q.totalInclGst * 100),
    depositCents: q.depositCents,
    validUntil: q.validUntil,
    status: q.status,
    pdfPath: withPdf ? `/internal/quotations/${q.hallOwnerId}/${q.id}/pdf` : null,
    ...extra,
  };
}

/**
 * Who answers a quotation (accepts or declines it), and in whose words a refusal is said: the
 * venue's staff, or the customer in the portal (issue 25), who may answer only a quotation sent
 * to them and is never told whose booking took the slot. Accept and Decline are otherwise one
 * code path for both.
 */
export interface Answerer {
  /** The quotation as this caller may answer it (locked when asked); 404 when it is not theirs. */
  load(tx: Tx, id: string, lock: boolean): Promise<QuotationRow>;
  /** Stored as `answered_by`: `customer:<address>`, or the staff member. */
  who: string | null;
  /** `quotation.declined`'s `declinedBy`. */
  side: 'venue' | 'customer';
  expired: string;
  accepting: string;
  badTransition(status: string, to: string): string;
  /** The 409 of a slot taken since the quotation was sent. */
  slotTaken(row: QuotationRow, clash: Extract<BookingFromQuoteAnswer, { outcome: 'conflict' }>): HttpError;
  acceptFailed: string;
}

/** The venue's staff: any quotation of the venue, the clash named with its booking (decision 33). */
function staffAnswerer(ctx: AppContext, tenantId: string): Answerer {
  return {
    load: (tx, id, lock) => loadQuotation(tx, tenantId, id, lock),
    who: actorOf(ctx),
    side: 'venue',
    expired: M.expired,
    accepting: M.accepting,
    badTransition: M.badTransition,
    slotTaken: (_row, clash) => conflict(M.slotTaken, { conflict: clash.conflict }),
    acceptFailed: M.acceptFailed,
  };
}

/** 409 unless the quotation may be sent on `day`: Draft or Sent, and within its valid day. */
function assertSendable(row: QuotationRow, day: string) {
  const status = effectiveStatus(row, day);
  // A Draft past its valid day is not sent out stale either.
  if (status === 'Expired' || row.valid_until < day) throw conflict(M.expired, { conflict: null });
  if (row.status !== 'Draft' && row.status !== 'Sent')
    throw conflict(M.badTransition(status, 'Sent'), { conflict: null });
}

/** What a send has checked before its transaction: the resource as the catalogue names it. */
interface SendCheck {
  resource: QuotedResource | null;
}

/**
 * The checks a send makes before it writes, with no transaction held while the peers answer:
 * the quotation may be sent, its resource is one of the venue's (named by the catalogue when the
 * row lacks its id or its name), and bookings finds the slot free (else 409 naming the clash).
 */
async function checkBeforeSend(ctx: AppContext, tenantId: string, id: string): Promise<SendCheck> {
  const row = await inRequestTx(ctx, async (tx) => {
    const day = today(await moneySettings(tx, tenantId));
    const r = await loadQuotation(tx, tenantId, id);
    assertSendable(r, day);
    return r;
  });
  const needsName = !isUuid(row.resource) || !row.resource_name.trim() || row.resource_name === row.resource;
  let resource: QuotedResource | null = null;
  if (needsName) {
    try {
      resource = await resolveResource(tenantId, row.resource);
    } catch (err) {
      // A quotation for a resource the venue does not have cannot become a booking: say so.
      if (err instanceof HttpError && err.status === 400) throw conflict(err.message, { conflict: null });
      throw err;
    }
  }
  const answer = await checkSlot({
    tenantId,
    resource: resource?.id ?? row.resource,
    eventDate: row.event_date,
    startTime: row.start_time,
    endTime: row.end_time,
  });
  if (answer.outcome === 'conflict')
    throw conflict(M.sendClash(answer.message), { conflict: answer.conflict });
  return { resource };
}

/**
 * Draft (or Sent again) → Sent, with the e-mail event; refused when expired or settled. The first
 * send gives the number, under the row's lock: a second send waits, then finds it numbered.
 */
async function send(
  tx: Tx,
  ctx: AppContext,
  tenantId: string,
  id: string,
  day: string,
  checked: SendCheck,
): Promise<Quotation> {
  const row = await loadQuotation(tx, tenantId, id, true);
  assertSendable(row, day);
  const number = row.number ?? (await nextQuotationNumber(tx, tenantId, day));
  await db(tx)
    .updateTable('quotations')
    .set({
      status: 'Sent',
      number,
      sent_at: NOW,
      updated_at: NOW,
      ...(checked.resource ? { resource: checked.resource.id, resource_name: checked.resource.name } : {}),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  const q = toQuotation(await loadQuotation(tx, tenantId, id), day);
  await tx.publish('quotation.sent', emailEvent(q, true), { tenantId });
  await audit(tx, ctx, 'quotation_sent', q);
  return q;
}

/** Sent → Declined (by staff, or by the customer with their reason), with the e-mail event. */
export async function decline(
  tx: Tx,
  ctx: AppContext,
  tenantId: string,
  id: string,
  day: string,
  by: Answerer = staffAnswerer(ctx, tenantId),
  reason: string | null = null,
) {
  const row = await by.load(tx, id, true);
  const status = effectiveStatus(row, day);
  if (status !== 'Sent' || row.status !== 'Sent')
    throw conflict(by.badTransition(status, 'Declined'), { conflict: null });
  await db(tx)
    .updateTable('quotations')
    .set({ status: 'Declined', decline_reason: reason, answered_by: by.who, updated_at: NOW })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', row.id)
    .execute();
  const q = toQuotation(await loadQuotation(tx, tenantId, row.id), day);
  await tx.publish('quotation.declined', emailEvent(q, false, { declinedBy: by.side, reason }), { tenantId });
  await audit(
    tx,
    ctx,
    'quotation_declined',
    q,
    by.side === 'customer'
      ? `Declined by the customer in the portal${reason ? `: ${reason}` : ''}`
      : undefined,
  );
  return q;
}

/** Accept (see the file's comment): Sent → Accepting → Accepted with one booking, or back to Sent. */
export async function accept(
  ctx: AppContext,
  tenantId: string,
  id: string,
  by: Answerer = staffAnswerer(ctx, tenantId),
): Promise<Quotation> {
  const claimed = await inRequestTx(ctx, async (tx) => {
    const settings = await moneySettings(tx, tenantId);
    const day = today(settings);
    const row = await by.load(tx, id, true);
    const status = effectiveStatus(row, day);
    // An accept left half done (the process died between the steps) is taken over after a
    // while: bookings answers the booking it may already have made for this quotation id.
    const abandoned =
      row.status === 'Accepting' && Date.now() - new Date(row.updated_at).getTime() > ACCEPT_TAKEOVER_MS;
    if (row.status === 'Accepting' && !abandoned) throw conflict(by.accepting, { conflict: null });
    if (status === 'Expired') throw conflict(by.expired, { conflict: null });
    if (row.status !== 'Sent' && !abandoned)
      throw conflict(by.badTransition(status, 'Accepted'), { conflict: null });
    await db(tx)
      .updateTable('quotations')
      .set({ status: 'Accepting', updated_at: NOW })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
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
      throw conflict(`${by.acceptFailed} (bookings answered ${err.status})`, { conflict: null });
    throw new HttpError(502, by.acceptFailed);
  }
  if (answer.outcome === 'conflict') {
    await inRequestTx(ctx, backToSent);
    throw by.slotTaken(row, answer);
  }
  const bookingId = answer.booking.id;
  const bookingCode = answer.booking.bookingCode;
  return inRequestTx(ctx, async (tx) => {
    const current = toQuotation(await loadQuotation(tx, tenantId, id, true), day);
    const frozen: Quotation = {
      ...current,
      status: 'Accepted',
      bookingId,
      bookingCode,
      acceptedAt: new Date().toISOString(),
    };
    const moved = await db(tx)
      .updateTable('quotations')
      .set({
        status: 'Accepted',
        booking_id: bookingId,
        booking_code: bookingCode,
        answered_by: by.who,
        accepted_snapshot: JSON.stringify(frozen),
        accepted_at: NOW,
        updated_at: NOW,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', 'Accepting')
      .executeTakeFirst();
    // The venue's webhooks (decision 60): once, by the request that made it Accepted
    if (moved.numUpdatedRows > 0n)
      await tx.publish(
        'quotation.accepted',
        { ...emailEvent(frozen, false), bookingId, bookingCode, acceptedBy: by.side },
        { tenantId },
      );
    await audit(
      tx,
      ctx,
      'quotation_accepted',
      frozen,
      `booking ${answer.booking.bookingCode}${by.side === 'customer' ? ' · accepted by the customer in the portal' : ''}`,
    );
    return toQuotation(await loadQuotation(tx, tenantId, id), day);
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

  router.post('/api/quotations', ...guardNoTx, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const v = parseBody(ctx, quotationInputSchema);
    // The catalogue names the resource before the transaction opens (no connection held meanwhile).
    const resource = await resolveResource(tenantId, v.resource);
    ctx.body = await inRequestTx(ctx, async (tx) => {
      const settings = await moneySettings(tx, tenantId);
      const day = today(settings);
      const inserted = await db(tx)
        .insertInto('quotations')
        .values({
          tenant_id: tenantId,
          ...formValues(v, settings, resource),
          valid_until: v.validUntil ?? addDays(day, QUOTATION_VALID_DAYS),
          created_by: actorOf(ctx),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const q = toQuotation(await loadQuotation(tx, tenantId, inserted.id), day);
      await audit(tx, ctx, 'quotation_created', q);
      return q;
    });
    ctx.status = 201;
  });

  router.post('/api/quotations/bulk-send', ...guardNoTx, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const { ids } = parseBody(ctx, quotationBulkSendSchema);
    const sent: string[] = [];
    const skipped: { id: string; reason: string }[] = [];
    // Each one checked first (resource, slot), with no transaction open; then those that pass
    // are sent in one transaction, each re-checked under its lock.
    const checked = new Map<string, SendCheck>();
    for (const id of [...new Set(ids)]) {
      try {
        checked.set(id, await checkBeforeSend(ctx, tenantId, id));
      } catch (err) {
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        skipped.push({ id, reason: err.message });
      }
    }
    await inRequestTx(ctx, async (tx) => {
      const day = today(await moneySettings(tx, tenantId));
      for (const [id, check] of checked) {
        try {
          await send(tx, ctx, tenantId, id, day, check);
          sent.push(id);
        } catch (err) {
          if (!(err instanceof HttpError) || err.status >= 500) throw err;
          skipped.push({ id, reason: err.message });
        }
      }
    });
    ctx.body = { sent, skipped };
  });

  router.get('/api/quotations/:id', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const day = today(await moneySettings(tx, tenantId));
    ctx.body = toQuotation(await loadQuotation(tx, tenantId, idParam(ctx)), day);
  });

  router.put('/api/quotations/:id', ...guardNoTx, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const v = parseBody(ctx, quotationInputSchema);
    const resource = await resolveResource(tenantId, v.resource);
    ctx.body = await inRequestTx(ctx, (tx) => edit(tx, ctx, tenantId, v, resource));
  });

  /** The edit itself, in the request's transaction. */
  async function edit(tx: Tx, ctx: AppContext, tenantId: string, v: Input, resource: QuotedResource) {
    const settings = await moneySettings(tx, tenantId);
    const day = today(settings);
    const row = await loadQuotation(tx, tenantId, idParam(ctx), true);
    // Accepted is frozen (its booking was made from it); Declined and Expired are history.
    if (effectiveStatus(row, day) !== 'Draft' && effectiveStatus(row, day) !== 'Sent')
      throw conflict(M.notEditable);
    if (row.status === 'Accepting') throw conflict(M.accepting);
    // An edit without payment_details keeps the deposit flag (the Deposits page may have set it).
    const values = formValues(v, settings, resource);
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
    return q;
  }

  router.put('/api/quotations/:id/status', ...guardNoTx, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const id = idParam(ctx);
    if (!id) throw notFound('Quotation not found');
    const { status } = parseBody(ctx, quotationStatusUpdateSchema);
    if (status === 'Accepted') {
      ctx.body = await accept(ctx, tenantId, id);
      return;
    }
    if (status === 'Sent') {
      const checked = await checkBeforeSend(ctx, tenantId, id);
      ctx.body = await inRequestTx(ctx, async (tx) =>
        send(tx, ctx, tenantId, id, today(await moneySettings(tx, tenantId)), checked),
      );
      return;
    }
    ctx.body = await inRequestTx(ctx, async (tx) =>
      decline(tx, ctx, tenantId, id, today(await moneySettings(tx, tenantId))),
    );
  });

  router.delete('/api/quotations/:id', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const row = await loadQuotation(tx, tenantId, idParam(ctx), true);
    // An accepted quotation is what its booking was made from: kept.
    if (row.status === 'Accepted' || row.status === 'Accepting')
      throw conflict('An accepted quotation cannot be deleted.');
    // One that was sent has its number: deleting it would leave a gap in the venue's numbers.
    if (row.number !== null || row.status !== 'Draft') throw conflict(M.numberedKept);
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
    ctx.set('Content-Disposition', `attachment; filename="${quotationPdfName(q)}"`);
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
    ctx.set('Content-Disposition', `attachment; filename="${quotationPdfName(q)}"`);
    ctx.body = bytes;
  });
}
