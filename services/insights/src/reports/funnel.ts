/**
 * The Bookings Funnel and the cancellation reasons of Reports (spec 03 §2.10, §7).
 *
 * Funnel: the bookings made in the period (by when they were made), counted at the furthest
 * stage each reached (bookings' furthest_stage, migration 011: a hold that was confirmed and then
 * cancelled still counts as held and confirmed). Quotes: money's quotations first sent in the
 * period, and of those the ones accepted (a booking was made from them).
 */
import type { Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { inSegment, span, type ReportScope } from './scope.ts';

export const FUNNEL_STAGES = ['Requests', 'Held', 'Confirmed', 'Completed'] as const;

/** `GET /api/reports/funnel-data`. */
export async function funnelData(tx: Tx, s: ReportScope) {
  const [start, end] = span(s.from, s.to, s.zone);
  const stages = db(tx)
    .selectFrom('bookings as b')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('requests'),
      eb.fn.countAll<number | string>().filterWhere('b.furthest_stage', '>=', 1).as('held'),
      eb.fn.countAll<number | string>().filterWhere('b.furthest_stage', '>=', 2).as('confirmed'),
      eb.fn
        .countAll<number | string>()
        .filterWhere((w) => w.or([w('b.furthest_stage', '>=', 3), w('b.status', '=', 'completed')]))
        .as('completed'),
    ])
    .where('b.tenant_id', '=', s.tenantId)
    .where('b.created_at', '>=', start)
    .where('b.created_at', '<', end)
    .where((eb) => inSegment(s, eb))
    .executeTakeFirst();
  const quotes = db(tx)
    .selectFrom('quotations as q')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('sent'),
      eb.fn
        .countAll<number | string>()
        .filterWhere((w) =>
          w.or([
            w('q.status', '=', 'Accepted'),
            w.exists(
              w
                .selectFrom('bookings as qb')
                .select(w.lit(1).as('one'))
                .where('qb.tenant_id', '=', s.tenantId)
                .where((x) => x('qb.quotation_id', '=', x.cast<string>('q.id', 'text'))),
            ),
          ]),
        )
        .as('accepted'),
    ])
    .where('q.tenant_id', '=', s.tenantId)
    .where('q.sent_at', '>=', start)
    .where('q.sent_at', '<', end)
    .executeTakeFirst();
  // Independent reads, asked for together (one write and one round trip on the server).
  const [b, q] = await Promise.all([stages, quotes]);
  const segmented = s.nfp || s.vip;
  return {
    funnelData: FUNNEL_STAGES.map((stage, i) => ({
      stage,
      count: Number([b?.requests, b?.held, b?.confirmed, b?.completed][i] ?? 0),
    })),
    quotes: [
      { stage: 'Quotes sent', count: Number(q?.sent ?? 0) },
      { stage: 'Quotes accepted', count: Number(q?.accepted ?? 0) },
    ],
    note:
      'Bookings made in the period, each counted at the furthest stage it reached (a booking confirmed and later cancelled counts as confirmed). ' +
      'Quotes: quotations first sent in the period, and of those the ones accepted into a booking.' +
      (segmented ? ' Quotes are not split by segment (a quotation carries no customer tier).' : ''),
  };
}

/** The reason codes of the cancel dialog (spec 02 §2), in words; anything else as written. */
const REASON_WORDS: Record<string, string> = {
  resource_unavailable: 'Resource unavailable',
  scheduling_conflict: 'Scheduling conflict',
  customer_request: 'Customer request',
  admin_decision: 'Admin decision',
  other: 'Other',
};
export const NO_REASON = 'Not specified';

/** `GET /api/reports/cancellation-reasons`: bookings cancelled in the period, by reason. */
export async function cancellationReasons(tx: Tx, s: ReportScope) {
  const [start, end] = span(s.from, s.to, s.zone);
  const rows = await db(tx)
    .selectFrom('bookings as b')
    .select((eb) => [
      eb.fn<string | null>('nullif', [eb.fn('btrim', ['b.cancellation_reason']), eb.val('')]).as('reason'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where('b.tenant_id', '=', s.tenantId)
    .where('b.cancelled_at', '>=', start)
    .where('b.cancelled_at', '<', end)
    .where('b.status', '=', 'cancelled')
    .where((eb) => inSegment(s, eb))
    .groupBy('reason')
    .execute();
  const counts = new Map<string, number>();
  for (const r of rows) {
    const words = r.reason === null ? NO_REASON : (REASON_WORDS[r.reason] ?? r.reason);
    counts.set(words, (counts.get(words) ?? 0) + Number(r.count));
  }
  return {
    reasons: [...counts]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}
