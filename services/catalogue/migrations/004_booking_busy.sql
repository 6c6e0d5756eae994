-- Copy of each booking's slot as bookings publishes it (booking.created, booking.updated,
-- booking.status_changed; decision 9), for the resource's iCalendar feed. The feed is fetched by
-- calendar apps at any time; reading a local copy keeps it independent of bookings being up.
-- Only times and status: no customer data reaches the catalogue. Rows of bookings that stopped
-- blocking are kept (with their status) so a late, older event cannot bring them back:
-- `booking_updated_at` is the booking's own updatedAt, and a row is only replaced by a newer one.

SELECT set_config('app.scope', 'system', true);

CREATE TABLE booking_busy (
  tenant_id          uuid NOT NULL,
  booking_id         uuid NOT NULL,
  resource_id        uuid NOT NULL,
  status             text NOT NULL,
  starts_at          timestamptz NOT NULL,
  ends_at            timestamptz NOT NULL,
  setup_minutes      integer NOT NULL DEFAULT 0,
  packdown_minutes   integer NOT NULL DEFAULT 0,
  booking_updated_at timestamptz NOT NULL,
  received_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, booking_id)
);
CREATE INDEX booking_busy_resource_idx ON booking_busy (tenant_id, resource_id, starts_at);

ALTER TABLE booking_busy ENABLE ROW LEVEL SECURITY;
ALTER TABLE booking_busy FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON booking_busy
  USING (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
