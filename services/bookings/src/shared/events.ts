import type { DomainEvent } from '@venue/contracts';

/** The tenant an event concerns: named in its data, else on the envelope ('' when neither). */
export const eventTenant = (e: DomainEvent) =>
  String((e.data as { tenantId?: string }).tenantId ?? e.tenantId ?? '');
