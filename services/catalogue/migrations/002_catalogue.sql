-- Catalogue domain (issue 4): resources, rate cards, add-ons, public holidays, block-outs.
-- Every table is tenant data: tenant_id leads each primary key and unique index, and
-- row-level security is enabled and forced with the platform policy.

-- One resource model: the server resource of spec 03 §2.4 plus the fields of the §2.5 model.
CREATE TABLE resources (
  tenant_id               uuid NOT NULL,
  id                      uuid NOT NULL DEFAULT gen_random_uuid(),
  code                    text NOT NULL CHECK (code = upper(code) AND code <> ''),
  name                    text NOT NULL CHECK (btrim(name) <> ''),
  type                    text NOT NULL DEFAULT 'hall' CHECK (type IN ('hall', 'room', 'outdoor')),
  capacity                integer NOT NULL DEFAULT 0 CHECK (capacity >= 0),
  description             text NOT NULL DEFAULT '',
  internal_notes          text NOT NULL DEFAULT '',
  visibility              text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'admin')),
  status                  text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
  calendar_colour         text NOT NULL DEFAULT '#2563EB',
  colour_name             text NOT NULL DEFAULT 'Blue',
  hours                   jsonb NOT NULL,
  setup_buffer_minutes    integer NOT NULL DEFAULT 15 CHECK (setup_buffer_minutes >= 0),
  packdown_buffer_minutes integer NOT NULL DEFAULT 15 CHECK (packdown_buffer_minutes >= 0),
  apply_buffers           boolean NOT NULL DEFAULT true,
  equipment               jsonb NOT NULL DEFAULT '[]',
  ics_enabled             boolean NOT NULL DEFAULT false,
  public_calendar         boolean NOT NULL DEFAULT false,
  -- sha256 (hex) of the secret feed token; the token itself is shown once and never stored.
  ics_token_hash          text,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code)
);
-- The public feed finds its resource by token hash before any tenant is known.
CREATE INDEX resources_ics_token_idx ON resources (ics_token_hash) WHERE ics_token_hash IS NOT NULL;

-- Rate cards: one per resource, rates in cents.
CREATE TABLE pricing (
  tenant_id          uuid NOT NULL,
  id                 uuid NOT NULL DEFAULT gen_random_uuid(),
  resource_id        uuid NOT NULL,
  rate_type          text NOT NULL CHECK (rate_type IN ('hourly', 'daily')),
  weekday_rate_cents bigint NOT NULL CHECK (weekday_rate_cents >= 0),
  weekend_rate_cents bigint NOT NULL CHECK (weekend_rate_cents >= 0),
  description        text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, resource_id),
  FOREIGN KEY (tenant_id, resource_id) REFERENCES resources (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE addons (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (btrim(name) <> ''),
  price_cents bigint NOT NULL CHECK (price_cents >= 0),
  description text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

-- Remembers that a tenant received the starter add-ons, so deleting them all does not bring
-- them back on the next read.
CREATE TABLE addon_seeds (
  tenant_id uuid NOT NULL,
  seeded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);

CREATE TABLE holidays (
  tenant_id          uuid NOT NULL,
  id                 uuid NOT NULL DEFAULT gen_random_uuid(),
  name               text NOT NULL CHECK (btrim(name) <> ''),
  date               date NOT NULL,
  scope              text NOT NULL DEFAULT 'custom' CHECK (scope IN ('statewide', 'local', 'custom')),
  state              text CHECK (state IN ('NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT')),
  pricing_rule       text CHECK (pricing_rule IN ('PH-Std', 'PH-Religious', 'PH-AFL', 'PH-Local')),
  surcharge_percent  integer NOT NULL DEFAULT 0 CHECK (surcharge_percent BETWEEN 0 AND 500),
  block_out          boolean NOT NULL DEFAULT false,
  restricted_trading boolean NOT NULL DEFAULT false,
  notes              text NOT NULL DEFAULT '',
  provenance         text NOT NULL DEFAULT 'manual' CHECK (provenance IN ('official', 'manual')),
  source_url         text,
  substitutes        uuid,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  -- sync and import are idempotent by (tenant, date, name)
  UNIQUE (tenant_id, date, name)
);

-- A block-out is one continuous period (tenant-local date/time as entered, plus the instants
-- they meant in the tenant's time zone at the time) applying to one or more resources.
CREATE TABLE blockouts (
  tenant_id  uuid NOT NULL,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  date_from  date NOT NULL,
  date_to    date NOT NULL,
  time_from  text NOT NULL,
  time_to    text NOT NULL,
  time_zone  text NOT NULL,
  starts_at  timestamptz NOT NULL,
  ends_at    timestamptz NOT NULL,
  reason     text NOT NULL CHECK (reason IN ('Maintenance', 'Private Event', 'Deep Cleaning', 'Other')),
  notes      text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (ends_at > starts_at)
);

CREATE TABLE blockout_resources (
  tenant_id   uuid NOT NULL,
  blockout_id uuid NOT NULL,
  resource_id uuid NOT NULL,
  PRIMARY KEY (tenant_id, blockout_id, resource_id),
  FOREIGN KEY (tenant_id, blockout_id) REFERENCES blockouts (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, resource_id) REFERENCES resources (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX blockout_resources_resource_idx ON blockout_resources (tenant_id, resource_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['resources', 'pricing', 'addons', 'addon_seeds', 'holidays', 'blockouts', 'blockout_resources'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
      WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))$p$, t);
  END LOOP;
END $$;
