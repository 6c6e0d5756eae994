/** The Dashboard's Payments due KPI (spec 01 §2), from money's invoices in the read model. */
import type { Kpi } from '@venue/contracts/insights';
import type { ExpressionBuilder, Tx } from '@venue/service-kit';
import { db, resourceBookingIds, type InsightsDb } from '../db/query.ts';
import type { InvoicesTable } from '../db/schema.ts';
import { addDays, dayLabel, dayStart } from './days.ts';
import { kpi, ms, type KpiInput } from './kpi-parts.ts';
import { formatCents } from './text.ts';
// ---------------------------------------------------------------------------------------------
// Payments due (money's invoices)
// ---------------------------------------------------------------------------------------------

/**
 * What was owed on invoices due by the end of each day. An invoice's balance then is its
 * balance now, plus what was paid and credited after that day, less what was reversed and
 * refunded after it (a refund pays back part of a credit note). Three reads (what is owed now
 * on the invoices owed by each of the eight days the KPI shows, the last seven and a week before
 * `day`; the invoices moved lately; their movements), then each day's figure is put together
 * here: a single statement joining days, invoices and payments was planned as a nested loop ten
 * times slower.
 */
export async function paymentsDueKpi(tx: Tx, input: KpiInput): Promise<Kpi> {
  const since = dayStart(addDays(input.day, -7), input.zone);
  // The eight days the KPI shows: a week before `day`, then the seven to it.
  const days = Array.from({ length: 8 }, (_, k) => addDays(input.day, k - 7));
  const [owedNow, moved, movements] = await Promise.all([
    owedNowByDay(tx, input, days),
    movedInvoices(tx, input, since),
    movesSince(tx, input.tenantId, since),
  ]);
  const movesOf = new Map<string, typeof movements>();
  for (const m of movements) movesOf.set(m.invoice_id, [...(movesOf.get(m.invoice_id) ?? []), m]);
  const owedAt = (date: string): { cents: number; count: number } => {
    const end = dayStart(addDays(date, 1), input.zone).getTime();
    const k = days.indexOf(date);
    let cents = Number(owedNow[`c${k}`] ?? 0);
    let count = Number(owedNow[`n${k}`]);
    for (const inv of moved) {
      if (inv.owed_from > date) continue;
      const now = Number(inv.balance_cents);
      // Counted above with today's balance: replaced by its balance at the end of `date`.
      if (now > 0) {
        cents -= now;
        count--;
      }
      let balance = now;
      for (const m of movesOf.get(inv.id) ?? []) if (ms(m.at) >= end) balance += Number(m.signed);
      if (balance > 0) {
        cents += balance;
        count++;
      }
    }
    return { cents, count };
  };
  const points: Array<[string, number]> = [];
  for (const d of days.slice(1)) points.push([dayLabel(d), owedAt(d).cents]);
  const now = owedAt(input.day);
  const before = owedAt(days[0]!);
  return kpi(
    'paymentsDue',
    'cents',
    now.cents,
    before.cents,
    points,
    `${now.count} invoice${now.count === 1 ? '' : 's'} due or overdue by ${dayLabel(input.day)}, ${formatCents(now.cents)} outstanding; against a week earlier.`,
  );
}

/** The tenant's invoices owed by `input.day` (issued, not void), of the resource when one is chosen. */
function owedInvoices(tx: Tx, input: KpiInput) {
  const t = input.tenantId;
  return db(tx)
    .selectFrom('invoices as i')
    .where('i.tenant_id', '=', t)
    .where('i.status', 'not in', ['DRAFT', 'VOID'])
    .where('i.due_date', '<=', input.day)
    .$if(input.resourceId !== null, (w) =>
      w.where('i.booking_id', 'in', resourceBookingIds(tx, t, input.resourceId!)),
    );
}

/** The day an invoice is owed from: its due date, or its issue date when issued after it. */
function owedFrom(eb: ExpressionBuilder<InsightsDb & { i: InvoicesTable }, 'i'>) {
  return eb.fn<string>('to_char', [
    eb.fn('greatest', ['i.due_date', eb.fn.coalesce('i.issue_date', 'i.due_date')]),
    eb.val('YYYY-MM-DD'),
  ]);
}

/**
 * What is owed now on the invoices owed by the end of each day (due and issued by then), one
 * row of sums (`c<k>` cents, `n<k>` count for `days[k]`) read through the index of owed
 * invoices (migration 021).
 */
function owedNowByDay(tx: Tx, input: KpiInput, days: string[]) {
  return owedInvoices(tx, input)
    .select((eb) => {
      const owedBy = (d: string) =>
        eb(eb.fn('greatest', ['i.due_date', eb.fn.coalesce('i.issue_date', 'i.due_date')]), '<=', d);
      return days.flatMap((d, k) => [
        eb.fn.sum<number | string | null>('i.balance_cents').filterWhere(owedBy(d)).as(`c${k}`),
        eb.fn.countAll<number | string>().filterWhere(owedBy(d)).as(`n${k}`),
      ]);
    })
    .where('i.balance_cents', '>', 0)
    .executeTakeFirstOrThrow();
}

/**
 * The invoices paid, refunded or credited lately, one by one: their balance differed on the
 * days shown, so they are taken out of the sums above and worked out with their movements.
 * Each is looked up by its key (a lateral join): as `id IN (…)` the planner read every invoice
 * of the tenant to hash-join a few hundred.
 */
function movedInvoices(tx: Tx, input: KpiInput, since: Date) {
  const t = input.tenantId;
  return db(tx)
    .selectFrom((eb) =>
      eb
        .selectFrom('payments as p')
        .select('p.invoice_id')
        .where('p.tenant_id', '=', t)
        .where('p.processed_at', '>=', since)
        .union(
          eb
            .selectFrom('credit_notes as c')
            .select('c.invoice_id')
            .where('c.tenant_id', '=', t)
            .where('c.created_at', '>=', since),
        )
        .as('m'),
    )
    .innerJoinLateral(
      (eb) =>
        owedInvoices(tx, input)
          .select((e) => ['i.id', owedFrom(e).as('owed_from'), 'i.balance_cents'])
          .where('i.id', '=', eb.ref('m.invoice_id'))
          // One invoice per id anyway; the limit keeps the planner from flattening the lateral
          // subquery back into that hash join.
          .limit(1)
          .as('o'),
      (join) => join.onTrue(),
    )
    .select(['o.id', 'o.owed_from', 'o.balance_cents'])
    .execute();
}

/**
 * Payments and credit notes since `since`, signed as they change the balance looking back:
 * + paid or credited, − reversed or refunded.
 */
function movesSince(tx: Tx, t: string, since: Date) {
  return db(tx)
    .selectFrom('payments')
    .select((eb) => [
      'invoice_id',
      eb
        .case()
        .when('kind', '=', 'payment')
        .then(eb.ref('amount_cents'))
        .else(eb.neg(eb.ref('amount_cents')))
        .end()
        .as('signed'),
      'processed_at as at',
    ])
    .where('tenant_id', '=', t)
    .where('processed_at', '>=', since)
    .unionAll((eb) =>
      eb
        .selectFrom('credit_notes')
        .select(['invoice_id', 'amount_cents as signed', 'created_at as at'])
        .where('tenant_id', '=', t)
        .where('created_at', '>=', since),
    )
    .execute();
}
