import { operation, requireAuth } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { selectBookings, type BookingRow } from '../../bookings/booking-row.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { anyPermission } from '../../shared/guards.ts';
import { tenantOf } from '../../shared/request.ts';
import { venueIso } from '../../shared/time.ts';

/** `expiresIn` of the dashboard widget: whole hours, or minutes in the last hour. */
function expiresIn(ms: number): string {
  const h = Math.max(0, Math.floor(ms / 3_600_000));
  return h >= 1 ? `${h}h` : `${Math.max(0, Math.floor(ms / 60_000))}m`;
}

/** Dashboard widget: tentative holds expiring within 48 hours, for who may see the dashboard or bookings. */
export const holdsExpiring = (deps: Deps) =>
  operation(
    'get /api/bookings/holds-expiring',
    { guard: [requireAuth, anyPermission('dashboard', 'bookings')] },
    async ({ ctx, tx }) => {
      const zone = (await tenantSettings(tx, tenantOf(ctx))).timezone;
      const now = deps.now();
      // bookings_hold_idx: the tenant's tentative holds by expiry, read up to two days ahead
      const rows: BookingRow[] = await selectBookings(tx)
        .where('b.tenant_id', '=', tenantOf(ctx))
        .where('b.status', '=', 'tentative')
        .where('b.hold_expires_at', '<=', new Date(now.getTime() + 48 * 3_600_000))
        .orderBy('b.hold_expires_at')
        .orderBy('b.id')
        .execute();
      return {
        holds: rows.map((r) => ({
          bookingId: r.id,
          booking: r.booking_code,
          resource: r.resource_name,
          start: venueIso(new Date(r.starts_at), zone),
          expiresAt: new Date(r.hold_expires_at!).toISOString(),
          expiresIn: expiresIn(new Date(r.hold_expires_at!).getTime() - now.getTime()),
          customer: r.customer_name,
        })),
      };
    },
  );
