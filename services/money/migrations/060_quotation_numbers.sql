-- Issue 24 items 2 and 9 (decision 57): quotations are numbered per venue like invoices
-- (`QUO-2026-00001`), from the same gap-free counters in a series of their own, when they are
-- first sent (a Draft nobody has received has none, so a deleted draft leaves no gap); an
-- accepted quotation keeps the code of the booking it made; an invoice keeps the number of the
-- quotation its booking came from. Only adds: the old release never writes the new series or
-- columns, so it runs against this schema unchanged.
SELECT set_config('app.scope', 'system', true);

-- The counters take a fourth series (widening the check is backward compatible).
ALTER TABLE number_counters DROP CONSTRAINT number_counters_series_check;
ALTER TABLE number_counters ADD CONSTRAINT number_counters_series_check
  CHECK (series IN ('invoice', 'credit_note', 'receipt', 'quotation'));

ALTER TABLE quotations ADD COLUMN number text;
ALTER TABLE quotations ADD COLUMN booking_code text;
-- A draft has no number (as an invoice: decision 31).
ALTER TABLE quotations ADD CONSTRAINT quotations_draft_unnumbered CHECK (status <> 'Draft' OR number IS NULL);
CREATE UNIQUE INDEX quotations_number_key ON quotations (tenant_id, number) WHERE number IS NOT NULL;

ALTER TABLE invoices ADD COLUMN quotation_number text;

-- Every quotation already sent gets its number: per venue and year of the day it was sent (the
-- venue's zone from the settings copy), in the order they were sent. Numbers past 99999 keep
-- every digit (lpad would cut them).
WITH sent AS (
  SELECT q.tenant_id, q.id, COALESCE(q.sent_at, q.created_at) AS at,
         extract(year FROM COALESCE(q.sent_at, q.created_at) AT TIME ZONE COALESCE(s.timezone, 'UTC'))::int AS year
    FROM quotations q
    LEFT JOIN tenant_settings s ON s.tenant_id = q.tenant_id
   WHERE q.status <> 'Draft' AND q.number IS NULL
), numbered AS (
  SELECT tenant_id, id, year,
         row_number() OVER (PARTITION BY tenant_id, year ORDER BY at, id) AS n
    FROM sent
)
UPDATE quotations q
   SET number = 'QUO-' || numbered.year || '-' || lpad(numbered.n::text, greatest(5, length(numbered.n::text)), '0')
  FROM numbered
 WHERE q.tenant_id = numbered.tenant_id AND q.id = numbered.id;

-- The counters continue after the numbers just given.
INSERT INTO number_counters (tenant_id, series, year, last)
SELECT tenant_id, 'quotation', split_part(number, '-', 2)::int, max(split_part(number, '-', 3)::int)
  FROM quotations
 WHERE number IS NOT NULL
 GROUP BY tenant_id, split_part(number, '-', 2)::int
ON CONFLICT (tenant_id, series, year) DO UPDATE SET last = greatest(number_counters.last, EXCLUDED.last);

-- Accepted quotations: the booking's code from money's copy of bookings.
UPDATE quotations q
   SET booking_code = b.booking_code
  FROM booking_copy b
 WHERE b.tenant_id = q.tenant_id AND b.booking_id = q.booking_id AND q.booking_code IS NULL;

-- Invoices of bookings made from a quotation: its number.
UPDATE invoices i
   SET quotation_number = q.number
  FROM quotations q
 WHERE q.tenant_id = i.tenant_id AND q.id::text = i.quotation_id AND q.number IS NOT NULL
   AND i.quotation_number IS NULL;

-- A quotation saved without the resource's name shows its id where the name belongs: take the
-- name from the booking it became (money's copy), else from the newest other quotation of the
-- same venue and resource that has one. What no copy names is named when it is next sent.
UPDATE quotations q
   SET resource_name = b.resource_name
  FROM booking_copy b
 WHERE b.tenant_id = q.tenant_id AND b.booking_id = q.booking_id
   AND q.resource_name = q.resource AND b.resource_name <> '' AND b.resource_name <> q.resource;
UPDATE quotations q
   SET resource_name = named.resource_name
  FROM (SELECT DISTINCT ON (tenant_id, resource) tenant_id, resource, resource_name
          FROM quotations
         WHERE resource_name <> resource AND resource_name <> ''
         ORDER BY tenant_id, resource, updated_at DESC) named
 WHERE named.tenant_id = q.tenant_id AND named.resource = q.resource AND q.resource_name = q.resource;
