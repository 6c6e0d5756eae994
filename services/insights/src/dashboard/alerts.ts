/**
 * Alerts & Tasks (spec 01 §2) from live conditions in the read model, each with a stable key so a
 * user's Resolve or Dismiss (alert_actions, per user) keeps it off their list:
 * - conflict: a block-out over a booking that still holds its slot (decision 13 lets it wait);
 * - doc: a confirmed booking within 7 days whose ID or insurance is not verified;
 * - payment: an invoice past its due date with something left to pay;
 * - webhook (the spec's name): an e-mail or SMS comms gave up on in the last EMAIL_ALERT_DAYS
 *   days (email.failed: bounced, refused, or out of attempts), each in its own channel's words.
 */
import { SMS_OPTED_OUT } from '@venue/contracts/comms';
import { DOC_ALERT_DAYS, EMAIL_ALERT_DAYS, type Alert } from '@venue/contracts/insights';
import { badRequest, venueIso, wallClock, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { dayLabel } from './days.ts';
import { formatCents } from './text.ts';

const KEY =
  /^(conflict:[0-9a-f-]{36}:[0-9a-f-]{36}|doc:[0-9a-f-]{36}|payment:[0-9a-f-]{36}:\d{4}-\d{2}-\d{2}|webhook:[0-9a-f-]{36})$/;

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

/** "Mon 23 Nov 14:00": an instant on the venue's clock. */
function venueWhen(at: Date | string, zone: string): string {
  const c = wallClock(new Date(at), zone);
  return `${dayLabel(c.date)} ${c.time}`;
}

export async function activeAlerts(tx: Tx, input: AlertInput): Promise<Alert[]> {
  // The five reads are independent: asked for together, they leave in one write and share one
  // round trip on the server (the kit's write batcher).
  const [conflicts, docs, overdue, failed, handled] = await Promise.all([
    conflictAlerts(tx, input),
    docAlerts(tx, input),
    paymentAlerts(tx, input),
    failedMessageAlerts(tx, input),
    db(tx)
      .selectFrom('alert_actions')
      .select('alert_key')
      .where('tenant_id', '=', input.tenantId)
      .where('user_id', '=', input.userId)
      .execute(),
  ]);
  const hidden = new Set(handled.map((h) => h.alert_key));
  return [...conflicts, ...docs, ...overdue, ...failed].filter((a) => !hidden.has(a.key));
}

/** A block-out over a booking that still holds its slot. */
async function conflictAlerts(tx: Tx, input: AlertInput): Promise<Alert[]> {
  const rows = await db(tx)
    .selectFrom('blockouts as bo')
    .innerJoin('bookings as b', (j) =>
      j
        .onRef('b.tenant_id', '=', 'bo.tenant_id')
        .on((eb) => eb('b.resource_id', '=', eb.fn.any('bo.resource_ids')))
        .onRef('b.starts_at', '<', 'bo.ends_at')
        .onRef('b.ends_at', '>', 'bo.starts_at'),
    )
    .select([
      'bo.id as blockout_id',
      'b.id as booking_id',
      'b.booking_code',
      'b.customer_name',
      'b.resource_name',
      'b.starts_at',
      'bo.reason',
    ])
    .where('bo.tenant_id', '=', input.tenantId)
    .where('bo.deleted', '=', false)
    .where('bo.ends_at', '>', input.now)
    .where('b.status', 'in', ['pending', 'tentative', 'confirmed'])
    .orderBy('b.starts_at')
    .limit(50)
    .execute();
  return rows.map((c) => ({
    key: `conflict:${c.blockout_id}:${c.booking_id}`,
    type: 'conflict',
    text: `Block-out${c.reason ? ` (${c.reason})` : ''} over booking ${c.booking_code} for ${c.customer_name} in ${c.resource_name} on ${venueWhen(c.starts_at, input.zone)}.`,
    at: venueIso(new Date(c.starts_at), input.zone),
    bookingId: c.booking_id,
    invoiceId: null,
  }));
}

/** A confirmed booking within DOC_ALERT_DAYS whose ID or insurance is not verified. */
async function docAlerts(tx: Tx, input: AlertInput): Promise<Alert[]> {
  const rows = await db(tx)
    .selectFrom('bookings')
    .select(['id', 'booking_code', 'customer_name', 'starts_at', 'id_verified', 'insurance_verified'])
    .where('tenant_id', '=', input.tenantId)
    .where('status', '=', 'confirmed')
    .where('starts_at', '>=', input.now)
    .where('starts_at', '<', new Date(input.now.getTime() + DOC_ALERT_DAYS * 86_400_000))
    .where((eb) => eb.not(eb.and([eb.ref('id_verified'), eb.ref('insurance_verified')])))
    .orderBy('starts_at')
    .limit(50)
    .execute();
  return rows.map((d) => {
    const missing = [!d.id_verified && 'ID', !d.insurance_verified && 'insurance']
      .filter(Boolean)
      .join(' and ');
    return {
      key: `doc:${d.id}`,
      type: 'doc',
      text: `${d.booking_code} for ${d.customer_name} on ${venueWhen(d.starts_at, input.zone)}: ${missing} not verified.`,
      at: venueIso(new Date(d.starts_at), input.zone),
      bookingId: d.id,
      invoiceId: null,
    };
  });
}

/** An invoice past its due date with something left to pay. */
async function paymentAlerts(tx: Tx, input: AlertInput): Promise<Alert[]> {
  const rows = await db(tx)
    .selectFrom('invoices')
    .select((eb) => [
      'id',
      'invoice_number',
      'customer_name',
      eb.cast<string>('due_date', 'text').as('due_date'),
      'balance_cents',
      'booking_id',
    ])
    .where('tenant_id', '=', input.tenantId)
    .where('status', 'in', ['SENT', 'PARTIAL', 'OVERDUE'])
    .where('balance_cents', '>', 0)
    .where('due_date', '<', input.today)
    .orderBy('invoices.due_date')
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((i) => {
    const due = i.due_date.slice(0, 10);
    const days = Math.round(
      (Date.parse(`${input.today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000,
    );
    return {
      key: `payment:${i.id}:${due}`,
      type: 'payment',
      text: `Invoice ${i.invoice_number ?? 'draft'} for ${i.customer_name} is ${days} day${days === 1 ? '' : 's'} overdue: ${formatCents(Number(i.balance_cents))} to pay.`,
      at: venueIso(new Date(`${due}T00:00:00Z`), input.zone),
      bookingId: i.booking_id,
      invoiceId: i.id,
    };
  });
}

/** An e-mail or SMS comms gave up on in the last EMAIL_ALERT_DAYS days, in its channel's words. */
async function failedMessageAlerts(tx: Tx, input: AlertInput): Promise<Alert[]> {
  const rows = await db(tx)
    .selectFrom('failed_emails')
    .select([
      'email_id',
      'channel',
      'to_email',
      'to_name',
      'subject',
      'reason',
      'bounced',
      'booking_id',
      'failed_at',
    ])
    .where('tenant_id', '=', input.tenantId)
    .where('failed_at', '>', new Date(input.now.getTime() - EMAIL_ALERT_DAYS * 86_400_000))
    .orderBy('failed_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((f) => {
    const on = venueWhen(f.failed_at, input.zone);
    let text: string;
    if (f.channel === 'sms') text = smsFailedText(f, on);
    else {
      const to = [f.to_name, f.to_email && `<${f.to_email}>`].filter(Boolean).join(' ') || 'the recipient';
      text = `E-mail "${f.subject}" to ${to} ${f.bounced ? 'bounced' : 'could not be delivered after several attempts'} on ${on}: ${f.reason}`;
    }
    return {
      key: `webhook:${f.email_id}`,
      type: 'webhook',
      text,
      at: venueIso(new Date(f.failed_at), input.zone),
      bookingId: f.booking_id,
      invoiceId: null,
    };
  });
}

/**
 * A failed SMS in the words of its channel, with what to do: a number opted out (it replied STOP,
 * or staff marked it) is not to be texted again; any other failure (the provider refused the number, or was not reached for
 * days) starts with checking the number the customer gave.
 */
function smsFailedText(
  f: { to_name: string; to_email: string; subject: string; reason: string },
  on: string,
): string {
  const who =
    f.to_name && f.to_email && f.to_name !== f.to_email
      ? `${f.to_name} (${f.to_email})`
      : f.to_name || f.to_email || 'the customer';
  const what = f.subject && f.subject !== 'SMS' ? ` ("${f.subject}")` : '';
  const reason = f.reason.trim().replace(/\.$/, '');
  if (f.reason === SMS_OPTED_OUT)
    return `An SMS${what} to ${who} was not sent on ${on}: the number has opted out of SMS. Reach them by e-mail or phone instead.`;
  return `An SMS${what} to ${who} could not be delivered on ${on}: ${reason}. Check the phone number with the customer, correct it on their booking and send the SMS again.`;
}

/** Stores the caller's Resolve or Dismiss (the last one wins). */
export async function recordAlertAction(
  tx: Tx,
  input: { tenantId: string; userId: string; key: string; action: 'resolved' | 'dismissed' },
): Promise<{ key: string; action: 'resolved' | 'dismissed'; at: Date }> {
  const row = await db(tx)
    .insertInto('alert_actions')
    .values({ tenant_id: input.tenantId, user_id: input.userId, alert_key: input.key, action: input.action })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'alert_key']).doUpdateSet((eb) => ({
        action: eb.ref('excluded.action'),
        at: eb.fn<Date>('now'),
      })),
    )
    .returning('at')
    .executeTakeFirstOrThrow();
  return { key: input.key, action: input.action, at: row.at };
}
