import { requireSettingsCopy, storeSettingsSnapshot, type Consumer, type Tx } from '@venue/service-kit';

/**
 * The venue's IANA time zone from the catalogue's copy of admin's settings
 * (`tenant.settings_changed`, decision 9), read in the request's transaction. A tenant whose
 * settings have not arrived gets a 503: a block-out placed on a guessed clock would block the
 * wrong hours.
 */
export async function venueTimeZone(tx: Tx, tenantId: string): Promise<string> {
  return (await requireSettingsCopy(tx, tenantId, 'the catalogue')).timezone;
}

/** Keeps the copy: the newest version per tenant, whatever order events arrive in. */
export const tenantSettingsEvent: Consumer = async (event, tx) => {
  await storeSettingsSnapshot(tx, event);
};

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
