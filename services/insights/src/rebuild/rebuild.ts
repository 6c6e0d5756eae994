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
import { EVENTS, eventDefinition, type DomainEvent } from '@venue/contracts';
import {
  callService,
  readSettingsCopy,
  sql,
  storeSettingsSnapshot,
  type ConsumerMap,
  type ServiceKit,
  type Tx,
} from '@venue/service-kit';
import { z } from 'zod';
import { eventsOf, settingsEvent, stagesOf } from './owner-events.ts';
import { db } from '../db/query.ts';
import { emptyMoneyCopies, fetchMoneyData, moneyEventsOf, type MoneyData } from './money.ts';

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
