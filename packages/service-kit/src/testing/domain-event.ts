import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@venue/contracts';

/**
 * An event as the service `source` publishes it (a fresh id, so the consumer's inbox takes it
 * once; occurred now unless told), for a test to hand to `kit.handleEvent` as the relay would.
 */
export function testEvent<T>(
  type: string,
  source: string,
  tenantId: string | null,
  data: T,
  occurredAt: string = new Date().toISOString(),
): DomainEvent<T> {
  return { id: randomUUID(), type, source, tenantId, occurredAt, data };
}
