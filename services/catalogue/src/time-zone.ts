import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { internalSecret, serviceUrl, type Logger } from '@venue/service-kit';

export const FALLBACK_TIME_ZONE = 'Australia/Sydney';

/** Looks up a tenant's IANA time zone. Injected so tests need no admin service. */
export type TimeZoneLookup = (tenantId: string) => Promise<string>;

function isValidZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads `general.timezone` from admin's internal tenant settings. Block-outs and feeds must
 * keep working while admin is down, so any failure falls back to Sydney with a warning.
 */
export function adminTimeZoneLookup(log: Logger): TimeZoneLookup {
  return async (tenantId) => {
    try {
      const res = await fetch(`${serviceUrl('admin')}/internal/tenant-settings/${tenantId}`, {
        headers: { [INTERNAL_AUTH_HEADER]: internalSecret() },
        signal: AbortSignal.timeout(3000),
      });
      if (res.ok) {
        const body = (await res.json()) as { general?: { timezone?: unknown } };
        if (isValidZone(body.general?.timezone)) return body.general.timezone;
      }
      log.warn({ tenantId, status: res.status }, 'tenant time zone unavailable; using Australia/Sydney');
    } catch (err) {
      log.warn(
        { tenantId, err: (err as Error).message },
        'tenant time zone unavailable; using Australia/Sydney',
      );
    }
    return FALLBACK_TIME_ZONE;
  };
}

/** Offset (ms) of `zone` from UTC at the instant `utcMs`. */
function zoneOffset(utcMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant a wall-clock `date time` means in `zone`. In a daylight-saving gap the time is
 * read with the offset before the change (so 02:30 on a spring-forward day becomes 03:30).
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall - zoneOffset(wall, zone);
  guess = wall - zoneOffset(guess, zone);
  return new Date(guess);
}

/** Wall-clock date and time (yyyy-MM-dd, HH:mm) of an instant in `zone`. */
export function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + zoneOffset(instant.getTime(), zone));
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
