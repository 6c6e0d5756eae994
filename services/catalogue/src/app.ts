import { createLogger, defineConsumers, type ServiceOptions } from '@venue/service-kit';
import { blockoutIntentsJob } from './blockouts/blockout-intents.ts';
import { blockoutRoutes } from './blockouts/routes.ts';
import { httpBookingsSlots, type BookingsSlots } from './blockouts/bookings-slots.ts';
import { ICS_MAX, holidayRoutes } from './holidays/routes.ts';
import { bookingSlotEvent } from './ics/bookings-busy.ts';
import { feedRoutes } from './ics/routes.ts';
import { internalRoutes } from './internal-routes.ts';
import { pricingRoutes } from './pricing/routes.ts';
import { publicRoutes } from './public/routes.ts';
import { resourceRoutes } from './resources/routes.ts';
import { tenantSettingsEvent } from './shared/time-zone.ts';

export interface CatalogueServiceOptions {
  /** Bookings' slot table, where block-outs reserve their time (decision 55); tests stand in for it. */
  slots?: BookingsSlots;
}

/**
 * services/catalogue: resources (halls, rooms, outdoor spaces), rate cards, add-ons, public
 * holidays, block-outs, price quotes and the per-resource ICS feed.
 */
export function createCatalogueService(opts: CatalogueServiceOptions = {}): ServiceOptions {
  const slots =
    opts.slots ??
    httpBookingsSlots(createLogger(process.env.LOG_LEVEL ?? 'info').child({ service: 'catalogue' }));
  return {
    name: 'catalogue',
    migrationsDir: new URL('../migrations/', import.meta.url),
    longTextFields: { '/api/holidays/import': { ics: ICS_MAX } },
    routes(router, kit) {
      internalRoutes(router, kit);
      feedRoutes(router);
      resourceRoutes(router);
      // The venue's public profile and its spaces' photos (issue 25, decision 56).
      publicRoutes(router);
      pricingRoutes(router);
      holidayRoutes(router);
      blockoutRoutes(router, slots);
    },
    // The venue's time zone comes from admin's settings events, kept in tenant_settings; the
    // feeds' busy times from bookings' events, kept in booking_busy.
    consumers: defineConsumers('catalogue', {
      'tenant.settings_changed': tenantSettingsEvent,
      'booking.created': bookingSlotEvent,
      'booking.updated': bookingSlotEvent,
      'booking.status_changed': bookingSlotEvent,
    }),
    // Block-out writes bookings never confirmed, settled (blockout-intents.ts).
    jobs: [blockoutIntentsJob(slots)],
  };
}

/** The production wiring, shared by main.ts. */
export const catalogueService: ServiceOptions = createCatalogueService();
