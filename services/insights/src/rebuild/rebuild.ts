/**
 * Rebuilding a tenant's read model from scratch (decision 39): the owners' data is read through
 * their internal export routes, turned into the events they would have published, and applied
 * by the same consumers, in one transaction that first empties the tenant's copies. So a copy
 * that missed events (a data folder from before insights subscribed, a bug fixed since) ends
 * up exactly as if it had seen every event.
 *
 * Sources: catalogue `/internal/tenant-export` (resources, block-outs), bookings
 * `/internal/tenant-export` (bookings), admin `/internal/tenant-export` (audit entries) and
 * `/internal/tenant-settings` (the venue's clock, only when no snapshot has arrived), and money
 * `/internal/tenant-export` (invoices, payments, credit notes, bonds, quotations; money.ts). When
 * money cannot give its export, its copies are kept as money's events left them and the answer
 * says so. Failed e-mails (comms has no export) are always kept.
 */
import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  eventDefinition,
  tenantSettingsSnapshotSchema,
  type DomainEvent,
  type EventType,
} from '@venue/contracts';
import {
  callService,
  notFound,
  readSettingsCopy,
  requireInternal,
  sql,
  storeSettingsSnapshot,
  type AppRouter,
  type ConsumerMap,
  type ServiceKit,
  type Tx,
} from '@venue/service-kit';
import { z } from 'zod';
import { stageOf } from '../consumers/consumers.ts';
import { db } from '../db/query.ts';
import { emptyMoneyCopies, fetchMoneyData, moneyEventsOf, type MoneyData } from './money.ts';

const isoOf = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = new Date(v as string);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

// What the owners' exports answer, as far as the rebuild reads them (their full shapes are theirs).
const catalogueExport = z.looseObject({
  resources: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      capacity: z.number().optional(),
      status: z.enum(['active', 'archived']),
      setupBufferMinutes: z.number().optional(),
      packdownBufferMinutes: z.number().optional(),
      applyBuffers: z.boolean().optional(),
      hours: z.record(z.string(), z.unknown()).nullable().optional(),
    }),
  ),
  blockouts: z.array(
    z.looseObject({
      id: z.string(),
      resourceIds: z.array(z.string()),
      startsAt: z.string(),
      endsAt: z.string(),
      reason: z.string().nullable().optional(),
    }),
  ),
});
const bookingsExport = z.looseObject({ bookings: z.array(z.record(z.string(), z.unknown())) });
const adminExport = z.looseObject({
  auditLog: z.array(
    z.looseObject({
      id: z.string(),
      timestamp: z.unknown(),
      userId: z.string().nullable().optional(),
      userEmail: z.string().nullable().optional(),
      userRole: z.string().nullable().optional(),
      action: z.string(),
      targetType: z.string(),
      target: z.string().nullable().optional(),
      targetLabel: z.string().nullable().optional(),
      changes: z.unknown().optional(),
    }),
  ),
});
const adminSettings = z.looseObject({
  general: z.looseObject({
    timezone: z.string(),
    dateFormat: z.string().optional(),
    timeFormat: z.string().optional(),
    currency: z.string().optional(),
    taxType: z.string().optional(),
    taxRate: z.number().optional(),
  }),
  availability: z
    .looseObject({
      holdExpiryHours: z.number().optional(),
      setupBufferMinutes: z.number().optional(),
      packdownBufferMinutes: z.number().optional(),
    })
    .nullable()
    .optional(),
});

export interface OwnerData {
  settings: z.infer<typeof adminSettings> | null;
  catalogue: z.infer<typeof catalogueExport>;
  bookings: z.infer<typeof bookingsExport>;
  admin: z.infer<typeof adminExport>;
  /** Money's export; null or absent when money could not give one (`moneyMissing` says why). */
  money?: MoneyData | null;
  moneyMissing?: string;
}

/** Reads the owners' data (outside any transaction: a slow owner holds no connection). */
export async function fetchOwnerData(tenantId: string): Promise<OwnerData> {
  const path = (p: string) => `${p}/${encodeURIComponent(tenantId)}`;
  const [catalogue, bookings, admin, settings] = await Promise.all([
    callService({
      service: 'catalogue',
      path: path('/internal/tenant-export'),
      response: catalogueExport,
      timeoutMs: 15_000,
    }),
    callService({
      service: 'bookings',
      path: path('/internal/tenant-export'),
      response: bookingsExport,
      timeoutMs: 15_000,
    }),
    callService({
      service: 'admin',
      path: path('/internal/tenant-export'),
      response: adminExport,
      timeoutMs: 15_000,
    }),
    callService({
      service: 'admin',
      path: path('/internal/tenant-settings'),
      response: adminSettings,
      timeoutMs: 15_000,
    }),
  ]);
  const money = await fetchMoneyData(tenantId);
  return { catalogue, bookings, admin, settings, money: money.data, moneyMissing: money.why };
}

function envelope(
  type: EventType,
  tenantId: string,
  data: unknown,
  occurredAt: string,
  id: string = randomUUID(),
): DomainEvent {
  return { id, type, source: 'insights-rebuild', tenantId, occurredAt, data };
}

/** The events the owners would have published for what they hold now (oldest state first). */
export function eventsOf(tenantId: string, d: OwnerData, at = new Date().toISOString()): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (const r of d.catalogue.resources) {
    events.push(
      envelope(
        'resource.created',
        tenantId,
        {
          id: r.id,
          tenantId,
          name: r.name,
          capacity: r.capacity ?? 0,
          status: r.status,
          setupBufferMinutes: r.setupBufferMinutes ?? 0,
          packdownBufferMinutes: r.packdownBufferMinutes ?? 0,
          applyBuffers: r.applyBuffers ?? true,
          ...(r.hours ? { hours: r.hours } : {}),
        },
        at,
      ),
    );
  }
  for (const b of d.catalogue.blockouts) {
    if (b.resourceIds.length === 0) continue;
    events.push(
      envelope(
        'blockout.created',
        tenantId,
        {
          id: b.id,
          tenantId,
          resourceIds: b.resourceIds,
          startsAt: isoOf(b.startsAt),
          endsAt: isoOf(b.endsAt),
          ...(b.reason ? { reason: b.reason } : {}),
        },
        at,
      ),
    );
  }
  for (const row of d.bookings.bookings) {
    const r = row as Record<string, unknown>;
    const text = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : '');
    const num = (k: string) => Number(r[k] ?? 0) || 0;
    const docs = (typeof r.docs === 'string' ? JSON.parse(r.docs) : r.docs) as {
      idVerified?: boolean;
      insuranceVerified?: boolean;
    } | null;
    events.push(
      envelope(
        'booking.updated',
        tenantId,
        {
          id: text('id'),
          hallOwnerId: tenantId,
          resourceId: text('resource_id'),
          status: text('status'),
          startsAt: isoOf(r.starts_at),
          endsAt: isoOf(r.ends_at),
          setupBufferMinutes: num('setup_buffer_minutes'),
          packdownBufferMinutes: num('packdown_buffer_minutes'),
          updatedAt: isoOf(r.updated_at),
          bookingCode: text('booking_code'),
          customerId: text('customer_id') || null,
          customerName: text('customer_name'),
          customerEmail: text('customer_email'),
          resourceName: text('resource_name'),
          eventType: text('event_type'),
          title: `${text('event_type')} - ${text('customer_name')}`,
          holdExpiresAt: isoOf(r.hold_expires_at),
          cancelledAt: isoOf(r.cancelled_at),
          docs: {
            idVerified: docs?.idVerified === true,
            insuranceVerified: docs?.insuranceVerified === true,
          },
          bondRequired: r.bond_required === true,
          bondCents: num('bond_cents'),
          bondPaid: r.bond_paid === true,
          money: {
            totalCents:
              r.total_cents === undefined || r.total_cents === null
                ? num('calculated_price_cents')
                : num('total_cents'),
          },
          createdAt: isoOf(r.created_at),
          // Reports (migration 011): segment, quotes accepted, cancellation reasons.
          customerTier: text('customer_tier') || 'standard',
          bookingSource: text('booking_source') || 'admin',
          quotationId: text('quotation_id') || null,
          cancellationReason: text('cancellation_reason') || null,
        },
        at,
      ),
    );
  }
  for (const a of d.admin.auditLog) {
    const when = isoOf(a.timestamp) ?? at;
    events.push(
      envelope(
        'audit.recorded',
        tenantId,
        {
          actorId: a.userId ?? null,
          actorEmail: a.userEmail ?? null,
          actorRole: a.userRole ?? null,
          action: a.action,
          targetType: a.targetType,
          target: a.target ?? null,
          targetLabel: a.targetLabel ?? null,
          ipAddress: null,
          additionalInfo: null,
          changes: null,
        },
        when,
        // The audit entry's own id keys its activity row, so a second rebuild replaces it.
        z.uuid().safeParse(a.id).success ? a.id : randomUUID(),
      ),
    );
  }
  return events;
}

/**
 * The furthest funnel stage (0 request, 1 held, 2 confirmed, 3 completed) each booking reached,
 * from the owners' data alone, so a rebuild from an empty copy counts the funnel as the events
 * did: bookings' export gives what its row proves (`furthest_stage`: a confirmation's
 * payment_details survive a cancellation), and admin's audit log, the one durable status history,
 * gives every move bookings audited (`changes.status` old → new, keyed by booking code), so a
 * hold later cancelled or declined still counts as held.
 */
export function stagesOf(d: OwnerData): Map<string, number> {
  const stages = new Map<string, number>();
  const idByCode = new Map<string, string>();
  const raise = (id: string, stage: number) => {
    if (stage > (stages.get(id) ?? 0)) stages.set(id, stage);
  };
  for (const row of d.bookings.bookings) {
    const r = row as Record<string, unknown>;
    if (typeof r.id !== 'string') continue;
    if (typeof r.booking_code === 'string') idByCode.set(r.booking_code, r.id);
    const exported = Number(r.furthest_stage ?? 0);
    raise(r.id, Number.isInteger(exported) ? Math.min(Math.max(exported, 0), 3) : 0);
  }
  for (const a of d.admin.auditLog) {
    if (a.targetType !== 'booking' || !a.target) continue;
    const id = idByCode.get(a.target);
    const status = (a.changes as { status?: { old?: unknown; new?: unknown } } | null | undefined)?.status;
    if (!id || !status) continue;
    for (const s of [status.old, status.new]) if (typeof s === 'string') raise(id, stageOf(s, null));
  }
  return stages;
}

/** A snapshot from admin's current settings, for a tenant whose events never reached insights. */
function settingsEvent(tenantId: string, s: NonNullable<OwnerData['settings']>, at: string): DomainEvent {
  const g = s.general;
  const taxRate = g.taxRate ?? 10;
  const data = tenantSettingsSnapshotSchema.parse({
    schemaVersion: 1,
    tenantId,
    // The lowest version: any snapshot admin publishes from now on replaces it.
    version: 1,
    updatedAt: at,
    timezone: g.timezone,
    dateFormat: g.dateFormat ?? 'DD/MM/YYYY',
    timeFormat: g.timeFormat ?? '12h',
    currency: g.currency ?? 'AUD',
    taxType: g.taxType === 'Exclusive' ? 'Exclusive' : 'Inclusive',
    taxRatePercent: taxRate,
    invoiceGstRatePercent: taxRate,
    holdExpiryHours: s.availability?.holdExpiryHours ?? 48,
    setupBufferMinutes: s.availability?.setupBufferMinutes ?? 0,
    packdownBufferMinutes: s.availability?.packdownBufferMinutes ?? 0,
  });
  return envelope('tenant.settings_changed', tenantId, data, at);
}

export interface RebuildResult {
  tenantId: string;
  resources: number;
  blockouts: number;
  bookings: number;
  activity: number;
  settings: 'kept' | 'from admin';
  /** Money's rows replayed from its export; null when money gave none (its copies were kept). */
  money: {
    invoices: number;
    payments: number;
    creditNotes: number;
    bonds: number;
    quotations: number;
  } | null;
  /** What this rebuild cannot replay, in words. */
  notRebuilt: string[];
}

/** Applies one event with the consumer of its type, parsed by its schema as the kit would. */
async function apply(tx: Tx, consumers: ConsumerMap, event: DomainEvent): Promise<void> {
  const def = eventDefinition(event.type, EVENTS);
  if (!def) throw new Error(`no such event type ${event.type}`);
  const key = Object.keys(consumers).find((k) =>
    k.endsWith('.*') ? event.type.startsWith(k.slice(0, -1)) : k === event.type,
  );
  if (!key) throw new Error(`insights has no consumer of ${event.type}`);
  const parsed = { ...event, data: def.schema.parse(event.data) };
  await consumers[key]!(parsed as never, tx);
}

/** Empties the tenant's copies of catalogue, bookings and audit data and replays the owners' data. */
export async function rebuildTenant(
  kit: ServiceKit,
  consumers: ConsumerMap,
  tenantId: string,
  data: OwnerData,
): Promise<RebuildResult> {
  const at = new Date().toISOString();
  const events = eventsOf(tenantId, data, at);
  const money = data.money ?? null;
  const moneyEvents = money ? moneyEventsOf(tenantId, money, at) : [];
  return kit.db.systemTx(async (tx) => {
    let settings: RebuildResult['settings'] = 'kept';
    if (!(await readSettingsCopy(tx, tenantId)) && data.settings) {
      await storeSettingsSnapshot(tx, settingsEvent(tenantId, data.settings, at));
      settings = 'from admin';
    }
    // The furthest stage a booking reached (Reports' funnel) is history: the copy's own stages are
    // kept, and stagesOf() adds what bookings' export and admin's audit log show, so a rebuild
    // from an empty copy gives the same funnel as the events did.
    const q = db(tx);
    const stages = await q
      .selectFrom('bookings')
      .select(['id', 'furthest_stage'])
      .where('tenant_id', '=', tenantId)
      .where('furthest_stage', '>', 0)
      .execute();
    for (const table of ['resources', 'blockouts', 'bookings', 'activity'] as const) {
      await q.deleteFrom(table).where('tenant_id', '=', tenantId).execute();
    }
    for (const e of events) await apply(tx, consumers, e);
    if (money) {
      await emptyMoneyCopies(tx, tenantId);
      for (const e of moneyEvents) await apply(tx, consumers, e);
    }
    // What the copy had reached before, raised by what the owners' history shows.
    const known = stagesOf(data);
    for (const r of stages) {
      if (Number(r.furthest_stage) > (known.get(r.id) ?? 0)) known.set(r.id, Number(r.furthest_stage));
    }
    const ids = [...known.keys()];
    const reached = [...known.values()];
    // sql: unnest of two arrays side by side as a table with named columns (one statement for
    // every booking; the builder has no multi-argument unnest nor a column alias list)
    const kept = sql<{ id: string; stage: number }>`unnest(${ids}::uuid[], ${reached}::int[])`;
    await q
      .updateTable('bookings as b')
      // sql: the column names of the unnest above
      .from(kept.as<'s'>(sql`s(id, stage)`))
      .set((eb) => ({ furthest_stage: eb.ref('s.stage') }))
      .where('b.tenant_id', '=', tenantId)
      .whereRef('b.id', '=', 's.id')
      .whereRef('b.furthest_stage', '<', 's.stage')
      .execute();
    const count = (type: string) => events.filter((e) => e.type === type).length;
    return {
      tenantId,
      resources: count('resource.created'),
      blockouts: count('blockout.created'),
      bookings: count('booking.updated'),
      activity: count('audit.recorded'),
      settings,
      money: money && {
        invoices: money.invoices.length,
        payments: moneyEvents.filter((e) => e.type === 'payment.recorded').length,
        creditNotes: money.creditNotes.length,
        bonds: moneyEvents.filter((e) => e.type.startsWith('bond.')).length,
        quotations: moneyEvents.filter((e) => e.type === 'quotation.sent').length,
      },
      notRebuilt: [
        ...(money
          ? []
          : [
              `invoices, payments, credit notes, bonds and quotations (money gave no export${data.moneyMissing ? `: ${data.moneyMissing}` : ''}; they follow its events only)`,
            ]),
        'failed e-mails (comms has no export: they follow its events only)',
      ],
    };
  });
}

/** `POST /internal/rebuild/:tenantId` (the rebuild command calls it) and `GET /internal/tenants`. */
export function rebuildRoutes(router: AppRouter, kit: ServiceKit, consumers: () => ConsumerMap): void {
  router.post('/internal/rebuild/:tenantId', requireInternal, async (ctx) => {
    const tenantId = ctx.params.tenantId ?? '';
    if (!z.uuid().safeParse(tenantId).success) throw notFound('No such tenant.');
    const data = await fetchOwnerData(tenantId);
    ctx.body = await rebuildTenant(kit, consumers(), tenantId, data);
  });

  /** The tenants insights knows (its settings copies), for `rebuild --all`. */
  router.get('/internal/tenants', requireInternal, async (ctx) => {
    const rows = await kit.db.systemTx((tx) =>
      db(tx).selectFrom('tenant_settings').select('tenant_id').orderBy('tenant_id').execute(),
    );
    ctx.body = { tenants: rows.map((r) => r.tenant_id) };
  });
}
