import type { ServiceOptions } from '@venue/service-kit';
import { createLogger, defineConsumers } from '@venue/service-kit';
import type { Deps } from './deps.ts';
import { blockoutEvent, resourceEvent } from './availability/catalogue-events.ts';
import { editRoutes, listRoutes } from './bookings/routes.ts';
import { demoRoutes } from './demo/demo-routes.ts';
import { portalRoutes, publicRoutes, staffDoorRoutes } from './door/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import { erasureRequested } from './customers/erasure-consumer.ts';
import { customerRfmJob } from './customers/customer-summary.ts';
import { expireHoldsJob } from './holds/expire-holds-job.ts';
import { holdRoutes } from './holds/routes.ts';
import { internalRoutes } from './internal/internal-routes.ts';
import { bookingMoneyChanged } from './money/money-copy.ts';
import { httpClients, type BookingClients } from './remote/clients.ts';
import { tenantSettingsEvent } from './remote/tenant-settings.ts';
import { statusRoutes } from './status/routes.ts';

export interface BookingsServiceOptions {
  /** Catalogue calls (resources, quotes); tests pass fakes. */
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
      internalRoutes(router, kit, deps);
      demoRoutes(router, kit, deps);
      // The customer's door (issue 25): the booking page's visitors and the portal's customers.
      publicRoutes(router, deps);
      portalRoutes(router, deps);
      // Order matters: the router tries routes as registered, and /api/bookings/:id (GET) would
      // take stats, search, holds-expiring and export.csv if it came before them.
      staffDoorRoutes(router);
      listRoutes(router, deps);
      holdRoutes(router, deps);
      editRoutes(router, deps);
      statusRoutes(router, deps);
      calendarRoutes(router);
      customerRoutes(router, deps);
    },
    consumers: defineConsumers('bookings', {
      'resource.*': resourceEvent,
      'blockout.*': blockoutEvent,
      'customer.erasure_requested': erasureRequested,
      'tenant.settings_changed': tenantSettingsEvent,
      'booking_money.changed': bookingMoneyChanged,
    }),
    jobs: [expireHoldsJob(deps), customerRfmJob(deps)],
  };
}
