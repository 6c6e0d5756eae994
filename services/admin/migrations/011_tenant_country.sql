-- The venue's country (General settings, decision 28): how phone numbers typed without a country
-- code are read. Existing tenants get the country of their time zone, the same default new
-- tenants get and the one bookings assumes for a settings copy published before this column
-- (countryForTimezone in contracts: Australia/* AU, Pacific/Auckland NZ, America/* US, …,
-- anything else AU).

SELECT set_config('app.scope', 'system', true);

ALTER TABLE user_settings ADD COLUMN country text NOT NULL DEFAULT 'AU'
  CHECK (country ~ '^[A-Z]{2}$');

UPDATE user_settings SET country = CASE
    WHEN timezone = 'Europe/London' THEN 'GB'
    WHEN timezone = 'Europe/Dublin' THEN 'IE'
    WHEN timezone = 'Europe/Paris' THEN 'FR'
    WHEN timezone = 'Europe/Berlin' THEN 'DE'
    WHEN timezone = 'Asia/Dubai' THEN 'AE'
    WHEN timezone = 'Asia/Kolkata' THEN 'IN'
    WHEN timezone = 'Asia/Singapore' THEN 'SG'
    WHEN timezone = 'Asia/Shanghai' THEN 'CN'
    WHEN timezone = 'Asia/Tokyo' THEN 'JP'
    WHEN timezone = 'Pacific/Auckland' THEN 'NZ'
    WHEN timezone IN ('America/Toronto', 'America/Vancouver') THEN 'CA'
    WHEN timezone LIKE 'America/%' THEN 'US'
    ELSE 'AU'
  END
 WHERE timezone NOT LIKE 'Australia/%';
