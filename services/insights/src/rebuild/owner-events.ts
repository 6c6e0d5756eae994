/**
 * The events the owners would have published for what they hold now (rebuild.ts replays them
 * through the consumers): catalogue's resources and block-outs, bookings' bookings with their
 * stages, admin's audit entries and the venue's settings.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { tenantSettingsSnapshotSchema, type DomainEvent, type EventType } from '@venue/contracts';
import { stageOf } from '../consumers/consumers.ts';
import type { OwnerData } from './rebuild.ts';

export const isoOf = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = new Date(v as string);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

export function envelope(
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
  return [
    ...d.catalogue.resources.map((r) =>
      envelope('resource.created', tenantId, resourceData(tenantId, r), at),
    ),
    ...d.catalogue.blockouts
      .filter((b) => b.resourceIds.length > 0)
      .map((b) => envelope('blockout.created', tenantId, blockoutData(tenantId, b), at)),
    ...d.bookings.bookings.map((row) =>
      envelope('booking.updated', tenantId, bookingData(tenantId, row), at),
    ),
    ...d.admin.auditLog.map((a) => auditEvent(tenantId, a, at)),
  ];
}

function resourceData(tenantId: string, r: OwnerData['catalogue']['resources'][number]) {
  return {
    id: r.id,
    tenantId,
    name: r.name,
    capacity: r.capacity ?? 0,
    status: r.status,
    setupBufferMinutes: r.setupBufferMinutes ?? 0,
    packdownBufferMinutes: r.packdownBufferMinutes ?? 0,
    applyBuffers: r.applyBuffers ?? true,
    ...(r.hours ? { hours: r.hours } : {}),
  };
}

function blockoutData(tenantId: string, b: OwnerData['catalogue']['blockouts'][number]) {
  return {
    id: b.id,
    tenantId,
    resourceIds: b.resourceIds,
    startsAt: isoOf(b.startsAt),
    endsAt: isoOf(b.endsAt),
    ...(b.reason ? { reason: b.reason } : {}),
  };
}

/** A booking as bookings' events carry it, from its exported row (bookings' own columns). */
function bookingData(tenantId: string, row: OwnerData['bookings']['bookings'][number]) {
  const r = row as Record<string, unknown>;
  const text = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : '');
  const num = (k: string) => Number(r[k] ?? 0) || 0;
  const docs = (typeof r.docs === 'string' ? JSON.parse(r.docs) : r.docs) as {
    idVerified?: boolean;
    insuranceVerified?: boolean;
  } | null;
  return {
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
  };
}

/** An audit entry, at its own time. */
function auditEvent(tenantId: string, a: OwnerData['admin']['auditLog'][number], at: string): DomainEvent {
  return envelope(
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
    isoOf(a.timestamp) ?? at,
    // The audit entry's own id keys its activity row, so a second rebuild replaces it.
    z.uuid().safeParse(a.id).success ? a.id : randomUUID(),
  );
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
export function settingsEvent(
  tenantId: string,
  s: NonNullable<OwnerData['settings']>,
  at: string,
): DomainEvent {
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
