/** Envelope of every domain event written to a service's outbox and delivered at least once. */
export interface DomainEvent<T = unknown> {
  id: string; // uuid; consumers dedupe on it
  type: string; // e.g. "user.updated"
  source: string; // service name
  tenantId: string | null;
  occurredAt: string; // ISO timestamp
  data: T;
}

/** Audit entry payload carried by `audit.recorded` events (consumed by services/admin). */
export interface AuditEventData {
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  targetType: string;
  target: string | null;
  /**
   * The target as people read it, fixed when the entry is written (the Audit Log shows it
   * without looking anything up). Optional: entries from before it, or from a publisher that
   * has none, show `target`.
   */
  targetLabel?: string | null;
  ipAddress: string | null;
  additionalInfo: string | null;
  changes: Record<string, { old: unknown; new: unknown }> | null;
}

/**
 * Who consumes which event types (exact type or a prefix ending in ".*"). The relay of each
 * service delivers its outbox to the subscribers listed here (loopback HTTP by default,
 * NATS JetStream when NATS_URL is set).
 */
export const SUBSCRIPTIONS: Record<string, string[]> = {
  admin: ['audit.recorded'],
  // tenant.settings_changed: admin's snapshot of a tenant's settings (settings.ts), kept as a copy
  // booking.*: the busy times of each resource for its iCalendar feed (booking-events.ts)
  catalogue: ['tenant.settings_changed', 'booking.created', 'booking.updated', 'booking.status_changed'],
  bookings: [
    'resource.*',
    'blockout.*',
    'customer.erasure_requested',
    'user.deleted',
    'tenant.settings_changed',
  ],
  money: [],
  comms: [],
  insights: [],
  // The gateway's principal cache (decision 20): changes that must bite within a second. Not
  // a service: the relay finds it at GATEWAY_URL, else the gateway's default port.
  // api_key.revoked: a revoked API key is refused on its next request (api-keys.ts).
  gateway: ['session.ended', 'principal.changed', 'api_key.revoked'],
};

export function subscribesTo(service: string, type: string): boolean {
  return (SUBSCRIPTIONS[service] ?? []).some((p) =>
    p.endsWith('.*') ? type.startsWith(p.slice(0, -1)) : p === type,
  );
}
