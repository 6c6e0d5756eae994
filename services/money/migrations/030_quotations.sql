-- Quotations (issue 13, spec 03 §2.3, decision 33). Amounts in integer cents. `status` stores
-- Draft, Sent, Accepting (an accept in flight: the one call to bookings), Accepted and Declined;
-- Expired is read from the clock (Sent past its valid day in the venue's zone), never stored, so
-- no sweep can lag behind it. `accepted_snapshot` is the quotation as accepted (frozen).
SELECT set_config('app.scope', 'system', true);

CREATE TABLE quotations (
  tenant_id         uuid NOT NULL,
  id                uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_name     text NOT NULL,
  customer_email    text NOT NULL,
  customer_phone    text NOT NULL,
  event_type        text NOT NULL,
  resource          text NOT NULL,
  resource_name     text NOT NULL,
  event_date        date NOT NULL,
  start_time        text NOT NULL,
  end_time          text NOT NULL,
  guest_count       integer,
  total_cents       bigint NOT NULL CHECK (total_cents > 0),
  tax_type          text NOT NULL CHECK (tax_type IN ('Inclusive', 'Exclusive')),
  tax_rate_bp       integer NOT NULL,
  deposit_type      text NOT NULL CHECK (deposit_type IN ('None', 'Fixed', 'Percentage')),
  deposit_value     numeric(14, 2) NOT NULL DEFAULT 0,
  deposit_cents     bigint NOT NULL DEFAULT 0 CHECK (deposit_cents >= 0 AND deposit_cents <= total_cents),
  deposit_paid      boolean NOT NULL DEFAULT false,
  valid_until       date NOT NULL,
  notes             text NOT NULL DEFAULT '',
  status            text NOT NULL DEFAULT 'Draft'
                    CHECK (status IN ('Draft', 'Sent', 'Accepting', 'Accepted', 'Declined')),
  booking_id        uuid,
  accepted_snapshot jsonb,
  accepted_at       timestamptz,
  sent_at           timestamptz,
  created_by        text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK ((status = 'Accepted') = (booking_id IS NOT NULL AND accepted_snapshot IS NOT NULL))
);
CREATE INDEX quotations_list_idx ON quotations (tenant_id, created_at DESC, id);

ALTER TABLE quotations ENABLE ROW LEVEL SECURITY;
ALTER TABLE quotations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON quotations
  USING ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
