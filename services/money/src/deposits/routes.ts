/**
 * Deposits (spec 03 §2.2): the venue's confirmed bookings with their deposit, Mark Paid (a
 * payment on the booking's DEPOSIT invoice, issued first if need be) and Mark Unpaid (a
 * reversal record; nothing is deleted). The paid flag is the deposit invoice's: one writer.
 */
import {
  depositMarkPaidSchema,
  depositMarkUnpaidSchema,
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
  parseBody,
  requireAuth,
  requirePermission,
  requireTenantParam,
  type AppRouter,
  type Tx,
  withTx,
} from '@venue/service-kit';
import type { Principal } from '@venue/contracts';
import { findBooking } from '../copies/booking-copy.ts';
import { loadInvoice, toInvoice } from '../invoices/invoice-row.ts';
import {
  auditInvoiceCreated,
  createInvoice,
  issueInvoice,
  recordPayment,
  reversePayments,
} from '../invoices/operations.ts';
import { actorOf, idParam, tenantOf } from '../shared/http.ts';
import { bookingMoney } from '../shared/booking-money.ts';
import { moneySettings, today } from '../shared/settings.ts';

interface DepositRow {
  tenant_id: string;
  booking_id: string;
  booking_code: string;
  status: string;
  customer_name: string;
  customer_email: string;
  event_type: string;
  booking_date: string;
  start_time: string;
  end_time: string;
  resource_name: string;
  total_cents: number | string | null;
  price_cents: number | string;
  deposit_cents: number | string | null;
  deposit_type: string;
  invoice_id: string | null;
  invoice_number: string | null;
  invoice_status: string | null;
  invoice_deposit_cents: number | string | null;
  paid_at: Date | string | null;
  last_payment_id: string | null;
}

const DEPOSIT_SELECT = `SELECT b.tenant_id, b.booking_id, b.booking_code, b.status, b.customer_name, b.customer_email,
       b.event_type, to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date, b.start_time, b.end_time,
       b.resource_name, b.total_cents, b.price_cents, b.deposit_cents, b.deposit_type,
       d.id AS invoice_id, d.invoice_number, d.status AS invoice_status,
       d.total_cents - d.credited_cents AS invoice_deposit_cents, d.paid_at,
       (SELECT p.id FROM payments p WHERE p.tenant_id = d.tenant_id AND p.invoice_id = d.id AND p.kind = 'payment'
           AND p.reversed_at IS NULL ORDER BY p.processed_at DESC LIMIT 1) AS last_payment_id
  FROM booking_copy b
  LEFT JOIN invoices d ON d.tenant_id = b.tenant_id AND d.booking_id = b.booking_id AND d.type = 'DEPOSIT'
                      AND d.status <> 'VOID'`;

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
  const { rows } = await tx.query<DepositRow>(
    `${DEPOSIT_SELECT} WHERE b.tenant_id = $1 AND b.booking_id = $2`,
    [tenantId, bookingId],
  );
  return toDeposit(rows[0]!);
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
  const { rows } = await tx.query<{ id: string; status: string }>(
    `SELECT id, status FROM invoices WHERE tenant_id = $1 AND booking_id = $2 AND type = 'DEPOSIT' AND status <> 'VOID'`,
    [tenantId, booking.booking_id],
  );
  let invoice = rows[0];
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
      const { rows } = await ctx.state.tx!.query<DepositRow>(
        `${DEPOSIT_SELECT} WHERE b.tenant_id = $1 AND b.status = 'confirmed' AND b.total_cents IS NOT NULL
        ORDER BY b.booking_date DESC, b.booking_id LIMIT 5000`,
        [String(ctx.params.hallOwnerId)],
      );
      ctx.body = rows.map(toDeposit);
    },
  );

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
