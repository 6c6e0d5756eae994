-- Phone numbers in E.164 (decision 28). The form now stores what libphonenumber-js reads from a
-- number by the venue's country; rows written before were kept as typed under spec 02 §5.1's
-- rule (an optional plus and up to 16 digits, no leading 0). This rewrites the forms that are
-- certain — a plus and 7–15 digits once spaces, dots, hyphens and brackets are gone; an
-- Australian, New Zealand or British national number; an Australian number written 61… — and
-- leaves every other value as it was: the screens show such a value unchanged, and an edit that
-- leaves it alone is not refused for it. The venue's country is its settings copy's (the
-- snapshot's `country`, else its time zone's, as contracts countryForTimezone), Australia
-- without one.

SELECT set_config('app.scope', 'system', true);

WITH typed AS (
  SELECT x.tenant_id, x.id, regexp_replace(x.customer_phone, '[[:space:]().-]', '', 'g') AS s,
         COALESCE((SELECT COALESCE(t.snapshot->>'country',
                                   CASE WHEN t.timezone = 'Pacific/Auckland' THEN 'NZ'
                                        WHEN t.timezone = 'Europe/London' THEN 'GB'
                                        WHEN t.timezone LIKE 'America/%' THEN 'US'
                                        ELSE 'AU' END)
                     FROM tenant_settings t WHERE t.tenant_id = x.tenant_id), 'AU') AS country
    FROM bookings x
   WHERE x.customer_phone <> '' AND x.customer_phone !~ '^\+[0-9]+$'
), e164 AS (
  SELECT tenant_id, id, CASE
      WHEN s ~ '^\+[1-9][0-9]{6,14}$' THEN s
      WHEN country = 'AU' AND s ~ '^0[2-478][0-9]{8}$' THEN '+61' || substr(s, 2)
      WHEN country = 'AU' AND s ~ '^61[2-478][0-9]{8}$' THEN '+' || s
      WHEN country = 'NZ' AND s ~ '^0[2-9][0-9]{7,9}$' THEN '+64' || substr(s, 2)
      WHEN country = 'GB' AND s ~ '^0[1-9][0-9]{9}$' THEN '+44' || substr(s, 2)
    END AS phone
    FROM typed
)
UPDATE bookings x SET customer_phone = e.phone
  FROM e164 e
 WHERE x.tenant_id = e.tenant_id AND x.id = e.id AND e.phone IS NOT NULL;

WITH typed AS (
  SELECT x.tenant_id, x.id, regexp_replace(x.phone, '[[:space:]().-]', '', 'g') AS s,
         COALESCE((SELECT COALESCE(t.snapshot->>'country',
                                   CASE WHEN t.timezone = 'Pacific/Auckland' THEN 'NZ'
                                        WHEN t.timezone = 'Europe/London' THEN 'GB'
                                        WHEN t.timezone LIKE 'America/%' THEN 'US'
                                        ELSE 'AU' END)
                     FROM tenant_settings t WHERE t.tenant_id = x.tenant_id), 'AU') AS country
    FROM customers x
   WHERE x.phone <> '' AND x.phone !~ '^\+[0-9]+$'
), e164 AS (
  SELECT tenant_id, id, CASE
      WHEN s ~ '^\+[1-9][0-9]{6,14}$' THEN s
      WHEN country = 'AU' AND s ~ '^0[2-478][0-9]{8}$' THEN '+61' || substr(s, 2)
      WHEN country = 'AU' AND s ~ '^61[2-478][0-9]{8}$' THEN '+' || s
      WHEN country = 'NZ' AND s ~ '^0[2-9][0-9]{7,9}$' THEN '+64' || substr(s, 2)
      WHEN country = 'GB' AND s ~ '^0[1-9][0-9]{9}$' THEN '+44' || substr(s, 2)
    END AS phone
    FROM typed
)
UPDATE customers x SET phone = e.phone
  FROM e164 e
 WHERE x.tenant_id = e.tenant_id AND x.id = e.id AND e.phone IS NOT NULL;
