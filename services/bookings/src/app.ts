import type { ServiceOptions } from '@venue/service-kit';
import { createLogger } from '@venue/service-kit';
import { bookingRoutes } from './booking-routes.ts';
import type { Deps } from './booking-service.ts';
import { httpClients, type BookingClients } from './clients.ts';
import { consumers } from './consumers.ts';
import { customerRoutes } from './customer-routes.ts';
import { expireHoldsJob } from './holds.ts';
import { internalRoutes } from './internal-routes.ts';

export interface BookingsServiceOptions {
  /** Admin and catalogue calls; tests pass fakes. */
  clients?: BookingClients;
  /** The clock (tests move it to expire holds). */
  now?: () => Date;
}

/** services/bookings: bookings, holds, the calendar and customers. */
export function createBookingsService(opts: BookingsServiceOptions = {}): ServiceOptions {
  const deps: Deps = {
    clients:
      opts.clients ??
      httpClients(createLogger(process.env.LOG_LEVEL ?? 'info').child({ service: 'bookings' })),
    now: opts.now ?? (() => new Date()),
  };
  return {
    name: 'bookings',
    migrationsDir: new URL('../migrations/', import.meta.url),
    routes(router, kit) {
      internalRoutes(router, kit);
      bookingRoutes(router, deps);
      customerRoutes(router, deps);
    },
    consumers,
    jobs: [expireHoldsJob(deps)],
  };
}
