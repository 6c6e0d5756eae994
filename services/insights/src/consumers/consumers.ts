/**
 * The read model's consumers (decision 39): each keeps one denormalised table in step with its
 * owner's events. Every write is an upsert by the fact's natural key guarded by a version
 * (`version_at`: the owner's updatedAt where it publishes one, else the envelope's occurredAt),
 * so an event delivered twice, late, or replayed by the rebuild leaves the newest state in
 * place; the kit's inbox already drops repeats of one event id. Events arrive in a system
 * transaction: every statement names the tenant itself.
 */
import { E164 } from '@venue/contracts/comms';
import { keepNewest, storeSettingsSnapshot, type Consumer, type EventOf } from '@venue/service-kit';
import { z } from 'zod';
import { db } from '../db/query.ts';

/** Keeps the venue's settings (its time zone): the newest version per tenant. */
export const settingsConsumer: Consumer<'tenant.settings_changed'> = async (event, tx) => {
  await storeSettingsSnapshot(tx, event);
};

/** `resource.created|updated|deleted`: name, status and opening hours. */
export const resourceConsumer: Consumer<
  'resource.created' | 'resource.updated' | 'resource.deleted'
> = async (event, tx) => {
  const r = event.data;
  await keepNewest(
    db(tx),
    'resources',
    {
      tenant_id: r.tenantId,
      id: r.id,
      name: r.name,
      status: r.status,
      hours: r.hours ? JSON.stringify(r.hours) : null,
      deleted: event.type === 'resource.deleted',
      version_at: event.occurredAt,
      setup_buffer_minutes: r.setupBufferMinutes,
      packdown_buffer_minutes: r.packdownBufferMinutes,
    },
    { key: ['tenant_id', 'id'], version: 'version_at', final: 'deleted' },
  );
};

/** `blockout.created|updated|deleted`: the period and the whole resource set. */
export const blockoutConsumer: Consumer<
  'blockout.created' | 'blockout.updated' | 'blockout.deleted'
> = async (event, tx) => {
  const b = event.data;
  await keepNewest(
    db(tx),
    'blockouts',
    {
      tenant_id: b.tenantId,
      id: b.id,
      resource_ids: b.resourceIds,
      starts_at: b.startsAt,
      ends_at: b.endsAt,
      reason: b.reason ?? null,
      deleted: event.type === 'blockout.deleted',
      version_at: event.occurredAt,
    },
    { key: ['tenant_id', 'id'], version: 'version_at', final: 'deleted' },
  );
};

/**
 * The part of a booking event (the booking's API shape, contracts bookings/responses.ts) the
 * dashboard shows beyond the slot. Lenient: a field bookings leaves out gets its neutral value
 * rather than refusing the event, since the slot part is already checked by the catalogue schema.
 */
const bookingExtra = z.looseObject({
  bookingCode: z.string().catch(''),
  customerId: z.string().nullable().optional().catch(null),
  customerName: z.string().catch(''),
  customerEmail: z.string().catch(''),
  resourceName: z.string().catch(''),
  title: z.string().optional().catch(undefined),
  eventType: z.string().optional().catch(undefined),
  holdExpiresAt: z.string().nullable().optional().catch(null),
  cancelledAt: z.string().nullable().optional().catch(null),
  docs: z.object({ idVerified: z.boolean(), insuranceVerified: z.boolean() }).optional().catch(undefined),
  bondRequired: z.boolean().optional().catch(false),
  bondCents: z.number().int().min(0).optional().catch(0),
  bondPaid: z.boolean().optional().catch(false),
  money: z.object({ totalCents: z.number().int() }).nullable().optional().catch(null),
  calculatedPriceCents: z.number().int().nullable().optional().catch(null),
  createdAt: z.string().optional().catch(undefined),
  // Reports (migration 011): the Community/NFP segment, quotes accepted, cancellation reasons
  // and the heatmap's buffer marker.
  customerTier: z.string().optional().catch(undefined),
  bookingSource: z.string().optional().catch(undefined),
  quotationId: z.string().nullable().optional().catch(null),
  cancellationReason: z.string().nullable().optional().catch(null),
});

/**
 * The furthest stage of the funnel a status shows: 0 request, 1 held, 2 confirmed, 3 completed.
 * An expired booking was a hold. Cancelled shows none by itself; the row keeps what it reached.
 */
export function stageOf(status: string, holdExpiresAt: string | null): number {
  if (status === 'completed') return 3;
  if (status === 'confirmed') return 2;
  if (status === 'tentative' || status === 'expired' || holdExpiresAt) return 1;
  return 0;
}

type BookingEvent = EventOf<'booking.created' | 'booking.updated' | 'booking.status_changed'>;

/**
 * The columns of a booking's copy a newer version replaces: all but the key and the two that keep
 * history (last_hold_expires_at, furthest_stage).
 */
const FOLLOWS_NEWER = [
  'booking_code',
  'customer_id',
  'customer_name',
  'customer_email',
  'resource_id',
  'resource_name',
  'title',
  'status',
  'starts_at',
  'ends_at',
  'hold_expires_at',
  'cancelled_at',
  'id_verified',
  'insurance_verified',
  'bond_required',
  'bond_cents',
  'bond_paid',
  'total_cents',
  'created_at',
  'version_at',
  'customer_tier',
  'booking_source',
  'quotation_id',
  'cancellation_reason',
  'setup_buffer_minutes',
  'packdown_buffer_minutes',
] as const;

/** The booking's copy as this version of it tells, with the funnel stage it shows. */
function bookingRow(b: BookingEvent['data'], x: z.infer<typeof bookingExtra>, stage: number) {
  return {
    // the booking's own tenant: the hold sweep publishes from a system transaction
    tenant_id: b.hallOwnerId,
    id: b.id,
    booking_code: x.bookingCode,
    customer_id: x.customerId ?? null,
    customer_name: x.customerName,
    customer_email: x.customerEmail,
    resource_id: b.resourceId,
    resource_name: x.resourceName,
    title: x.title ?? [x.eventType, x.customerName].filter(Boolean).join(' - '),
    status: b.status,
    starts_at: b.startsAt,
    ends_at: b.endsAt,
    hold_expires_at: x.holdExpiresAt ?? null,
    last_hold_expires_at: x.holdExpiresAt ?? null,
    cancelled_at: x.cancelledAt ?? (b.status === 'cancelled' ? b.updatedAt : null),
    id_verified: x.docs?.idVerified ?? false,
    insurance_verified: x.docs?.insuranceVerified ?? false,
    bond_required: x.bondRequired ?? false,
    bond_cents: x.bondCents ?? 0,
    bond_paid: x.bondPaid ?? false,
    total_cents: x.money?.totalCents ?? x.calculatedPriceCents ?? 0,
    created_at: x.createdAt ?? b.updatedAt,
    version_at: b.updatedAt,
    customer_tier: x.customerTier ?? 'standard',
    booking_source: x.bookingSource ?? 'admin',
    quotation_id: x.quotationId ?? null,
    cancellation_reason: x.cancellationReason ?? null,
    setup_buffer_minutes: b.setupBufferMinutes,
    packdown_buffer_minutes: b.packdownBufferMinutes,
    furthest_stage: stage,
  };
}

/** `booking.created|updated|status_changed`: the newest version per booking (its updatedAt). */
export const bookingConsumer: Consumer<
  'booking.created' | 'booking.updated' | 'booking.status_changed'
> = async (event, tx) => {
  const b = event.data;
  const x = bookingExtra.parse(b);
  const stage = stageOf(b.status, x.holdExpiresAt ?? null);
  const written = await db(tx)
    .insertInto('bookings')
    .values(bookingRow(b, x, stage))
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'id'])
        .doUpdateSet((eb) => ({
          ...Object.fromEntries(FOLLOWS_NEWER.map((c) => [c, eb.ref(`excluded.${c}`)])),
          last_hold_expires_at: eb.fn.coalesce('excluded.hold_expires_at', 'bookings.last_hold_expires_at'),
          furthest_stage: eb.fn<number>('greatest', ['bookings.furthest_stage', 'excluded.furthest_stage']),
        }))
        .whereRef('bookings.version_at', '<=', 'excluded.version_at'),
    )
    .executeTakeFirst();
  // Written: the stage went in with it (greatest of the two). Skipped as older than the copy:
  // the stage reached is a fact of the past, so an older event delivered late still tells it.
  if (written.numInsertedOrUpdatedRows === 1n || stage === 0) return;
  await db(tx)
    .updateTable('bookings')
    .set({ furthest_stage: stage })
    .where('tenant_id', '=', b.hallOwnerId)
    .where('id', '=', b.id)
    .where('furthest_stage', '<', stage)
    .execute();
};

/** `customer.anonymised`: the copies drop the customer's name and e-mail as bookings did. */
export const customerAnonymisedConsumer: Consumer<'customer.anonymised'> = async (event, tx) => {
  if (!event.tenantId) return;
  const t = event.tenantId;
  const customerId = event.data.id;
  const q = db(tx);
  await q
    .updateTable('bookings')
    .set({ customer_name: 'Anonymised customer', customer_email: '' })
    .where('tenant_id', '=', t)
    .where('customer_id', '=', customerId)
    .execute();
  await q
    .updateTable('invoices as i')
    .from('bookings as b')
    .set({ customer_name: 'Anonymised customer', customer_email: '' })
    .where('i.tenant_id', '=', t)
    .where('b.tenant_id', '=', t)
    .where('b.customer_id', '=', customerId)
    .whereRef('i.booking_id', '=', 'b.id')
    .execute();
  await q
    .updateTable('failed_emails as f')
    .from('bookings as b')
    .set({ to_name: 'Anonymised customer', to_email: '' })
    .where('f.tenant_id', '=', t)
    .where('b.tenant_id', '=', t)
    .where('b.customer_id', '=', customerId)
    .whereRef('f.booking_id', '=', 'b.id')
    .execute();
};

/** `audit.recorded` from every service: Recent Activity (an entry without a tenant is the platform's). */
export const auditConsumer: Consumer<'audit.recorded'> = async (event, tx) => {
  if (!event.tenantId) return;
  const a = event.data;
  await db(tx)
    .insertInto('activity')
    .values({
      tenant_id: event.tenantId,
      event_id: event.id,
      at: event.occurredAt,
      actor_id: a.actorId,
      actor_email: a.actorEmail,
      actor_role: a.actorRole,
      action: a.action,
      target_type: a.targetType,
      target: a.target,
      target_label: a.targetLabel ?? null,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'event_id']).doNothing())
    .execute();
};

/**
 * `quotation.sent|declined` (money): the quotes of the funnel. Sent keeps the first time it was
 * sent (a re-send is the same quote); the status follows the newest event. Accepted needs no
 * event here: the booking made from the quotation carries its id.
 */
export const quotationConsumer: Consumer<'quotation.sent' | 'quotation.declined'> = async (event, tx) => {
  const q = event.data;
  const sent = event.type === 'quotation.sent' ? event.occurredAt : null;
  const declined = event.type === 'quotation.declined' ? event.occurredAt : null;
  await db(tx)
    .insertInto('quotations')
    .values({
      tenant_id: q.hallOwnerId,
      id: q.quotationId,
      status: q.status,
      total_cents: q.totalCents,
      sent_at: sent,
      declined_at: declined,
      version_at: event.occurredAt,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'id']).doUpdateSet((eb) => {
        const newer = eb('quotations.version_at', '<=', eb.ref('excluded.version_at'));
        return {
          sent_at: eb.fn<Date | null>('least', ['quotations.sent_at', 'excluded.sent_at']),
          declined_at: eb.fn.coalesce('quotations.declined_at', 'excluded.declined_at'),
          status: eb
            .case()
            .when(newer)
            .then(eb.ref('excluded.status'))
            .else(eb.ref('quotations.status'))
            .end(),
          total_cents: eb
            .case()
            .when(newer)
            .then(eb.ref('excluded.total_cents'))
            .else(eb.ref('quotations.total_cents'))
            .end(),
          version_at: eb.fn<Date>('greatest', ['quotations.version_at', 'excluded.version_at']),
        };
      }),
    )
    .execute();
};

/**
 * `email.failed` (comms): an e-mail or SMS given up on, kept by its id for Alerts & Tasks. Comms
 * names the channel (`channel`). Events published before that field existed have none and may
 * still arrive (an outbox or inbox backlog, a replay): for those the number tells the SMS, since
 * comms sent an SMS's E.164 number as `toEmail` and an e-mail address never matches E.164.
 */
export const emailFailedConsumer: Consumer<'email.failed'> = async (event, tx) => {
  const e = event.data;
  await db(tx)
    .insertInto('failed_emails')
    .values({
      tenant_id: e.hallOwnerId,
      email_id: e.emailId,
      channel: e.channel ?? (E164.test(e.toEmail) ? 'sms' : 'email'),
      to_email: e.toEmail,
      to_name: e.toName,
      subject: e.subject,
      reason: e.reason,
      bounced: e.bounced,
      booking_id: e.bookingId,
      failed_at: e.failedAt,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'email_id']).doNothing())
    .execute();
};

export { bondConsumer, creditNoteConsumer, invoiceConsumer, paymentConsumer } from './money-consumers.ts';
