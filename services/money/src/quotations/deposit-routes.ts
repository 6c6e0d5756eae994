/**
 * The Deposits page's Quotations tab (spec 03 §2.2, §4 "Deposit flag"): quotations with a
 * deposit above 0, and Mark Paid / Mark Unpaid of the quotation's flag. Before acceptance no
 * invoice exists, so the flag is the quotation's own (set with when and how; cleared with an
 * audit record). Once accepted the deposit is the booking's DEPOSIT invoice (decision 33): the
 * tab reads that invoice and refuses to mark the quotation, so a deposit never has two writers.
 * Each change is one conditional update, so two clicks at once change it once.
 */
import { gstSplit } from '@venue/contracts/money';
import {
  depositPageQuerySchema,
  LIST_ARRAY_CAP,
  quotationDepositMarkPaidSchema,
  QUOTATION_DEPOSIT_MESSAGES as M,
  type DepositPageQuery,
  type QuotationDeposit,
} from '@venue/contracts/money-api';
import {
  conflict,
  parseBody,
  parseQuery,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  requireAuth,
  requirePermission,
  withTx,
  type AppContext,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { dateText, db, NOW, type MoneyDb } from '../db/query.ts';
import type { InvoicesTable, QuotationsTable } from '../db/schema.ts';
import { depositTabCards } from '../deposits/deposit-cards.ts';
import { keysetListPage, likePattern, type ListOrder } from '../invoices/list-page.ts';
import { idParam, tenantOf } from '../shared/http.ts';
import { moneySettings, today } from '../shared/settings.ts';
import { effectiveStatus, loadQuotation, type QuotationRow } from './quotation-row.ts';

const guard = [requireAuth, requirePermission('deposits'), withTx] as const;

interface Row extends QuotationRow {
  deposit_paid_at: Date | string | null;
  deposit_paid_method: QuotationDeposit['paymentMethod'];
  invoice_number: string | null;
  invoice_status: string | null;
  invoice_paid_at: Date | string | null;
}

// An accepted quotation's snapshot is what was quoted; the booking's deposit invoice says whether it is paid.
function selectDeposits(tx: Tx) {
  return db(tx)
    .selectFrom('quotations as q')
    .leftJoin('invoices as d', (j) =>
      j
        .onRef('d.tenant_id', '=', 'q.tenant_id')
        .onRef('d.booking_id', '=', 'q.booking_id')
        .on('d.type', '=', 'DEPOSIT')
        .on('d.status', '<>', 'VOID'),
    )
    .select((eb) => [
      'q.tenant_id',
      'q.id',
      'q.number',
      'q.customer_name',
      'q.customer_email',
      'q.event_type',
      'q.resource_name',
      dateText(eb.ref('q.event_date')).as('event_date'),
      'q.start_time',
      'q.end_time',
      'q.total_cents',
      'q.tax_type',
      'q.tax_rate_bp',
      'q.deposit_type',
      'q.deposit_cents',
      'q.deposit_paid',
      'q.deposit_paid_at',
      'q.deposit_paid_method',
      dateText(eb.ref('q.valid_until')).as('valid_until'),
      'q.status',
      'q.booking_id',
      'q.accepted_snapshot',
      'q.created_at',
      'd.invoice_number',
      'd.status as invoice_status',
      'd.paid_at as invoice_paid_at',
    ])
    .$castTo<Row>();
}

/** The tab's one order: newest quotation first, then the id, off quotations_deposit_idx. */
const ORDER: ListOrder = {
  sort: 'created',
  order: 'desc',
  keys: [
    { expr: 'q.created_at', type: 'timestamptz', index: 'DESC' },
    { expr: 'q.id', type: 'uuid', index: 'ASC' },
  ],
};

type Eb = ExpressionBuilder<
  MoneyDb & { q: QuotationsTable } & { d: { [K in keyof InvoicesTable]: InvoicesTable[K] | null } },
  'q' | 'd'
>;

/** Paid: an accepted quotation's deposit invoice is PAID; any other's own flag is set. */
function depositPaid(eb: Eb) {
  return eb.or([
    // no invoice: false, never NULL (NOT of it is Unpaid)
    eb.and([eb('q.status', '=', 'Accepted'), eb('d.status', 'is not', null), eb('d.status', '=', 'PAID')]),
    eb.and([eb('q.status', '<>', 'Accepted'), eb('q.deposit_paid', '=', true)]),
  ]);
}

/**
 * Quotations with a deposit (the tenant stated), the screen's search (quotation id, customer,
 * e-mail, resource) and Paid/Unpaid: an accepted one's deposit is paid when the booking's deposit
 * invoice is, any other's by its own flag (toQuotationDeposit below).
 */
function filtersOf(tenantId: string, q: Partial<Pick<DepositPageQuery, 'search' | 'paid'>>) {
  const text = q.search?.trim();
  return (eb: Eb): Expression<SqlBool>[] => {
    const where: Expression<SqlBool>[] = [eb('q.tenant_id', '=', tenantId), eb('q.deposit_cents', '>', 0)];
    const paid = depositPaid(eb);
    if (q.paid === 'Paid') where.push(paid);
    if (q.paid === 'Unpaid') where.push(eb.not(paid));
    if (text) {
      const like = likePattern(text);
      where.push(
        eb.or([
          eb(eb.cast('q.id', 'text'), 'like', like),
          eb(eb.fn('lower', ['q.number']), 'like', like),
          ...(['q.customer_name', 'q.customer_email', 'q.resource_name'] as const).map((c) =>
            eb(eb.fn('lower', [c]), 'like', like),
          ),
        ]),
      );
    }
    return where;
  };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toQuotationDeposit(r: Row, day: string): QuotationDeposit {
  const status = effectiveStatus(r, day);
  const snap = r.status === 'Accepted' ? r.accepted_snapshot : null;
  // The GST-inclusive total as quoted (the snapshot's when accepted; else worked out as the list does).
  const total = snap
    ? Math.round(snap.totalInclGst * 100)
    : gstSplit(Number(r.total_cents), r.tax_type === 'Exclusive' ? 'exclusive' : 'inclusive', r.tax_rate_bp)
        .totalCents;
  const deposit = snap ? snap.depositCents : Number(r.deposit_cents);
  const accepted = r.status === 'Accepted';
  const paid = accepted ? r.invoice_status === 'PAID' : r.deposit_paid;
  const paidAt = accepted ? (paid ? iso(r.invoice_paid_at) : null) : iso(r.deposit_paid_at);
  return {
    quotationId: r.id,
    quotationNumber: r.number,
    hallOwnerId: r.tenant_id,
    customerName: snap?.customerName ?? r.customer_name,
    customerEmail: snap?.customerEmail ?? r.customer_email,
    eventType: snap?.eventType ?? r.event_type,
    eventDate: snap?.eventDate ?? r.event_date,
    startTime: snap?.startTime ?? r.start_time,
    endTime: snap?.endTime ?? r.end_time,
    // the row's name: a snapshot frozen before names came from the catalogue may hold the id
    resource: r.resource_name,
    quotationStatus: status,
    totalCents: total,
    depositCents: deposit,
    finalDueCents: Math.max(0, total - deposit),
    depositType: snap?.depositType ?? r.deposit_type,
    depositPaid: paid,
    paidAt,
    paymentMethod: accepted || !paid ? null : r.deposit_paid_method,
    status: paid ? 'Deposit Paid' : status,
    markable: r.status === 'Draft' || r.status === 'Sent',
    bookingId: r.booking_id,
    depositInvoiceNumber: r.invoice_number,
  };
}

async function one(tx: Tx, tenantId: string, id: string, day: string): Promise<QuotationDeposit> {
  const row = await selectDeposits(tx)
    .where('q.tenant_id', '=', tenantId)
    .where('q.id', '=', id)
    .executeTakeFirstOrThrow();
  return toQuotationDeposit(row, day);
}

/** Why a mark did not apply (the conditional update matched nothing): 404 or the right 409. */
async function refusal(tx: Tx, tenantId: string, id: string | null, paying: boolean): Promise<never> {
  const row = await loadQuotation(tx, tenantId, id);
  if (Number(row.deposit_cents) <= 0) throw conflict(M.noDeposit);
  if (row.status === 'Accepted' || row.status === 'Accepting') throw conflict(M.accepted);
  if (row.status === 'Declined') throw conflict(M.declined);
  throw conflict(paying ? M.alreadyPaid : M.notPaid);
}

async function audit(tx: Tx, ctx: AppContext, action: string, d: QuotationDeposit, info: string) {
  await tx.audit(ctx, {
    action,
    targetType: 'quotation',
    target: d.quotationNumber ?? d.quotationId,
    targetLabel: `${d.quotationNumber ? `Quotation ${d.quotationNumber}` : 'Draft quotation'} — ${d.customerName} · ${d.eventType} · ${d.eventDate}`,
    additionalInfo: info,
  });
}

export function quotationDepositRoutes(router: AppRouter): void {
  router.get('/api/deposits/quotations', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const day = today(await moneySettings(tx, tenantId));
    const rows = await selectDeposits(tx)
      .where('q.tenant_id', '=', tenantId)
      .where('q.deposit_cents', '>', 0)
      .orderBy('q.created_at', 'desc')
      .orderBy('q.id')
      // The array for other API clients: the newest LIST_ARRAY_CAP (decision 52); the tab pages
      // with GET /api/deposits/quotations/page.
      .limit(LIST_ARRAY_CAP)
      .execute();
    ctx.body = rows.map((r) => toQuotationDeposit(r, day));
  });

  // One page of the tab, searched and filtered by the database (decision 52).
  router.get('/api/deposits/quotations/page', ...guard, async (ctx) => {
    const q = parseQuery(ctx, depositPageQuerySchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const day = today(await moneySettings(tx, tenantId));
    ctx.body = await keysetListPage(
      tx,
      q,
      {
        order: ORDER,
        rows: selectDeposits(tx),
        filters: filtersOf(tenantId, q),
        matches: selectDeposits(tx),
      },
      (r) => toQuotationDeposit(r, day),
    );
  });

  // The tab's three cards over all its rows.
  router.get('/api/deposits/quotations/summary', ...guard, async (ctx) => {
    ctx.body = await depositTabCards(selectDeposits(ctx.state.tx!), filtersOf(tenantOf(ctx), {}), (eb) => {
      const paid = depositPaid(eb);
      return { cents: eb.ref('q.deposit_cents'), paid, unpaid: eb.not(paid) };
    });
  });

  router.post('/api/deposits/quotations/:id/mark-paid', ...guard, async (ctx) => {
    const body = parseBody(ctx, quotationDepositMarkPaidSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const id = idParam(ctx);
    const day = today(await moneySettings(tx, tenantId));
    // One conditional update: only an unpaid deposit of a Draft or Sent quotation is marked.
    const { numUpdatedRows } = await db(tx)
      .updateTable('quotations')
      .set({
        deposit_paid: true,
        deposit_paid_at: NOW,
        deposit_paid_method: body.paymentMethod,
        updated_at: NOW,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deposit_cents', '>', 0)
      .where('deposit_paid', '=', false)
      .where('status', 'in', ['Draft', 'Sent'])
      .executeTakeFirst();
    if (numUpdatedRows === 0n) await refusal(tx, tenantId, id, true);
    const d = await one(tx, tenantId, id!, day);
    const ref = body.reference ? `, reference ${body.reference}` : '';
    await audit(tx, ctx, 'quotation_deposit_paid', d, `${body.paymentMethod}${ref}`);
    ctx.body = d;
  });

  router.post('/api/deposits/quotations/:id/mark-unpaid', ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const id = idParam(ctx);
    const day = today(await moneySettings(tx, tenantId));
    const q = db(tx);
    // The method it was paid by, read under the row lock, for the audit line.
    const old = q
      .selectFrom('quotations')
      .select('deposit_paid_method')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .as('old');
    const rows = await q
      .updateTable('quotations as q')
      .from(old)
      .set({ deposit_paid: false, deposit_paid_at: null, deposit_paid_method: null, updated_at: NOW })
      .where('q.tenant_id', '=', tenantId)
      .where('q.id', '=', id)
      .where('q.deposit_paid', '=', true)
      .where('q.status', 'in', ['Draft', 'Sent'])
      .returning('old.deposit_paid_method as method')
      .execute();
    if (rows.length === 0) await refusal(tx, tenantId, id, false);
    const d = await one(tx, tenantId, id!, day);
    await audit(tx, ctx, 'quotation_deposit_unpaid', d, `was paid by ${rows[0]!.method ?? 'unknown'}`);
    ctx.body = d;
  });
}
