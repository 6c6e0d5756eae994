/**
 * The catalogue's tables as Kysely sees them (decision 35). The columns are generated from
 * `services/catalogue/migrations/*.sql` into `schema.generated.ts` (`node scripts/db-types.mjs`;
 * `npm test` fails while it is stale), each as the kit's drivers return it (node-postgres and
 * PGlite alike): bigint as a number (the kit's int8 parser; every cents column is capped at
 * 1,000,000,000 by the contracts), timestamptz as a Date, jsonb parsed, numeric as its decimal
 * text, date as `CalendarDate`. Here only what the catalogue knows better than the database: the
 * values its text columns hold and the shapes of its jsonb (`Refine` keeps the database's say on
 * null and defaults). The kit's own tables (outbox, inbox, idempotency keys, schema_migrations)
 * are not the catalogue's to query and are not generated.
 */
import type { OpeningHours } from '@venue/contracts';
import type { Resource } from '@venue/contracts/catalogue';
import type { Json, Refine, RefineTables, SettingsCopyColumns } from '@venue/service-kit';
import type * as G from './schema.generated.ts';

export type ResourceType = 'hall' | 'room' | 'outdoor';
export type ResourceStatus = 'active' | 'archived';
export type ResourceVisibility = 'public' | 'admin';

/**
 * `ics_token_hash` is the sha256 (hex) of the secret feed token, which is never stored;
 * `photo_id` the current photo (resource_photos, migration 014), null without one.
 */
export type ResourcesTable = Refine<
  G.ResourcesTable,
  {
    type: ResourceType;
    visibility: ResourceVisibility;
    status: ResourceStatus;
    hours: Json<OpeningHours>;
    equipment: Json<Resource['equipment']>;
  }
>;

/** A resource's photo, re-encoded WebP in the row (migration 014, decision 15). */
export type ResourcePhotosTable = G.ResourcePhotosTable;

/** Rate cards: one per resource. */
export type PricingTable = Refine<G.PricingTable, { rate_type: 'hourly' | 'daily' }>;

export type AddonsTable = G.AddonsTable;

/** A tenant that received the starter add-ons once. */
export type AddonSeedsTable = G.AddonSeedsTable;

/** `substitutes`: the holiday this one stands in for (a substitute Monday). */
export type HolidaysTable = Refine<
  G.HolidaysTable,
  {
    scope: 'statewide' | 'local' | 'custom';
    state: 'NSW' | 'VIC' | 'QLD' | 'SA' | 'WA' | 'TAS' | 'ACT' | 'NT';
    pricing_rule: 'PH-Std' | 'PH-Religious' | 'PH-AFL' | 'PH-Local';
    provenance: 'official' | 'manual';
  }
>;

/**
 * One continuous period, as entered on the venue's clock and as the instants it meant. `revision`
 * numbers its last write (migration 013): bookings applies a block-out's writes in this order.
 */
export type BlockoutsTable = Refine<
  G.BlockoutsTable,
  { reason: 'Maintenance' | 'Private Event' | 'Deep Cleaning' | 'Other' }
>;

/**
 * A block-out write between its two steps (migration 013, decision 55): recorded before bookings
 * is asked to reserve the time, deleted when the block-out is stored or the write given up.
 */
export type BlockoutIntentsTable = Refine<G.BlockoutIntentsTable, { kind: 'create' | 'update' }>;

export type BlockoutResourcesTable = G.BlockoutResourcesTable;

/** Copy of each booking's slot from bookings' events, for the resource's iCalendar feed. */
export type BookingBusyTable = G.BookingBusyTable;

export type CatalogueDb = RefineTables<
  G.DB,
  {
    resources: ResourcesTable;
    pricing: PricingTable;
    holidays: HolidaysTable;
    blockouts: BlockoutsTable;
    blockout_intents: BlockoutIntentsTable;
    tenant_settings: Refine<G.TenantSettingsTable, SettingsCopyColumns>;
  }
>;
