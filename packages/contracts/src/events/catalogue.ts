// Payloads of the catalogue's events: bookings keeps a copy of resources and block-outs.
import { z } from 'zod';

/**
 * `resource.created|updated|deleted`: the resource as bookings needs it to check a booking
 * (capacity, status, buffers); `deleted` carries the last state. `code`, `type` and `hours`
 * are sent too; nothing relies on them yet.
 */
export const resourceEventSchema = z.object({
  id: z.guid(),
  tenantId: z.guid(),
  name: z.string(),
  capacity: z.number().int().min(0),
  status: z.enum(['active', 'archived']),
  setupBufferMinutes: z.number().int().min(0),
  packdownBufferMinutes: z.number().int().min(0),
  applyBuffers: z.boolean(),
  code: z.string().optional(),
  type: z.enum(['hall', 'room', 'outdoor']).optional(),
  hours: z.record(z.string(), z.unknown()).optional(),
});
export type ResourceEvent = z.infer<typeof resourceEventSchema>;

/**
 * `blockout.created|updated|deleted`: the block-out's period (instants with an offset) and the
 * resources it covers now (`updated` replaces the whole set; `deleted` releases it).
 */
export const blockoutEventSchema = z.object({
  id: z.guid(),
  tenantId: z.guid(),
  resourceIds: z.array(z.guid()),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  reason: z.string().optional(),
});
export type BlockoutEvent = z.infer<typeof blockoutEventSchema>;
