import { z } from 'zod';
import {
  eventDefinition,
  matchesEventPattern,
  type DomainEvent,
  type EventDefinition,
  type EventRegistry,
} from '@venue/contracts';
import { HttpError } from '../errors.ts';

export const domainEventSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1).max(200),
  // Absent on envelopes from before versions were carried: version 1.
  version: z.number().int().positive().optional(),
  source: z.string().min(1).max(100),
  tenantId: z.string().nullable(),
  occurredAt: z.string(),
  data: z.unknown(),
});

/** `POST /internal/events/batch`: a relay's due events for one subscriber, in outbox order. */
export const eventBatchSchema = z.object({ events: z.array(domainEventSchema).min(1).max(1000) });

export interface OutboxRow {
  id: string;
  seq: number;
  type: string;
  version: number;
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
    version: row.version,
    source: row.source,
    tenantId: row.tenant_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    data: row.data,
  };
}

/** Exact type, or a prefix pattern ending in `.*` (as in SUBSCRIPTIONS). */
export const matchesPattern = matchesEventPattern;

const issues = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((i) => `${['data', ...i.path.map(String)].join('.')}: ${i.message}`)
    .join('; ');

/** Why `type` may not be published by `source`, or its definition. */
function definitionFor(registry: EventRegistry, source: string, type: string): EventDefinition {
  const def = eventDefinition(type, registry);
  if (!def) throw new Error(`No schema for event type "${type}": add it to EVENTS (packages/contracts)`);
  if (def.producer !== '*' && def.producer !== source)
    throw new Error(`"${type}" is published by ${def.producer} only, not by ${source} (one writer per fact)`);
  return def;
}

/**
 * The publish-side check: `type` is in the catalogue, `source` is its producer and the payload,
 * as JSON will carry it (undefined fields gone, dates as text), matches its schema. A zod parse
 * of an event costs about a microsecond, so it runs in every environment: a producer's bug
 * fails the write that made it instead of stalling every consumer. Returns the version.
 */
export function checkPublished(registry: EventRegistry, source: string, type: string, json: string): number {
  const def = definitionFor(registry, source, type);
  const parsed = def.schema.safeParse(JSON.parse(json));
  if (!parsed.success)
    throw new Error(`Event "${type}" v${def.version} does not match its schema: ${issues(parsed.error)}`);
  return def.version;
}

/**
 * The consume-side check: the event's payload parsed by its type's schema (what the consumer
 * receives), or a 422 naming the field, so the sender keeps the event and retries it rather
 * than it being applied half-understood or dropped.
 */
export function checkConsumed(registry: EventRegistry, event: DomainEvent): DomainEvent {
  const def = eventDefinition(event.type, registry);
  if (!def) throw new HttpError(422, `No schema for event type "${event.type}".`);
  const version = event.version ?? 1;
  if (version > def.version)
    throw new HttpError(
      422,
      `Event "${event.type}" is version ${version}; this service reads up to version ${def.version}.`,
    );
  const parsed = def.schema.safeParse(event.data);
  if (!parsed.success)
    throw new HttpError(
      422,
      `Event "${event.type}" v${version} does not match its schema: ${issues(parsed.error)}`,
    );
  return { ...event, version, data: parsed.data };
}
