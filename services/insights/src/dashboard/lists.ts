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
import { venueIso, wallClock, type Tx } from '@venue/service-kit';
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
  const items: ScheduleItem[] = [];
  if (statuses.length > 0) {
    const { rows } = await tx.query<{
      id: string;
      booking_code: string;
      customer_name: string;
      resource_id: string;
      resource_name: string;
      title: string;
      status: string;
      starts_at: Date;
      ends_at: Date;
    }>(
      `SELECT id, booking_code, customer_name, resource_id, resource_name, title, status, starts_at, ends_at
         FROM bookings
        WHERE tenant_id = $1 AND starts_at < $3 AND ends_at > $2 AND status = ANY($4::text[])
          AND ($5::uuid IS NULL OR resource_id = $5::uuid)
        ORDER BY starts_at, id LIMIT 500`,
      [input.tenantId, from, to, statuses, input.resourceId],
    );
    for (const r of rows) {
      items.push({
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
      });
    }
  }
  if (filters.includes('block-out')) {
    const { rows } = await tx.query<{
      id: string;
      resource_id: string;
      resource_name: string | null;
      reason: string | null;
      starts_at: Date;
      ends_at: Date;
    }>(
      `SELECT b.id, r.id AS resource_id, res.name AS resource_name, b.reason, b.starts_at, b.ends_at
         FROM blockouts b
         CROSS JOIN LATERAL unnest(b.resource_ids) AS r(id)
         LEFT JOIN resources res ON res.tenant_id = b.tenant_id AND res.id = r.id
        WHERE b.tenant_id = $1 AND NOT b.deleted AND b.starts_at < $3 AND b.ends_at > $2
          AND ($4::uuid IS NULL OR r.id = $4::uuid)
        ORDER BY b.starts_at, b.id LIMIT 500`,
      [input.tenantId, from, to, input.resourceId],
    );
    for (const r of rows) {
      items.push({
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
      });
    }
  }
  return items.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.resource.localeCompare(b.resource));
}

/** How far ahead Payments Due lists what falls due ("Due Soon"). */
export const DUE_SOON_DAYS = 7;

/**
 * Invoices with something left to pay, due by `day` + 7 (DEPOSIT, FINAL and the BOND invoice of
 * a kept bond), and bonds a confirmed booking requires that are not on record, due on the
 * event's day. Overdue first, then by due date.
 */
export async function paymentsDue(tx: Tx, input: ListInput): Promise<PaymentDue[]> {
  const horizon = addDays(input.day, DUE_SOON_DAYS);
  const { rows } = await tx.query<{
    id: string | null;
    invoice: string;
    customer: string;
    customer_email: string;
    type: 'DEPOSIT' | 'FINAL' | 'BOND';
    amount_cents: number | string;
    due_date: string | null;
    event_at: Date | null;
    booking_id: string | null;
    booking_code: string | null;
  }>(
    `SELECT i.id, COALESCE(i.invoice_number, 'Draft') AS invoice, i.customer_name AS customer,
            i.customer_email, i.type, i.balance_cents AS amount_cents, i.due_date::text AS due_date,
            NULL::timestamptz AS event_at, i.booking_id, i.booking_code
       FROM invoices i
      WHERE i.tenant_id = $1 AND i.status IN ('SENT', 'PARTIAL', 'OVERDUE') AND i.balance_cents > 0
        AND i.due_date <= $2::date
        AND ($3::uuid IS NULL OR i.booking_id IN (SELECT b.id FROM bookings b WHERE b.tenant_id = $1 AND b.resource_id = $3::uuid))
     UNION ALL
     SELECT NULL, b.booking_code, b.customer_name, b.customer_email, 'BOND', b.bond_cents,
            NULL, b.starts_at, b.id, b.booking_code
       FROM bookings b
      WHERE b.tenant_id = $1 AND b.status = 'confirmed' AND b.bond_required AND b.bond_cents > 0 AND NOT b.bond_paid
        AND b.starts_at >= $4 AND b.starts_at < $5
        AND NOT EXISTS (SELECT 1 FROM bonds d WHERE d.tenant_id = $1 AND d.booking_id = b.id)
        AND ($3::uuid IS NULL OR b.resource_id = $3::uuid)
      LIMIT 500`,
    [
      input.tenantId,
      horizon,
      input.resourceId,
      dayStart(input.day, input.zone),
      dayStart(addDays(horizon, 1), input.zone),
    ],
  );
  const day = Date.parse(`${input.day}T00:00:00Z`);
  const items = rows.map((r): PaymentDue => {
    // A bond is due on the event's day at the venue.
    const due = r.due_date?.slice(0, 10) ?? wallClock(new Date(r.event_at!), input.zone).date;
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
  return items.sort(
    (a, b) =>
      Number(b.status === 'Overdue') - Number(a.status === 'Overdue') ||
      a.dueDate.localeCompare(b.dueDate) ||
      a.invoice.localeCompare(b.invoice),
  );
}

/** Tentative holds with under 48 hours left (from now), soonest first. */
export async function holdsExpiring(tx: Tx, input: ListInput): Promise<Hold[]> {
  const { rows } = await tx.query<{
    id: string;
    booking_code: string;
    resource_id: string;
    resource_name: string;
    customer_name: string;
    starts_at: Date;
    hold_expires_at: Date;
  }>(
    `SELECT id, booking_code, resource_id, resource_name, customer_name, starts_at, hold_expires_at
       FROM bookings
      WHERE tenant_id = $1 AND status = 'tentative' AND hold_expires_at > $2 AND hold_expires_at <= $3
        AND ($4::uuid IS NULL OR resource_id = $4::uuid)
      ORDER BY hold_expires_at, id LIMIT 100`,
    [
      input.tenantId,
      input.now,
      new Date(input.now.getTime() + HOLD_EXPIRING_HOURS * 3_600_000),
      input.resourceId,
    ],
  );
  return rows.map((r) => {
    const minutesLeft = Math.max(
      0,
      Math.floor((new Date(r.hold_expires_at).getTime() - input.now.getTime()) / 60_000),
    );
    return {
      booking: r.booking_code,
      bookingId: r.id,
      resource: r.resource_name,
      resourceId: r.resource_id,
      start: iso(r.starts_at, input.zone),
      expiresAt: iso(r.hold_expires_at, input.zone),
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
  const { rows } = await tx.query<{
    event_id: string;
    at: Date;
    actor_email: string | null;
    actor_role: string | null;
    action: string;
    target_type: string;
    target: string | null;
    target_label: string | null;
  }>(
    `SELECT event_id, at, actor_email, actor_role, action, target_type, target, target_label
       FROM activity
      WHERE tenant_id = $1 AND ($2::text IS NULL OR actor_id = $2::text)
      ORDER BY at DESC, event_id DESC LIMIT $3`,
    [input.tenantId, input.onlyActor, limit],
  );
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
  const { rows } = await tx.query<{ id: string; name: string }>(
    `SELECT id, name FROM resources WHERE tenant_id = $1 AND status = 'active' AND NOT deleted
      ORDER BY lower(name), id`,
    [tenantId],
  );
  return rows;
}
