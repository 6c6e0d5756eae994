-- The calendar month (src/calendar/calendar-routes.ts, issue 9 item 2): the month grid keeps three
-- bookings a day of the ~1,000 in a busy tenant's six weeks, but read every one of them from the
-- table (~500 heap blocks: a tenant's bookings lie scattered among other tenants') to number
-- each day's rows and count the day totals. This index carries what that numbering and counting
-- need, so it is an index-only read; only the kept rows are then fetched by key.
SELECT set_config('app.scope', 'system', true);

CREATE INDEX bookings_calendar_window_idx ON bookings (tenant_id, starts_at)
  INCLUDE (ends_at, booking_date, status, id, resource_id);
