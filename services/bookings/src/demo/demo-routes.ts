/**
 * POST /internal/demo/history/:tenantId (decision 48): `npm start`'s demo seed hands bookings the
 * demo venue's customers and bookings. Internal only (the internal secret; the gateway never
 * routes /internal), and 404 unless the tenant is a demo venue and SEED_DEMO is on.
 */
import { demoHistoryRoute, type AppRouter, type ServiceKit } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { demoBookingsSchema, writeDemoBookings } from './demo-history.ts';

export function demoRoutes(router: AppRouter, kit: ServiceKit, deps: Deps): void {
  demoHistoryRoute(router, kit, demoBookingsSchema, (tx, tenantId, plan) =>
    writeDemoBookings(tx, tenantId, plan, deps.now()),
  );
}
