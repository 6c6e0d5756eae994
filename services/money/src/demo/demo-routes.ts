/**
 * POST /internal/demo/history/:tenantId (decision 48): `npm start`'s demo seed hands money the
 * demo venue's invoices (with their payments, voids and refunds), bonds and quotations, after
 * bookings has written the bookings they belong to. Internal only; 404 unless the tenant is a
 * demo venue and SEED_DEMO is on; once (the plan's first invoice present = done), under a
 * transaction lock. A 503 (settings or a booking not in money's copies yet) is retried by the seed.
 */
import { z } from 'zod';
import { demoHistoryRoute, HttpError, type AppRouter, type ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { moneySettings } from '../shared/settings.ts';
import { writeDemoInvoices } from './demo-invoices.ts';
import { writeDemoBonds, writeDemoQuotations } from './demo-quotes-bonds.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.');
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm.');
const instant = z.iso.datetime({ offset: true });
const cents = z.number().int().min(1).max(100_000_000);
const method = z.enum(['Bank Transfer', 'Card', 'Cash', 'Cheque']);
const text = (max: number) => z.string().trim().min(1).max(max);

export const demoMoneySchema = z.object({
  invoices: z
    .array(
      z.object({
        id: z.uuid(),
        bookingId: z.uuid(),
        type: z.enum(['DEPOSIT', 'FINAL']),
        createdAt: instant,
        issuedAt: instant.nullable(),
        dueDate: day,
        payments: z
          .array(
            // amountCents null: the balance left at that moment (paid in full)
            z.object({
              id: z.uuid(),
              at: instant,
              amountCents: cents.nullable(),
              method,
              reference: z.string().max(100),
            }),
          )
          .max(10),
        voidedAt: instant.nullable(),
        refund: z
          .object({ at: instant, reason: text(500), creditNoteId: z.uuid(), paymentId: z.uuid() })
          .nullable(),
      }),
    )
    .min(1)
    .max(2000),
  bonds: z
    .array(
      z.object({
        id: z.uuid(),
        bookingId: z.uuid(),
        amountCents: cents,
        method,
        receivedAt: instant,
        refundedAt: instant.nullable(),
      }),
    )
    .max(500),
  quotations: z
    .array(
      z.object({
        id: z.uuid(),
        customerName: text(200),
        customerEmail: z.email().max(320),
        customerPhone: z.string().max(40),
        eventType: text(100),
        resourceId: z.uuid(),
        resourceName: text(200),
        eventDate: day,
        startTime: time,
        endTime: time,
        guestCount: z.number().int().min(1).max(10000),
        totalCents: cents,
        depositPercent: z.number().int().min(0).max(100),
        validUntil: day,
        status: z.enum(['Draft', 'Sent', 'Accepted', 'Declined']),
        createdAt: instant,
        sentAt: instant.nullable(),
        decidedAt: instant.nullable(),
        bookingId: z.uuid().nullable(),
      }),
    )
    .max(500),
});
export type DemoMoney = z.infer<typeof demoMoneySchema>;

export function demoRoutes(router: AppRouter, kit: ServiceKit, now: () => Date = () => new Date()): void {
  demoHistoryRoute(router, kit, demoMoneySchema, async (tx, tenantId, plan) => {
    const q = db(tx);
    // One import per tenant at a time: a transaction-scoped advisory lock on the tenant's key.
    await q
      .selectNoFrom((eb) =>
        eb
          .fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`demo-history:money:${tenantId}`)])])
          .as('locked'),
      )
      .execute();
    const done = await q
      .selectFrom('invoices')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', plan.invoices[0]!.id)
      .executeTakeFirst();
    if (done) return { created: 0, already: true };
    // Every booking the history invoices must be in money's copy first (bookings' events are
    // still arriving right after its import): one cheap check, then the seed retries.
    const ids = [...new Set([...plan.invoices, ...plan.bonds].map((x) => x.bookingId))];
    const copies = await q
      .selectFrom('booking_copy')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      // = ANY of one array parameter (its type, uuid[], inferred from booking_id)
      .where('booking_id', '=', (eb) => eb.fn<string>('any', [eb.val(ids)]))
      .executeTakeFirst();
    if (Number(copies?.n ?? 0) < ids.length)
      throw new HttpError(503, 'The demo bookings have not all reached money yet.');
    const settings = await moneySettings(tx, tenantId);
    // The seller's details ride on admin's settings event: issuing waits for them.
    if (!settings.paymentReceived) throw new HttpError(503, 'Payment settings have not reached money yet.');
    await writeDemoInvoices(tx, tenantId, plan.invoices, settings, now());
    await writeDemoBonds(tx, tenantId, plan.bonds);
    await writeDemoQuotations(tx, tenantId, plan.quotations, settings);
    await tx.audit(null, {
      action: 'demo_history_imported',
      targetType: 'invoice',
      target: null,
      targetLabel: 'Demo history',
      additionalInfo: `${plan.invoices.length} invoices, ${plan.bonds.length} bonds, ${plan.quotations.length} quotations`,
      actor: { id: null, email: 'system', role: 'system' },
      tenantId,
    });
    return { created: plan.invoices.length + plan.bonds.length + plan.quotations.length, already: false };
  });
}
