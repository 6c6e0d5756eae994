/**
 * The one starter of the services' test harnesses: fresh signing keys, the service on a fresh
 * database (startTestService), its cast signed in, every venue's settings delivered as admin's
 * events, a `call` that sends as any member of the cast, events delivered as the relay would and
 * the outbox read back. A service's own harness adds only
 * what is its own (its cast, fakes of its peers, builders of the events it consumes).
 */
import type { DomainEvent, TenantSettingsSnapshot } from '@venue/contracts';
import type { ConsumeOutcome } from '../events/consume.ts';
import type { ServiceKit, ServiceOptions } from '../kit.ts';
import { callAs, type Call } from './call.ts';
import { accessToken, type Cast } from './cast.ts';
import { startTestService, type TestService, type TestServiceOverrides } from './index.ts';
import { testKeys, type TestKeys } from './keys.ts';
import { settingsChangedEvent } from './settings-event.ts';

/** Delivers admin's `tenant.settings_changed` for a venue; answers the consumer's outcome. */
export type SettingsDelivery = (
  tenantId: string,
  over?: Partial<TenantSettingsSnapshot>,
) => Promise<ConsumeOutcome>;

/**
 * Admin's `tenant.settings_changed` delivered to `kit` as the relay would: the venue's next
 * version, or `over.version` when a test names one (a lower one is sent as given, to show an
 * older snapshot is refused, and the next one counts on from the highest), the spec's defaults
 * changed by `over`.
 */
export function settingsDelivery(kit: ServiceKit): SettingsDelivery {
  const versions = new Map<string, number>();
  return (tenantId, over = {}) => {
    const version = over.version ?? (versions.get(tenantId) ?? 0) + 1;
    versions.set(tenantId, Math.max(version, versions.get(tenantId) ?? 0));
    return kit.handleEvent(settingsChangedEvent(tenantId, version, over));
  };
}

/** An event the service put in its outbox, as a test reads it. */
export interface OutboxEvent {
  type: string;
  tenantId: string | null;
  data: Record<string, unknown>;
}

/**
 * What the service published so far (of one `type`, or all), in outbox order. The outbox is the
 * kit's table, outside every service's typed database, so it is read here as text once for all.
 */
export async function outboxEvents(kit: ServiceKit, type?: string): Promise<OutboxEvent[]> {
  const { rows } = await kit.db.query<{
    type: string;
    tenant_id: string | null;
    data: Record<string, unknown>;
  }>(
    `SELECT type, tenant_id, data FROM outbox ${type ? 'WHERE type = $1' : ''} ORDER BY seq`,
    type ? [type] : [],
  );
  return rows.map((r) => ({ type: r.type, tenantId: r.tenant_id, data: r.data }));
}

export interface HarnessOptions extends TestServiceOverrides {
  /**
   * Who signs in: the service resolves them here instead of asking admin. Without one the
   * service resolves principals itself (admin, whose users are its own).
   */
  cast?: Cast;
  /**
   * The settings each venue has once the harness is handed over, by tenant id: the spec's
   * defaults changed by the value. Default: every venue of the cast with the spec's defaults, as
   * admin publishes them for each account it creates.
   */
  settings?: Record<string, Partial<TenantSettingsSnapshot>>;
}

export interface ServiceHarness {
  t: TestService;
  url: string;
  keys: TestKeys;
  /** An access token for each member of the cast, by user id. */
  token: Record<string, string>;
  call: Call;
  settings: SettingsDelivery;
  /** Hands an event to the service's consumers as the relay would; answers the kit's outcome. */
  deliver(event: DomainEvent): Promise<ConsumeOutcome>;
  /** What the service put in its outbox so far (of one `type`, or all), oldest first. */
  events(type?: string): Promise<OutboxEvent[]>;
  close(): Promise<void>;
}

/**
 * Starts `service` for a test. Given as a function, the service is built after the keys exist
 * (its options may read them from the environment, as the product's do at start).
 */
export async function startServiceHarness(
  service: ServiceOptions | (() => ServiceOptions),
  { cast, settings: initial, ...overrides }: HarnessOptions = {},
): Promise<ServiceHarness> {
  const keys = await testKeys();
  const options = typeof service === 'function' ? service() : service;
  const t = await startTestService(
    cast ? { ...options, resolvePrincipal: (userId) => cast.resolvePrincipal(userId) } : options,
    overrides,
  );
  try {
    const token: Record<string, string> = {};
    for (const p of cast?.directory.values() ?? []) token[p.userId] = await accessToken(keys, p);
    const settings = settingsDelivery(t.kit);
    const venues = initial ?? Object.fromEntries((cast?.tenants() ?? []).map((id) => [id, {}]));
    for (const [tenantId, over] of Object.entries(venues)) await settings(tenantId, over);
    return {
      t,
      url: t.url,
      keys,
      token,
      call: callAs(t.url, token),
      settings,
      deliver: (event) => t.kit.handleEvent(event),
      events: (type) => outboxEvents(t.kit, type),
      close: () => t.close(),
    };
  } catch (err) {
    await t.close();
    throw err;
  }
}
