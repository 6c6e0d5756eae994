/**
 * Deposits (spec 03 §2.2): the venue's confirmed bookings with their deposit, Mark Paid (a
 * payment on the booking's DEPOSIT invoice, issued first if need be) and Mark Unpaid (a
 * reversal record; nothing is deleted). The paid flag is the deposit invoice's: one writer.
 */
import {
  depositMarkPaidSchema,
  depositMarkUnpaidSchema,
  depositPageQuerySchema,
  LIST_ARRAY_CAP,
  type DepositPageQuery,
  internalDepositRequestSchema,
  type BookingMoney,
  type Deposit,
  type InternalDepositAnswer,
  type PaymentMethod,
} from '@venue/contracts/money-api';
import {
  conflict,
  HttpError,
  notFound,
  requireInternal,
  type AuditContext,
  keysetAfterCursor,
  keysetColumns,
  keysetOrder,
  parseBody,
  parseQuery,
  requireAuth,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  requirePermission,
  requireTenantParam,
  type AppRouter,
  type Tx,
  withTx,
} from '@venue/service-kit';
import type { Principal } from '@venue/contracts';
import { findBooking } from '../copies/booking-copy.ts';
import { dateText, db, type MoneyDb } from '../db/query.ts';
import type { BookingCopyTable, InvoicesTable } from '../db/schema.ts';

/** A left-joined table's columns, each nullable (as Kysely types them). */
type Nullable<T> = { [K in keyof T]: T[K] | null };
import { loadInvoice, toInvoice } from '../invoices/invoice-row.ts';
import {
  auditInvoiceCreated,
  createInvoice,
  issueInvoice,
  recordPayment,
  reversePayments,
} from '../invoices/operations.ts';
import { actorOf, idParam, tenantOf } from '../shared/http.ts';
import { COUNT_CAP, decodeCursor, keysetPage, type KeysetKey } from '@venue/service-kit/paging';
import { countUpTo, likePattern, pageAnswer, SEARCH_COUNT_CAP } from '../invoices/list-page.ts';
import { bookingMoney } from '../shared/booking-money.ts';
import { moneySettings, today } from '../shared/settings.ts';

/**
 * The booking copies with their deposit invoice (the non-void DEPOSIT one) and its last
 * standing payment; the caller states the tenant and which bookings.
 */
function selectDeposits(tx: Tx) {
  return db(tx)
    .selectFrom('booking_copy as b')
    .leftJoin('invoices as d', (j) =>
      j
        .onRef('d.tenant_id', '=', 'b.tenant_id')
        .onRef('d.booking_id', '=', 'b.booking_id')
        .on('d.type', '=', 'DEPOSIT')
        .on('d.status', '<>', 'VOID'),
    )
    .select((eb) => [
      'b.tenant_id',
      'b.booking_id',
      'b.booking_code',
      'b.status',
      'b.customer_name',
      'b.customer_email',
      'b.event_type',
      dateText(eb.ref('b.booking_date')).as('booking_date'),
      'b.start_time',
      'b.end_time',
      'b.resource_name',
      'b.total_cents',
      'b.price_cents',
      'b.deposit_cents',
      'b.deposit_type',
      'd.id as invoice_id',
      'd.invoice_number',
      'd.status as invoice_status',
      eb('d.total_cents', '-', eb.ref('d.credited_cents')).as('invoice_deposit_cents'),
      'd.paid_at',
      eb
        .selectFrom('payments as p')
        .select('p.id')
        .whereRef('p.tenant_id', '=', 'd.tenant_id')
        .whereRef('p.invoice_id', '=', 'd.id')
        .where('p.kind', '=', 'payment')
        .where('p.reversed_at', 'is', null)
        .orderBy('p.processed_at', 'desc')
        .limit(1)
        .as('last_payment_id'),
    ]);
}

type DepositRow = Awaited<ReturnType<ReturnType<typeof selectDeposits>['executeTakeFirstOrThrow']>>;

function toDeposit(r: DepositRow): Deposit {
  const total = Number(r.total_cents ?? r.price_cents);
  const deposit = Number(r.invoice_deposit_cents ?? r.deposit_cents ?? 0);
  const paid = r.invoice_status === 'PAID';
  return {
    bookingId: r.booking_id,
    hallOwnerId: r.tenant_id,
    bookingCode: r.booking_code,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    eventType: r.event_type,
    eventDate: r.booking_date,
    startTime: r.start_time,
    endTime: r.end_time,
    resource: r.resource_name,
    bookingStatus: r.status,
    totalCents: total,
    depositCents: deposit,
    finalDueCents: Math.max(0, total - deposit),
    total: total / 100,
    deposit: deposit / 100,
    finalDue: Math.max(0, total - deposit) / 100,
    depositType: r.deposit_type,
    depositPaid: paid,
    paidAt: paid && r.paid_at ? new Date(r.paid_at).toISOString() : null,
    status: paid ? 'Paid' : 'Unpaid',
    depositInvoiceId: r.invoice_id,
    depositInvoiceNumber: r.invoice_number,
    lastPaymentId: r.last_payment_id,
  };
}

async function depositOf(tx: Tx, tenantId: string, bookingId: string): Promise<Deposit> {
  const row = await selectDeposits(tx)
    .where('b.tenant_id', '=', tenantId)
    .where('b.booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return toDeposit(row);
}

/**
 * The booking tab's one order: latest event day first, then the booking id, off
 * booking_copy_deposits_idx (migration 050: the day as a stored day number, the status an equality).
 */
const DEPOSIT_KEYS: KeysetKey[] = [
  { expr: 'b.list_day_key', type: 'bigint', index: 'DESC' },
  { expr: 'b.booking_id', type: 'uuid', index: 'ASC' },
];

type DepositEb = ExpressionBuilder<
  MoneyDb & { b: BookingCopyTable } & { d: Nullable<InvoicesTable> },
  'b' | 'd'
>;

/**
 * The tab's rows (confirmed bookings with figures, the tenant stated) and the screen's search
 * (booking code, customer, e-mail, resource) and Paid/Unpaid filter (the deposit invoice's status).
 */
function depositFilters(tenantId: string, q: Partial<Pick<DepositPageQuery, 'search' | 'paid'>>) {
  const text = q.search?.trim();
  return (eb: DepositEb): Expression<SqlBool>[] => {
    const where: Expression<SqlBool>[] = [
      eb('b.tenant_id', '=', tenantId),
      eb('b.status', '=', 'confirmed'),
      eb('b.total_cents', 'is not', null),
    ];
    if (q.paid === 'Paid') where.push(eb('d.status', '=', 'PAID'));
    if (q.paid === 'Unpaid') where.push(eb.or([eb('d.status', 'is', null), eb('d.status', '<>', 'PAID')]));
    if (text) {
      const like = likePattern(text);
      where.push(
        eb.or(
          (['b.booking_code', 'b.customer_name', 'b.customer_email', 'b.resource_name'] as const).map((c) =>
            eb(eb.fn('lower', [c]), 'like', like),
          ),
        ),
      );
    }
    return where;
  };
}

const guardNoTx = [requireAuth, requirePermission('deposits')] as const;
/** The guards, then the request's transaction (opened only once the caller may proceed). */
const guard = [...guardNoTx, withTx] as const;

/** The booking (locked) and its deposit invoice id, raising and issuing the invoice if it has none yet. */
async function depositInvoiceFor(
  tx: Tx,
  ctx: AuditContext | null,
  actor: string | null,
  tenantId: string,
  bookingId: string | null,
  create: boolean,
) {
  const booking = bookingId ? await findBooking(tx, tenantId, bookingId, true) : null;
  if (!booking) throw notFound('Booking not found');
  const settings = await moneySettings(tx, tenantId);
  let invoice: { id: string; status: string } | undefined = await db(tx)
    .selectFrom('invoices')
    .select(['id', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', booking.booking_id)
    .where('type', '=', 'DEPOSIT')
    .where('status', '<>', 'VOID')
    .executeTakeFirst();
  if (!invoice) {
    if (!create || Number(booking.deposit_cents ?? 0) <= 0) throw conflict('This booking has no deposit.');
    const draft = await createInvoice(
      tx,
      tenantId,
      booking,
      { invoiceType: 'DEPOSIT', createdBy: actor },
      settings,
    );
    await auditInvoiceCreated(tx, ctx, tenantId, draft);
    invoice = { id: draft.id, status: 'DRAFT' };
  }
  if (create && invoice.status === 'DRAFT') await issueInvoice(tx, ctx, tenantId, invoice.id, settings);
  return { booking, invoiceId: invoice.id, settings };
}

export interface DepositChange {
  paymentMethod: PaymentMethod;
  reference?: string | undefined;
  notes?: string | undefined;
  actor: string | null;
}

/**
 * Mark Paid: a payment of what the deposit invoice still asks (issued first if it was not).
 * `already: 'ok'` makes an already-paid deposit a no-op (bookings' hand-over), else 409.
 */
export async function markDepositPaid(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  bookingId: string | null,
  change: DepositChange,
  already: 'ok' | 'conflict' = 'conflict',
) {
  const { booking, invoiceId, settings } = await depositInvoiceFor(
    tx,
    ctx,
    change.actor,
    tenantId,
    bookingId,
    true,
  );
  const current = await loadInvoice(tx, tenantId, invoiceId);
  if (current.status === 'PAID') {
    if (already === 'conflict') throw conflict('This deposit is already paid.');
  } else {
    const balance = Number(current.total_cents) - Number(current.credited_cents) - Number(current.paid_cents);
    await recordPayment(
      tx,
      ctx,
      tenantId,
      invoiceId,
      {
        amountCents: balance,
        paymentMethod: change.paymentMethod,
        reference: change.reference,
        notes: change.notes ?? 'Deposit marked paid',
        createdBy: change.actor,
      },
      settings,
    );
  }
  return { bookingId: booking.booking_id, invoiceId, settings };
}

/** Mark Unpaid: reversal records for the deposit's payments. `already: 'ok'`: unpaid is a no-op. */
export async function markDepositUnpaid(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  bookingId: string | null,
  reason: string | undefined,
  actor: string | null,
  already: 'ok' | 'conflict' = 'conflict',
) {
  const { booking, invoiceId, settings } = await depositInvoiceFor(
    tx,
    ctx,
    actor,
    tenantId,
    bookingId,
    false,
  );
  const current = await loadInvoice(tx, tenantId, invoiceId);
  if (Number(current.paid_cents) > 0 || already === 'conflict')
    await reversePayments(tx, ctx, tenantId, invoiceId, reason, actor, settings);
  return { bookingId: booking.booking_id, invoiceId, settings };
}

export function depositRoutes(router: AppRouter) {
  router.get(
    '/api/deposits/hall-owner/:hallOwnerId',
    ...guardNoTx,
    requireTenantParam('hallOwnerId'),
    withTx,
    async (ctx) => {
      const rows = await selectDeposits(ctx.state.tx!)
        .where('b.tenant_id', '=', String(ctx.params.hallOwnerId))
        .where('b.status', '=', 'confirmed')
        .where('b.total_cents', 'is not', null)
        .orderBy('b.booking_date', 'desc')
        .orderBy('b.booking_id')
        // The spec's array for other API clients: the latest LIST_ARRAY_CAP (decision 52); the
        // screen pages with GET /api/deposits.
        .limit(LIST_ARRAY_CAP)
        .execute();
      ctx.body = rows.map(toDeposit);
    },
  );

  // One page of the Web & Admin Bookings tab, searched and filtered by the database (decision 52).
  router.get('/api/deposits', ...guard, async (ctx) => {
    const q = parseQuery(ctx, depositPageQuerySchema);
    const tx = ctx.state.tx!;
    const filters = depositFilters(tenantOf(ctx), q);
    const after = q.cursor ? decodeCursor(q.cursor, 'eventDate', 'desc', DEPOSIT_KEYS) : null;
    const rows = await selectDeposits(tx)
      .select(keysetColumns(DEPOSIT_KEYS))
      .where((eb) =>
        eb.and(after ? [...filters(eb), keysetAfterCursor(DEPOSIT_KEYS, 'desc', after)] : filters(eb)),
      )
      .orderBy(keysetOrder(DEPOSIT_KEYS, 'desc'))
      .limit(q.limit + 1)
      .offset(q.cursor ? 0 : (q.page - 1) * q.limit)
      .execute();
    const page = keysetPage(rows, q.limit, 'eventDate', 'desc', DEPOSIT_KEYS);
    const cap = q.search?.trim() ? SEARCH_COUNT_CAP : COUNT_CAP;
    ctx.body = await pageAnswer(q, page, page.rows.map(toDeposit), cap, () =>
      countUpTo(
        tx,
        selectDeposits(tx).where((eb) => eb.and(filters(eb))),
        cap,
      ),
    );
  });

  // The tab's three cards over all its rows: one aggregate, nothing summed in the browser.
  router.get('/api/deposits/summary', ...guard, async (ctx) => {
    const filters = depositFilters(tenantOf(ctx), {});
    const row = await selectDeposits(ctx.state.tx!)
      .clearSelect()
      .select((eb) => {
        const paid = eb('d.status', '=', 'PAID');
        const unpaid = eb.or([eb('d.status', 'is', null), eb('d.status', '<>', 'PAID')]);
        // the deposit as the row shows it: its invoice's, less credits; else the booking's
        const cents = eb.fn.coalesce(
          eb('d.total_cents', '-', eb.ref('d.credited_cents')),
          'b.deposit_cents',
          eb.lit(0),
        );
        const sum = (where?: Expression<SqlBool>) =>
          eb.fn.coalesce(
            where ? eb.fn.sum<number>(cents).filterWhere(where) : eb.fn.sum<number>(cents),
            eb.lit(0),
          );
        return [
          sum().as('totalCents'),
          eb.fn.countAll<number>().as('totalCount'),
          sum(paid).as('paidCents'),
          eb.fn.countAll<number>().filterWhere(paid).as('paidCount'),
          sum(unpaid).as('unpaidCents'),
          eb.fn.countAll<number>().filterWhere(unpaid).as('unpaidCount'),
        ];
      })
      .where((eb) => eb.and(filters(eb)))
      .executeTakeFirst();
    const n = (v: unknown) => Number(v ?? 0);
    ctx.body = {
      total: { cents: n(row?.totalCents), count: n(row?.totalCount) },
      paid: { cents: n(row?.paidCents), count: n(row?.paidCount) },
      unpaid: { cents: n(row?.unpaidCents), count: n(row?.unpaidCount) },
    };
  });

  router.post('/api/deposits/:bookingId/mark-paid', ...guard, async (ctx) => {
    const body = parseBody(ctx, depositMarkPaidSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const done = await markDepositPaid(tx, ctx, tenantId, idParam(ctx, 'bookingId'), {
      ...body,
      actor: actorOf(ctx),
    });
    ctx.body = {
      deposit: await depositOf(tx, tenantId, done.bookingId),
      invoice: toInvoice(await loadInvoice(tx, tenantId, done.invoiceId), today(done.settings)),
    };
  });

  router.post('/api/deposits/:bookingId/mark-unpaid', ...guard, async (ctx) => {
    const body = parseBody(ctx, depositMarkUnpaidSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const done = await markDepositUnpaid(
      tx,
      ctx,
      tenantId,
      idParam(ctx, 'bookingId'),
      body.reason,
      actorOf(ctx),
    );
    ctx.body = {
      deposit: await depositOf(tx, tenantId, done.bookingId),
      invoice: toInvoice(await loadInvoice(tx, tenantId, done.invoiceId), today(done.settings)),
    };
  });

  // Bookings hands over `PUT /api/bookings/{id}` {payment_details: {deposit_paid}} (decision 32).
  // Refusals travel back as data, so bookings can show the person money's own message.
  router.put('/internal/deposits/:bookingId', requireInternal, async (ctx) => {
    const body = parseBody(ctx, internalDepositRequestSchema);
    const bookingId = idParam(ctx, 'bookingId');
    try {
      // The audit entries name the person who asked in bookings, as if they had asked here.
      const audit: AuditContext | null = body.actor
        ? {
            state: {
              principal: {
                userId: body.actor.id ?? '',
                email: body.actor.email ?? '',
                name: null,
                role: (body.actor.role ?? 'hall_owner') as Principal['role'],
                tenantId: body.tenantId,
                parentUserId: null,
                permissions: [],
                tokenVersion: 0,
              },
            },
          }
        : null;
      const money: BookingMoney = await ctx.kit.db.tenantTx(body.tenantId, async (tx) => {
        const who = body.actor?.email ?? null;
        const done = body.depositPaid
          ? await markDepositPaid(
              tx,
              audit,
              body.tenantId,
              bookingId,
              {
                paymentMethod: body.paymentMethod ?? 'Bank Transfer',
                notes: 'Marked paid on the booking',
                actor: who,
              },
              'ok',
            )
          : await markDepositUnpaid(
              tx,
              null,
              body.tenantId,
              bookingId,
              'Marked unpaid on the booking',
              who,
              'ok',
            );
        return bookingMoney(tx, body.tenantId, done.bookingId);
      });
      ctx.body = { ok: true, bookingMoney: money } satisfies InternalDepositAnswer;
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) {
        ctx.body = { ok: false, status: err.status, message: err.message } satisfies InternalDepositAnswer;
        return;
      }
      throw err;
    }
  });
}
