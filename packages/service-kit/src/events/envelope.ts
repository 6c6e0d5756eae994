import { z } from 'zod';
import type { DomainEvent } from '@venue/contracts';

export const domainEventSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1).max(200),
  source: z.string().min(1).max(100),
  tenantId: z.string().nullable(),
  occurredAt: z.string(),
  data: z.unknown(),
});

export interface OutboxRow {
  id: string;
  seq: number;
  type: string;
  source: string;
  tenant_id: string | null;
  occurred_at: Date | string;
  data: unknown;
  acked: string[];
  attempts: number;
  next_attempt_at: Date | string | null;
}

export function toEnvelope(row: OutboxRow): DomainEvent {
  return {
    id: row.id,
    type: row.type,
    source: row.source,
    tenantId: row.tenant_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    data: row.data,
  };
}

/** Exact type, or a prefix pattern ending in `.*` (as in SUBSCRIPTIONS). */
export function matchesPattern(pattern: string, type: string): boolean {
  return pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
}
