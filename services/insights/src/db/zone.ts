/**
 * The venue's time zone for a request, read from the settings copy in the request's own read or
 * transaction, without a round trip of its own.
 *
 * Every Dashboard and Reports figure depends on the zone (it sets the venue days), so a request
 * used to read the copy, wait for it, then ask for its figures: three round trips with BEGIN's
 * and COMMIT's. Here the figures are asked for at once, on the zone this process last read for
 * the tenant, together with the copy (one write, one round trip); the answer is kept only when
 * the copy read in the same write names that zone, and worked out again on the zone read
 * otherwise (after a venue changes its time zone, once per process). The copy stays the only
 * authority: no answer is ever built on a zone the request did not read.
 */
import { requireSettingsCopy, type Tx } from '@venue/service-kit';

/** The zone last read per tenant; a guess only, so cleared rather than evicted when full. */
const lastRead = new Map<string, string>();
const MAX_TENANTS = 10_000;

function remember(tenantId: string, zone: string): void {
  if (lastRead.size >= MAX_TENANTS && !lastRead.has(tenantId)) lastRead.clear();
  lastRead.set(tenantId, zone);
}

/** `run` once, on the tenant's time zone read first from its settings copy (503 naming `area` without one). */
export async function afterVenueZone<T>(
  tx: Tx,
  tenantId: string,
  area: string,
  run: (zone: string) => Promise<T>,
): Promise<T> {
  const { timezone } = await requireSettingsCopy(tx, tenantId, area);
  remember(tenantId, timezone);
  return run(timezone);
}

/**
 * `run` on the tenant's time zone from its settings copy (503 naming `area` without one), asked
 * together with the copy when this process has read the tenant's zone before. `run` may be
 * called twice: it must only read.
 */
export async function withVenueZone<T>(
  tx: Tx,
  tenantId: string,
  area: string,
  run: (zone: string) => Promise<T>,
): Promise<T> {
  const guess = lastRead.get(tenantId);
  if (guess === undefined) return afterVenueZone(tx, tenantId, area, run);
  const [settings, answer] = await Promise.allSettled([requireSettingsCopy(tx, tenantId, area), run(guess)]);
  if (settings.status === 'rejected') {
    lastRead.delete(tenantId);
    throw settings.reason;
  }
  const zone = settings.value.timezone;
  if (zone === guess) {
    if (answer.status === 'rejected') throw answer.reason;
    return answer.value;
  }
  remember(tenantId, zone);
  return run(zone);
}
