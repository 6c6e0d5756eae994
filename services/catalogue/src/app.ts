import type { ServiceKit, ServiceOptions } from '@venue/service-kit';
import { blockoutRoutes } from './blockouts/blockout-routes.ts';
import { ICS_MAX, holidayRoutes } from './holidays/holiday-routes.ts';
import { bookingsBusyLookup, type BusyLookup } from './ics/bookings-busy.ts';
import { feedRoutes } from './ics/feed-routes.ts';
import { internalRoutes } from './internal-routes.ts';
import { addonRoutes } from './pricing/addon-routes.ts';
import { pricingRoutes } from './pricing/pricing-routes.ts';
import { resourceRoutes } from './resources/resource-routes.ts';
import { tenantSettingsEvent } from './time-zone.ts';

/** Calls to other services, replaceable in tests. */
export interface CatalogueDependencies {
  busyOf?: (kit: ServiceKit) => BusyLookup;
}

/**
 * services/catalogue: resources (halls, rooms, outdoor spaces), rate cards, add-ons, public
 * holidays, block-outs, price quotes and the per-resource ICS feed.
 */
export function createCatalogueService(deps: CatalogueDependencies = {}): ServiceOptions {
  return {
    name: 'catalogue',
    migrationsDir: new URL('../migrations/', import.meta.url),
    longTextFields: { '/api/holidays/import': { ics: ICS_MAX } },
    routes(router, kit) {
      internalRoutes(router, kit);
      feedRoutes(router, kit, (deps.busyOf ?? ((k) => bookingsBusyLookup(k.log)))(kit));
      resourceRoutes(router);
      pricingRoutes(router);
      addonRoutes(router);
      holidayRoutes(router);
      blockoutRoutes(router);
    },
    // The venue's time zone comes from admin's settings events, kept in tenant_settings.
    consumers: { 'tenant.settings_changed': tenantSettingsEvent },
  };
}

/** The production wiring, shared by main.ts. */
export const catalogueService: ServiceOptions = createCatalogueService();
