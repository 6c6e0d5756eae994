import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { internalSecret, serviceUrl, type Logger } from '@venue/service-kit';

export interface BusyPeriod {
  id: string;
  startsAt: string;
  endsAt: string;
}

/** A resource's booked periods, from the bookings service. Injected so tests need no bookings. */
export type BusyLookup = (tenantId: string, resourceId: string) => Promise<BusyPeriod[]>;

function isBusy(v: unknown): v is BusyPeriod {
  const b = v as BusyPeriod;
  return (
    !!b &&
    typeof b.id === 'string' &&
    !Number.isNaN(Date.parse(b.startsAt)) &&
    !Number.isNaN(Date.parse(b.endsAt))
  );
}

/**
 * Asks bookings for the resource's busy periods. Until bookings answers (not built yet, or
 * down) the feed simply lists block-outs only.
 */
export function bookingsBusyLookup(log: Logger): BusyLookup {
  return async (tenantId, resourceId) => {
    try {
      const res = await fetch(
        `${serviceUrl('bookings')}/internal/resources/${resourceId}/busy?tenantId=${encodeURIComponent(tenantId)}`,
        { headers: { [INTERNAL_AUTH_HEADER]: internalSecret() }, signal: AbortSignal.timeout(2000) },
      );
      if (!res.ok) return [];
      const body = (await res.json()) as unknown;
      const list = Array.isArray(body) ? body : ((body as { busy?: unknown[] })?.busy ?? []);
      return list.filter(isBusy);
    } catch (err) {
      log.debug(
        { err: (err as Error).message },
        'bookings busy periods unavailable; feed lists block-outs only',
      );
      return [];
    }
  };
}
