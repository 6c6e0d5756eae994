/**
 * The Dashboard's lists (spec 01 §2): Today's Schedule, Payments Due, Holds Expiring Soon,
 * Recent Activity and the resource filter, from the read model.
 */
import { centsToDollars } from '@venue/contracts';
import {
  HOLD_EXPIRING_HOURS,
  expiresInWords,
  holdBadge,
  type Activity,
  type Hold,
  type PaymentDue,
  type ScheduleFilter,
  type ScheduleItem,
} from '@venue/contracts/insights';
import { sql, venueIso, wallClock, type Tx } from '@venue/service-kit';
import { decodeCursor, encodeCursor, type KeysetKey } from '@venue/service-kit/paging';
import { db, overlapping, resourceBookingIds } from '../db/query.ts';
import { addDays, dayStart } from './days.ts';
import { actorLabel, humanise } from './text.ts';

const iso = (v: Date | string, zone: string) => venueIso(new Date(v), zone);

export interface ListInput {
  tenantId: string;
  zone: string;
  day: string;
  now: Date;
  resourceId: string | null;
}

/** Which booking statuses each toggle shows: Tentative covers holds and requests awaiting review. */
const STATUSES_OF: Record<Exclude<ScheduleFilter, 'block-out'>, string[]> = {
  confirmed: ['confirmed', 'completed'],
  pending: ['tentative', 'pending'],
};

/** The day's bookings and block-outs the toggles ask for, by start time. */
export async function schedule(
  tx: Tx,
  input: ListInput,
  filters: readonly ScheduleFilter[],
): Promise<ScheduleItem[]> {
  const from = dayStart(input.day, input.zone);
  const to = dayStart(addDays(input.day, 1), input.zone);
  const statuses = filters.flatMap((f) => (f === 'block-out' ? [] : STATUSES_OF[f]));
  const clip = (at: Date | string, edge: Date, after: boolean): string => {
    const t = new Date(at);
    if (after ? t < edge : t > edge) return after ? '00:00' : '23:59';
    return wallClock(t, input.zone).time;
  };
  // The bookings and the block-outs are asked for together (one round trip on the server).
  const bookings = async (): Promise<ScheduleItem[]> => {
    if (statuses.length === 0) return [];
    const rows = await db(tx)
      .selectFrom('bookings as b')
      .select([
        'b.id',
        'b.booking_code',
        'b.customer_name',
        'b.resource_id',
        'b.resource_name',
        'b.title',
        'b.status',
        'b.starts_at',
        'b.ends_at',
      ])
      .where('b.tenant_id', '=', input.tenantId)
      // Through the start-time index from a week before the day (and the long bookings' own):
      // `starts_at < to` alone read every earlier booking of the tenant.
      .where((eb) => overlapping(eb, from, to))
      .where('b.status', 'in', statuses)
      .$if(input.resourceId !== null, (q) => q.where('b.resource_id', '=', input.resourceId!))
      .orderBy('b.starts_at')
      .orderBy('b.id')
      .limit(500)
      .execute();
    return rows.map((r) => ({
      time: clip(r.starts_at, from, true),
      endTime: clip(r.ends_at, to, false),
      startsAt: iso(r.starts_at, input.zone),
      endsAt: iso(r.ends_at, input.zone),
      title: r.title,
      resource: r.resource_name,
      resourceId: r.resource_id,
      status: r.status === 'confirmed' || r.status === 'completed' ? 'confirmed' : 'tentative',
      bookingId: r.id,
      bookingCode: r.booking_code,
      customer: r.customer_name,
      blockoutId: null,
    }));
  };
  const blockouts = async (): Promise<ScheduleItem[]> => {
    if (!filters.includes('block-out')) return [];
    const rows = await db(tx)
      // One row per resource of each block-out of the day (unnest in the inner select).
      .selectFrom((eb) =>
        eb
          .selectFrom('blockouts as b')
          .select((e) => [
            'b.tenant_id',
            'b.id',
            'b.reason',
            'b.starts_at',
            'b.ends_at',
            e.fn<string>('unnest', ['b.resource_ids']).as('resource_id'),
          ])
          .where('b.tenant_id', '=', input.tenantId)
          .where('b.deleted', '=', false)
          .where('b.starts_at', '<', to)
          .where('b.ends_at', '>', from)
          .as('x'),
      )
      .leftJoin('resources as res', (j) =>
        j.onRef('res.tenant_id', '=', 'x.tenant_id').onRef('res.id', '=', 'x.resource_id'),
      )
      .select(['x.id', 'x.resource_id', 'res.name as resource_name', 'x.reason', 'x.starts_at', 'x.ends_at'])
      .$if(input.resourceId !== null, (q) => q.where('x.resource_id', '=', input.resourceId!))
      .orderBy('x.starts_at')
      .orderBy('x.id')
      .limit(500)
      .execute();
    return rows.map((r) => ({
      time: clip(r.starts_at, from, true),
      endTime: clip(r.ends_at, to, false),
      startsAt: iso(r.starts_at, input.zone),
      endsAt: iso(r.ends_at, input.zone),
      title: r.reason ? `Block-out: ${r.reason}` : 'Block-out',
      resource: r.resource_name ?? 'Unknown resource',
      resourceId: r.resource_id,
      status: 'block-out',
      bookingId: null,
      bookingCode: null,
      customer: null,
      blockoutId: r.id,
    }));
  };
  const items = (await Promise.all([bookings(), blockouts()])).flat();
  return items.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.resource.localeCompare(b.resource));
}

/** How far ahead Payments Due lists what falls due ("Due Soon"). */
export const DUE_SOON_DAYS = 7;

/** Payments Due's order: the due day (venue), the invoice number or booking code, the row's key. */
const DUE_KEYS: readonly KeysetKey[] = [
  { expr: 'x.due', type: 'text', index: 'ASC' },
  { expr: 'x.invoice', type: 'text', index: 'ASC' },
  { expr: 'x.k', type: 'text', index: 'ASC' },
];
const DUE_SORT = 'due';

export interface DuePage {
  limit: number;
  cursor?: string | undefined;
}

/**
 * Invoices with something left to pay, due by `day` + 7 (DEPOSIT, FINAL and the BOND invoice of
 * a kept bond), and bonds a confirmed booking requires that are not on record, due on the
 * event's day. Overdue first, then by due date: an overdue item is due before `day`, so the due
 * day alone gives that order (then the invoice, then the row, for a stable keyset). Paged in
 * SQL (`limit` after `cursor`), so a tenant with thousands of open invoices answers one page.
 */
export async function paymentsDue(
  tx: Tx,
  input: ListInput,
  page: DuePage = { limit: 25 },
): Promise<{ payments: PaymentDue[]; nextCursor: string | null }> {
  const horizon = addDays(input.day, DUE_SOON_DAYS);
  const t = input.tenantId;
  const after = page.cursor ? decodeCursor(page.cursor, DUE_SORT, 'asc', DUE_KEYS) : null;
  const q = db(tx);
  const invoices = q
    .selectFrom('invoices as i')
    .select((eb) => [
      eb.ref('i.id').$castTo<string | null>().as('id'),
      eb.fn.coalesce('i.invoice_number', eb.val('Draft')).as('invoice'),
      'i.customer_name as customer',
      'i.customer_email',
      eb.ref('i.type').$castTo<'DEPOSIT' | 'FINAL' | 'BOND'>().as('type'),
      'i.balance_cents as amount_cents',
      eb.cast<string>('i.due_date', 'text').as('due'),
      'i.booking_id',
      'i.booking_code',
      eb.cast<string>('i.id', 'text').as('k'),
    ])
    .where('i.tenant_id', '=', t)
    .where('i.status', 'in', ['SENT', 'PARTIAL', 'OVERDUE'])
    .where('i.balance_cents', '>', 0)
    .where('i.due_date', '<=', horizon)
    .$if(input.resourceId !== null, (w) =>
      w.where('i.booking_id', 'in', resourceBookingIds(tx, t, input.resourceId!)),
    )
    // The page is taken here already, in the order below, so the invoices are read in due order
    // through (tenant_id, due_date) and the read stops at the page's end: a venue with a backlog
    // of unpaid invoices read and sorted all of them on every Dashboard load. An ISO date's text
    // sorts as the date, so the index's order is the answer's.
    .$if(after !== null, (w) =>
      w
        .where('i.due_date', '>=', after![0]!)
        // sql: the keyset's row comparison in byte order (the builder's tuple has no COLLATE)
        .where(
          sql<boolean>`(i.due_date::text COLLATE "C", coalesce(i.invoice_number, 'Draft') COLLATE "C", i.id::text COLLATE "C") > (${after![0]!}::text, ${after![1]!}::text, ${after![2]!}::text)`,
        ),
    )
    .orderBy('i.due_date')
    // sql: byte order, as the keyset's
    .orderBy(sql`coalesce(i.invoice_number, 'Draft') COLLATE "C"`)
    // sql: byte order, as the keyset's
    .orderBy(sql`i.id::text COLLATE "C"`)
    .limit(page.limit + 1);
  const bonds = q
    .selectFrom('bookings as b')
    .select((eb) => [
      eb.cast<string | null>(eb.lit(null), 'uuid').as('id'),
      'b.booking_code as invoice',
      'b.customer_name as customer',
      'b.customer_email',
      eb.cast<'DEPOSIT' | 'FINAL' | 'BOND'>(eb.val('BOND'), 'text').as('type'),
      'b.bond_cents as amount_cents',
      // A bond is due on the event's day at the venue.
      // sql: the event's venue day as YYYY-MM-DD (AT TIME ZONE has no builder form)
      sql<string>`to_char(b.starts_at AT TIME ZONE ${input.zone}, 'YYYY-MM-DD')`.as('due'),
      eb.ref('b.id').$castTo<string | null>().as('booking_id'),
      'b.booking_code',
      // sql: a key that cannot meet an invoice's id
      sql<string>`'bond:' || b.id::text`.as('k'),
    ])
    .where('b.tenant_id', '=', t)
    .where('b.status', '=', 'confirmed')
    .where('b.bond_required', '=', true)
    .where('b.bond_cents', '>', 0)
    .where('b.bond_paid', '=', false)
    .where('b.starts_at', '>=', dayStart(input.day, input.zone))
    .where('b.starts_at', '<', dayStart(addDays(horizon, 1), input.zone))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bonds as d')
            .select(eb.lit(1).as('one'))
            .where('d.tenant_id', '=', t)
            .whereRef('d.booking_id', '=', 'b.id'),
        ),
      ),
    )
    .$if(input.resourceId !== null, (w) => w.where('b.resource_id', '=', input.resourceId!));
  const rows = await q
    .selectFrom(
      q
        .selectFrom(invoices.as('xi'))
        .selectAll()
        .unionAll(q.selectFrom(bonds.as('xb')).selectAll())
        .as('x'),
    )
    .selectAll()
    .$if(after !== null, (w) =>
      // sql: a row comparison in byte order, as the order below (the builder's tuple has no COLLATE)
      w.where(
        sql<boolean>`(x.due COLLATE "C", x.invoice COLLATE "C", x.k COLLATE "C") > (${after![0]!}::text, ${after![1]!}::text, ${after![2]!}::text)`,
      ),
    )
    // sql: byte order, so the keyset's row comparison and the order agree on every collation
    .orderBy(sql`x.due COLLATE "C"`)
    .orderBy(sql`x.invoice COLLATE "C"`)
    .orderBy(sql`x.k COLLATE "C"`)
    .limit(page.limit + 1)
    .execute();
  const day = Date.parse(`${input.day}T00:00:00Z`);
  const payments = rows.slice(0, page.limit).map((r): PaymentDue => {
    const due = r.due.slice(0, 10);
    const daysOverdue = Math.max(0, Math.round((day - Date.parse(`${due}T00:00:00Z`)) / 86_400_000));
    const cents = Number(r.amount_cents);
    return {
      invoice: r.invoice,
      invoiceId: r.id,
      customer: r.customer,
      customerEmail: r.customer_email,
      type: r.type,
      amountCents: cents,
      amountAud: centsToDollars(cents),
      dueDate: due,
      status: due < input.day ? 'Overdue' : due === input.day ? 'Due Today' : 'Due Soon',
      daysOverdue,
      bookingId: r.booking_id,
      bookingCode: r.booking_code,
    };
  });
  const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
  return {
    payments,
    nextCursor: last ? encodeCursor(DUE_SORT, 'asc', [last.due, last.invoice, last.k]) : null,
  };
}

/** Tentative holds with under 48 hours left (from now), soonest first. */
export async function holdsExpiring(tx: Tx, input: ListInput): Promise<Hold[]> {
  const rows = await db(tx)
    .selectFrom('bookings')
    .select([
      'id',
      'booking_code',
      'resource_id',
      'resource_name',
      'customer_name',
      'starts_at',
      'hold_expires_at',
    ])
    .where('tenant_id', '=', input.tenantId)
    .where('status', '=', 'tentative')
    .where('hold_expires_at', '>', input.now)
    .where('hold_expires_at', '<=', new Date(input.now.getTime() + HOLD_EXPIRING_HOURS * 3_600_000))
    .$if(input.resourceId !== null, (q) => q.where('resource_id', '=', input.resourceId!))
    .orderBy('hold_expires_at')
    .orderBy('id')
    .limit(100)
    .execute();
  return rows.map((r) => {
    const minutesLeft = Math.max(
      0,
      Math.floor((new Date(r.hold_expires_at!).getTime() - input.now.getTime()) / 60_000),
    );
    return {
      booking: r.booking_code,
      bookingId: r.id,
      resource: r.resource_name,
      resourceId: r.resource_id,
      start: iso(r.starts_at, input.zone),
      expiresAt: iso(r.hold_expires_at!, input.zone),
      minutesLeft,
      expiresIn: expiresInWords(minutesLeft),
      badge: holdBadge(minutesLeft),
      customer: r.customer_name,
    };
  });
}

/** The newest audit entries; a staff member sees their own, as on the Audit Log. */
export async function recentActivity(
  tx: Tx,
  input: { tenantId: string; zone: string; onlyActor: string | null },
  limit = 10,
): Promise<Activity[]> {
  const rows = await db(tx)
    .selectFrom('activity')
    .select([
      'event_id',
      'at',
      'actor_email',
      'actor_role',
      'action',
      'target_type',
      'target',
      'target_label',
    ])
    .where('tenant_id', '=', input.tenantId)
    .$if(input.onlyActor !== null, (q) => q.where('actor_id', '=', input.onlyActor!))
    .orderBy('at', 'desc')
    .orderBy('event_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const what = r.target_label ?? r.target;
    return {
      id: r.event_id,
      at: iso(r.at, input.zone),
      actor: actorLabel(r.actor_email, r.actor_role),
      text: what ? `${humanise(r.action)}: ${what}` : humanise(r.action),
      action: r.action,
      targetType: r.target_type,
    };
  });
}

/** The resource filter's choices: active resources by name. */
export async function resourceChoices(
  tx: Tx,
  tenantId: string,
): Promise<Array<{ id: string; name: string }>> {
  const rows = await db(tx)
    .selectFrom('resources')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active')
    .where('deleted', '=', false)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
  return rows;
}
