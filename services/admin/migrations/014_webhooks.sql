-- Webhooks (issue 26, decision 60): a venue's own systems subscribed to its events.
--
-- webhooks: one row per subscription. The signing secret is kept to sign with, so it is stored
-- encrypted (AES-256-GCM under a key derived from WEBHOOK_SECRET_KEY or the internal secret, the
-- row's tenant and id as associated data; src/webhooks/secrets.ts), never in plain text. After a
-- rotation the previous secret signs too until `previous_secret_expires_at` (24 hours).
--
-- webhook_deliveries: one row per event and webhook, with the exact body sent (the signature is
-- over those bytes). `seq` orders them: a delivery waits while an earlier one of the same
-- webhook and aggregate (a booking, an invoice, a quotation) is still pending, so a receiver sees
-- one booking's events in order. Pending rows carry their next attempt's time.
--
-- webhook_attempts: each try, with the answer's status code and first 2 kB (the delivery log).

SELECT set_config('app.scope', 'system', true);

CREATE TABLE webhooks (
  tenant_id                  uuid NOT NULL,
  id                         uuid NOT NULL DEFAULT gen_random_uuid(),
  url                        text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
  events                     text[] NOT NULL CHECK (cardinality(events) > 0),
  description                text CHECK (char_length(description) BETWEEN 1 AND 200),
  status                     text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'disabled')),
  secret_enc                 text NOT NULL,
  secret_created_at          timestamptz NOT NULL DEFAULT now(),
  previous_secret_enc        text,
  previous_secret_expires_at timestamptz,
  -- the first failed attempt since the last success; null while deliveries succeed
  failing_since              timestamptz,
  last_success_at            timestamptz,
  disabled_at                timestamptz,
  disabled_reason            text,
  created_by                 uuid NOT NULL,
  created_at                 timestamptz NOT NULL DEFAULT now(),
  updated_at                 timestamptz NOT NULL DEFAULT now(),
  CHECK ((previous_secret_enc IS NULL) = (previous_secret_expires_at IS NULL)),
  CHECK ((status = 'disabled') = (disabled_at IS NOT NULL)),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
);
-- an event's subscribers: the venue's active webhooks (a handful per venue)
CREATE INDEX webhooks_active_idx ON webhooks (tenant_id) WHERE status = 'active';

CREATE TABLE webhook_deliveries (
  tenant_id        uuid NOT NULL,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  webhook_id       uuid NOT NULL,
  seq              bigint GENERATED ALWAYS AS IDENTITY,
  -- the event's id as the receiver sees it (X-VenueDesk-Event-Id), kept on every attempt
  event_id         uuid NOT NULL,
  type             text NOT NULL,
  aggregate_key    text NOT NULL,
  occurred_at      timestamptz NOT NULL,
  body             text NOT NULL,
  state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempt_count    integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  delivered_at     timestamptz,
  last_status_code integer,
  CHECK ((state = 'pending') = (next_attempt_at IS NOT NULL)),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, webhook_id) REFERENCES webhooks (tenant_id, id) ON DELETE CASCADE
);
-- one delivery per event and webhook, however often the event itself arrives
CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (tenant_id, webhook_id, event_id);
-- the delivery log: a webhook's deliveries, newest first, by key
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (tenant_id, webhook_id, seq DESC);
-- the delivery job: what is due, across venues (it runs in the system scope)
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
-- order per aggregate: an earlier delivery of the same booking or invoice still pending
CREATE INDEX webhook_deliveries_aggregate_idx
  ON webhook_deliveries (tenant_id, webhook_id, aggregate_key, seq) WHERE state = 'pending';
-- housekeeping forgets finished deliveries after 30 days
CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at) WHERE state <> 'pending';

CREATE TABLE webhook_attempts (
  tenant_id        uuid NOT NULL,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  delivery_id      uuid NOT NULL,
  attempted_at     timestamptz NOT NULL DEFAULT now(),
  status_code      integer,
  duration_ms      integer NOT NULL CHECK (duration_ms >= 0),
  error            text,
  answer           text NOT NULL DEFAULT '',
  answer_truncated boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, delivery_id) REFERENCES webhook_deliveries (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (tenant_id, delivery_id, attempted_at DESC);

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['webhooks', 'webhook_deliveries', 'webhook_attempts'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (current_setting('app.scope', true) = 'system'
             OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
      WITH CHECK (current_setting('app.scope', true) = 'system'
             OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))$p$, t);
  END LOOP;
END $$;
