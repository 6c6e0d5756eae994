/**
 * Deposits (spec 03 §2.2): the venue's confirmed bookings with their deposit, Mark Paid (a
 * payment on the booking's DEPOSIT invoice, issued first if need be) and Mark Unpaid (a
 * reversal record; nothing is deleted), both in mark.ts. The paid flag is the deposit
 * invoice's: one writer.
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
} from '@venue/contracts/money-api';
import {
  HttpError,
  requireInternal,
  type AuditContext,
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
import { dateText, db, type MoneyDb } from '../db/query.ts';
import type { BookingCopyTable, InvoicesTable } from '../db/schema.ts';

/** A left-joined table's columns, each nullable (as Kysely types them). */
type Nullable<T> = { [K in keyof T]: T[K] | null };
import { loadInvoice, toInvoice } from '../invoices/invoice-row.ts';
import { actorOf, idParam, tenantOf } from '../shared/http.ts';
import { keysetListPage, likePattern, type ListOrder } from '../invoices/list-page.ts';
import { bookingMoney } from '../shared/booking-money.ts';
import { today } from '../shared/settings.ts';
import { depositTabCards } from './deposit-cards.ts';
import { markDepositPaid, markDepositUnpaid } from './mark.ts';

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
const DEPOSIT_ORDER: ListOrder = {
  sort: 'eventDate',
  order: 'desc',
  keys: [
    { expr: 'b.list_day_key', type: 'bigint', index: 'DESC' },
    { expr: 'b.booking_id', type: 'uuid', index: 'ASC' },
  ],
};

type DepositEb = ExpressionBuilder<
  MoneyDb & { b: BookingCopyTable } & { d: Nullable<InvoicesTable> },
  'b' | 'd'
>;

/** Paid: the deposit invoice is PAID (one writer, decision 32); unpaid: no such invoice, or not PAID. */
const depositPaid = (eb: DepositEb) => eb('d.status', '=', 'PAID');
const depositUnpaid = (eb: DepositEb) => eb.or([eb('d.status', 'is', null), eb('d.status', '<>', 'PAID')]);

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
    if (q.paid === 'Paid') where.push(depositPaid(eb));
    if (q.paid === 'Unpaid') where.push(depositUnpaid(eb));
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
    ctx.body = await keysetListPage(
      tx,
      q,
      {
        order: DEPOSIT_ORDER,
        rows: selectDeposits(tx),
        filters: depositFilters(tenantOf(ctx), q),
        matches: selectDeposits(tx),
      },
      toDeposit,
    );
  });

  // The tab's three cards over all its rows.
  router.get('/api/deposits/summary', ...guard, async (ctx) => {
    ctx.body = await depositTabCards(
      selectDeposits(ctx.state.tx!),
      depositFilters(tenantOf(ctx), {}),
      (eb) => ({
        // the deposit as the row shows it: its invoice's, less credits; else the booking's
        cents: eb.fn.coalesce(
          eb('d.total_cents', '-', eb.ref('d.credited_cents')),
          'b.deposit_cents',
          eb.lit(0),
        ),
        paid: depositPaid(eb),
        unpaid: depositUnpaid(eb),
      }),
    );
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
