/**
 * The catalogue's tables as Kysely sees them (decision 35), written by hand from
 * `services/catalogue/migrations/*.sql`: a table or column added there is added here.
 * Types are what the kit's drivers return (node-postgres and PGlite alike): bigint as a number
 * (the kit's int8 parser; every cents column is capped at 1,000,000,000 by the contracts),
 * timestamptz as a Date, jsonb parsed, numeric as its decimal text. The kit's own tables (outbox,
 * inbox, idempotency keys, schema_migrations) are not the catalogue's to query and stay out.
 */
import type { OpeningHours } from '@venue/contracts';
import type { Resource } from '@venue/contracts/catalogue';
import type {
  CalendarDate,
  Cents,
  DefaultTimestamp,
  Generated,
  GeneratedId,
  Json,
  JsonWithDefault,
  TenantSettingsTable,
  Timestamp,
} from '@venue/service-kit';

export type ResourceType = 'hall' | 'room' | 'outdoor';
export type ResourceStatus = 'active' | 'archived';
export type ResourceVisibility = 'public' | 'admin';

export interface ResourcesTable {
  tenant_id: string;
  id: GeneratedId;
  code: string;
  name: string;
  type: Generated<ResourceType>;
  capacity: Generated<number>;
  description: Generated<string>;
  internal_notes: Generated<string>;
  visibility: Generated<ResourceVisibility>;
  status: Generated<ResourceStatus>;
  calendar_colour: Generated<string>;
  colour_name: Generated<string>;
  hours: Json<OpeningHours>;
  setup_buffer_minutes: Generated<number>;
  packdown_buffer_minutes: Generated<number>;
  apply_buffers: Generated<boolean>;
  equipment: JsonWithDefault<Resource['equipment']>;
  ics_enabled: Generated<boolean>;
  public_calendar: Generated<boolean>;
  /** sha256 (hex) of the secret feed token; the token itself is never stored. */
  ics_token_hash: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** The current photo (resource_photos, migration 014); null without one. */
  photo_id: string | null;
}

/** A resource's photo, re-encoded WebP in the row (migration 014, decision 15). */
export interface ResourcePhotosTable {
  tenant_id: string;
  id: GeneratedId;
  resource_id: string;
  data: Uint8Array;
  mime_type: Generated<string>;
  width: number;
  height: number;
  created_at: DefaultTimestamp;
}

/** Rate cards: one per resource. */
export interface PricingTable {
  tenant_id: string;
  id: GeneratedId;
  resource_id: string;
  rate_type: 'hourly' | 'daily';
  weekday_rate_cents: Cents;
  weekend_rate_cents: Cents;
  description: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface AddonsTable {
  tenant_id: string;
  id: GeneratedId;
  name: string;
  price_cents: Cents;
  description: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A tenant that received the starter add-ons once. */
export interface AddonSeedsTable {
  tenant_id: string;
  seeded_at: DefaultTimestamp;
}

export interface HolidaysTable {
  tenant_id: string;
  id: GeneratedId;
  name: string;
  date: CalendarDate;
  scope: Generated<'statewide' | 'local' | 'custom'>;
  state: 'NSW' | 'VIC' | 'QLD' | 'SA' | 'WA' | 'TAS' | 'ACT' | 'NT' | null;
  pricing_rule: 'PH-Std' | 'PH-Religious' | 'PH-AFL' | 'PH-Local' | null;
  surcharge_percent: Generated<number>;
  block_out: Generated<boolean>;
  restricted_trading: Generated<boolean>;
  notes: Generated<string>;
  provenance: Generated<'official' | 'manual'>;
  source_url: string | null;
  /** The holiday this one stands in for (a substitute Monday). */
  substitutes: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** One continuous period, as entered on the venue's clock and as the instants it meant. */
export interface BlockoutsTable {
  tenant_id: string;
  id: GeneratedId;
  date_from: CalendarDate;
  date_to: CalendarDate;
  time_from: string;
  time_to: string;
  time_zone: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reason: 'Maintenance' | 'Private Event' | 'Deep Cleaning' | 'Other';
  notes: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** The number of its last write (migration 013): bookings applies a block-out's writes in this order. */
  revision: Generated<number>;
}

/**
 * A block-out write between its two steps (migration 013, decision 55): recorded before bookings
 * is asked to reserve the time, deleted when the block-out is stored or the write given up.
 */
export interface BlockoutIntentsTable {
  tenant_id: string;
  id: string;
  kind: 'create' | 'update';
  target: string | null;
  revision: number;
  payload: Json;
  created_at: DefaultTimestamp;
  undo_started: Generated<boolean>;
}

export interface BlockoutResourcesTable {
  tenant_id: string;
  blockout_id: string;
  resource_id: string;
}

/** Copy of each booking's slot from bookings' events, for the resource's iCalendar feed. */
export interface BookingBusyTable {
  tenant_id: string;
  booking_id: string;
  resource_id: string;
  status: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  setup_minutes: Generated<number>;
  packdown_minutes: Generated<number>;
  booking_updated_at: Timestamp;
  received_at: DefaultTimestamp;
}

export interface CatalogueDb {
  resources: ResourcesTable;
  pricing: PricingTable;
  addons: AddonsTable;
  addon_seeds: AddonSeedsTable;
  holidays: HolidaysTable;
  blockouts: BlockoutsTable;
  blockout_resources: BlockoutResourcesTable;
  blockout_intents: BlockoutIntentsTable;
  tenant_settings: TenantSettingsTable;
  booking_busy: BookingBusyTable;
  resource_photos: ResourcePhotosTable;
}
