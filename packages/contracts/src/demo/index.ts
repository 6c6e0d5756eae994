/**
 * The demo venues (decision 48). Admin seeds the two demo hall owners with these fixed ids on a
 * fresh install (SEED_DEMO not `false`); a real account always gets a random id, so these two
 * ids are how the owning services recognise a demo tenant before writing demo history for it.
 */

export const DEMO_TENANTS = {
  /** owner@demo.local, Harbourside Hall. */
  owner: 'de300000-0000-4000-8000-00000000000a',
  /** owner2@demo.local, Hilltop Community Centre. */
  owner2: 'de300000-0000-4000-8000-00000000000b',
} as const;

const IDS: readonly string[] = Object.values(DEMO_TENANTS);

export const isDemoTenant = (tenantId: string): boolean => IDS.includes(tenantId);

/**
 * Why a demo history import is refused for `tenantId`, or null when it may run. `seedDemo` is
 * the service's SEED_DEMO (demo data is on unless it is `false`, as for admin and `npm start`).
 */
export function demoHistoryRefusal(tenantId: string, seedDemo: string | undefined): string | null {
  if (seedDemo === 'false') return 'Demo data is switched off (SEED_DEMO=false).';
  if (!isDemoTenant(tenantId)) return 'Demo history is written only for the demo venues.';
  return null;
}
