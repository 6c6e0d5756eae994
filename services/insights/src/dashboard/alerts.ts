/**
 * Alerts & Tasks (spec 01 §2) from live conditions in the read model, each with a stable key so a
 * user's Resolve or Dismiss (alert_actions, per user) keeps it off their list:
 * - conflict: a block-out over a booking that still holds its slot (decision 13 lets it wait);
 * - doc: a confirmed booking within 7 days whose ID or insurance is not verified;
 * - payment: an invoice past its due date with something left to pay.
 * A failed e-mail (the spec's `webhook`) is not among them: comms publishes no such event yet.
 */
import { DOC_ALERT_DAYS, type Alert } from '@venue/contracts/insights';
import { badRequest, venueIso, wallClock, type Tx } from '@venue/service-kit';
import { dayLabel } from './days.ts';
import { formatCents } from './text.ts';

const KEY =
  /^(conflict:[0-9a-f-]{36}:[0-9a-f-]{36}|doc:[0-9a-f-]{36}|payment:[0-9a-f-]{36}:\d{4}-\d{2}-\d{2})$/;

/** 400 unless `key` has the form the list gives out. */
export function checkAlertKey(key: string): string {
  if (!KEY.test(key))
    throw badRequest('That is not an alert of this list.', {
      errors: [{ path: 'key', message: 'Unknown alert key.' }],
    });
  return key;
}

export interface AlertInput {
  tenantId: string;
  userId: string;
  zone: string;
  today: string;
  now: Date;
}

export async function activeAlerts(tx: Tx, input: AlertInput): Promise<Alert[]> {
  const when = (at: Date | string) => {
    const c = wallClock(new Date(at), input.zone);
    return `${dayLabel(c.date)} ${c.time}`;
  };
  const alerts: Alert[] = [];

  const conflicts = await tx.query<{
    blockout_id: string;
    booking_id: string;
    booking_code: string;
    customer_name: string;
    resource_name: string;
    starts_at: Date;
    reason: string | null;
  }>(
    `SELECT bo.id AS blockout_id, b.id AS booking_id, b.booking_code, b.customer_name, b.resource_name,
            b.starts_at, bo.reason
       FROM blockouts bo
       JOIN bookings b ON b.tenant_id = bo.tenant_id AND b.resource_id = ANY(bo.resource_ids)
        AND b.starts_at < bo.ends_at AND b.ends_at > bo.starts_at
      WHERE bo.tenant_id = $1 AND NOT bo.deleted AND bo.ends_at > $2
        AND b.status IN ('pending', 'tentative', 'confirmed')
      ORDER BY b.starts_at LIMIT 50`,
    [input.tenantId, input.now],
  );
  for (const c of conflicts.rows) {
    alerts.push({
      key: `conflict:${c.blockout_id}:${c.booking_id}`,
      type: 'conflict',
      text: `Block-out${c.reason ? ` (${c.reason})` : ''} over booking ${c.booking_code} for ${c.customer_name} in ${c.resource_name} on ${when(c.starts_at)}.`,
      at: venueIso(new Date(c.starts_at), input.zone),
      bookingId: c.booking_id,
      invoiceId: null,
    });
  }

  const docs = await tx.query<{
    id: string;
    booking_code: string;
    customer_name: string;
    starts_at: Date;
    id_verified: boolean;
    insurance_verified: boolean;
  }>(
    `SELECT id, booking_code, customer_name, starts_at, id_verified, insurance_verified FROM bookings
      WHERE tenant_id = $1 AND status = 'confirmed' AND starts_at >= $2 AND starts_at < $3
        AND NOT (id_verified AND insurance_verified)
      ORDER BY starts_at LIMIT 50`,
    [input.tenantId, input.now, new Date(input.now.getTime() + DOC_ALERT_DAYS * 86_400_000)],
  );
  for (const d of docs.rows) {
    const missing = [!d.id_verified && 'ID', !d.insurance_verified && 'insurance']
      .filter(Boolean)
      .join(' and ');
    alerts.push({
      key: `doc:${d.id}`,
      type: 'doc',
      text: `${d.booking_code} for ${d.customer_name} on ${when(d.starts_at)}: ${missing} not verified.`,
      at: venueIso(new Date(d.starts_at), input.zone),
      bookingId: d.id,
      invoiceId: null,
    });
  }

  const overdue = await tx.query<{
    id: string;
    invoice_number: string | null;
    customer_name: string;
    due_date: string;
    balance_cents: number | string;
    booking_id: string | null;
  }>(
    `SELECT id, invoice_number, customer_name, due_date::text AS due_date, balance_cents, booking_id FROM invoices
      WHERE tenant_id = $1 AND status IN ('SENT', 'PARTIAL', 'OVERDUE') AND balance_cents > 0 AND due_date < $2::date
      ORDER BY due_date, id LIMIT 50`,
    [input.tenantId, input.today],
  );
  for (const i of overdue.rows) {
    const due = i.due_date.slice(0, 10);
    const days = Math.round(
      (Date.parse(`${input.today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000,
    );
    alerts.push({
      key: `payment:${i.id}:${due}`,
      type: 'payment',
      text: `Invoice ${i.invoice_number ?? 'draft'} for ${i.customer_name} is ${days} day${days === 1 ? '' : 's'} overdue: ${formatCents(Number(i.balance_cents))} to pay.`,
      at: venueIso(new Date(`${due}T00:00:00Z`), input.zone),
      bookingId: i.booking_id,
      invoiceId: i.id,
    });
  }

  const { rows: handled } = await tx.query<{ alert_key: string }>(
    `SELECT alert_key FROM alert_actions WHERE tenant_id = $1 AND user_id = $2`,
    [input.tenantId, input.userId],
  );
  const hidden = new Set(handled.map((h) => h.alert_key));
  return alerts.filter((a) => !hidden.has(a.key));
}

/** Stores the caller's Resolve or Dismiss (the last one wins). */
export async function recordAlertAction(
  tx: Tx,
  input: { tenantId: string; userId: string; key: string; action: 'resolved' | 'dismissed' },
): Promise<{ key: string; action: 'resolved' | 'dismissed'; at: Date }> {
  const { rows } = await tx.query<{ at: Date }>(
    `INSERT INTO alert_actions (tenant_id, user_id, alert_key, action) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, user_id, alert_key) DO UPDATE SET action = EXCLUDED.action, at = now()
     RETURNING at`,
    [input.tenantId, input.userId, input.key, input.action],
  );
  return { key: input.key, action: input.action, at: rows[0]!.at };
}
