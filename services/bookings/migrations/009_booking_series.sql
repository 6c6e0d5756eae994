-- Recurring bookings (issue 11 item 16): every date of a series is an ordinary booking with its
-- own code, price and status; series_id (the same uuid on each, NULL for a one-off booking)
-- links them so screens can show and find the rest of the series. No series table: the dates
-- and their rule live on the bookings themselves, and a booking cancelled or moved later stays
-- in its series.

ALTER TABLE bookings ADD COLUMN series_id uuid;

-- Tenant first, as every index here (decision 2); only bookings of a series are indexed.
CREATE INDEX bookings_series_idx ON bookings (tenant_id, series_id) WHERE series_id IS NOT NULL;
