-- A booking's money figures, stored (issue 10 item 6, issue 11 item 4): computed once by the
-- shared money module (packages/contracts/src/money) when the booking is priced (create, edit)
-- or confirmed, and shown as stored by every screen, list, CSV and event, so no two screens
-- can round or read the tax type differently. Integer cents; the rate in basis points.
--
--   tax_type        how the price was read: 'inclusive' (the price is the total) or 'exclusive'
--   tax_rate_bp     the GST rate applied (10 % = 1000)
--   net_cents       before GST;  gst_cents  the GST;  total_cents  what the customer pays
--   deposit_cents   part of the total asked up front;  final_due_cents  total − deposit
--
-- All NULL together on a row written without them (test fixtures and benches insert rows
-- directly); readers then show the price alone.

SELECT set_config('app.scope', 'system', true);

ALTER TABLE bookings
  ADD COLUMN tax_type        text CHECK (tax_type IN ('inclusive', 'exclusive')),
  ADD COLUMN tax_rate_bp     integer CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  ADD COLUMN net_cents       bigint,
  ADD COLUMN gst_cents       bigint,
  ADD COLUMN total_cents     bigint,
  ADD COLUMN deposit_cents   bigint,
  ADD COLUMN final_due_cents bigint;

-- Backfill 1: confirmed bookings keep the figures their confirmation stored in payment_details
-- (what the customer was told), with the net derived from them.
UPDATE bookings
   SET tax_type        = lower(payment_details #>> '{tax,tax_type}'),
       tax_rate_bp     = round((payment_details #>> '{tax,tax_rate}')::numeric * 100)::integer,
       total_cents     = (payment_details ->> 'totalCents')::bigint,
       gst_cents       = (payment_details ->> 'gstCents')::bigint,
       net_cents       = (payment_details ->> 'totalCents')::bigint - (payment_details ->> 'gstCents')::bigint,
       deposit_cents   = (payment_details ->> 'depositCents')::bigint,
       final_due_cents = (payment_details ->> 'finalDueCents')::bigint
 WHERE payment_details IS NOT NULL
   AND payment_details ? 'totalCents'
   AND lower(payment_details #>> '{tax,tax_type}') IN ('inclusive', 'exclusive');

-- Backfill 2: every other booking is priced by its tenant's terms (bookings' copy of the
-- settings), with the module's formulas written in integer SQL (half up, rounded once):
--   inclusive GST = (2·p·bp + (10000 + bp)) div (2·(10000 + bp))
--   exclusive GST = (2·p·bp + 10000) div 20000
-- A tenant with no settings copy cannot have created bookings through the API; its rows (if
-- any) stay NULL rather than be priced by a guess.
UPDATE bookings b
   SET tax_type        = t.tax_type,
       tax_rate_bp     = t.bp,
       gst_cents       = t.gst,
       net_cents       = CASE WHEN t.tax_type = 'inclusive' THEN b.calculated_price_cents - t.gst ELSE b.calculated_price_cents END,
       total_cents     = CASE WHEN t.tax_type = 'inclusive' THEN b.calculated_price_cents ELSE b.calculated_price_cents + t.gst END,
       deposit_cents   = 0,
       final_due_cents = CASE WHEN t.tax_type = 'inclusive' THEN b.calculated_price_cents ELSE b.calculated_price_cents + t.gst END
  FROM (
    SELECT b2.tenant_id, b2.id, lower(s.tax_type) AS tax_type, s.bp,
           CASE WHEN lower(s.tax_type) = 'inclusive'
                THEN (2 * b2.calculated_price_cents * s.bp + (10000 + s.bp)) / (2 * (10000 + s.bp))
                ELSE (2 * b2.calculated_price_cents * s.bp + 10000) / 20000
           END AS gst
      FROM bookings b2
      JOIN (SELECT tenant_id, tax_type, round(tax_rate_percent * 100)::bigint AS bp FROM tenant_settings) s
        ON s.tenant_id = b2.tenant_id
     WHERE b2.total_cents IS NULL
  ) t
 WHERE b.tenant_id = t.tenant_id AND b.id = t.id;

-- The figures hold together or are absent together.
ALTER TABLE bookings ADD CONSTRAINT bookings_money_figures CHECK (
  (tax_type IS NULL AND tax_rate_bp IS NULL AND net_cents IS NULL AND gst_cents IS NULL
     AND total_cents IS NULL AND deposit_cents IS NULL AND final_due_cents IS NULL)
  OR (tax_type IS NOT NULL AND tax_rate_bp IS NOT NULL
     AND net_cents >= 0 AND gst_cents >= 0 AND deposit_cents >= 0 AND final_due_cents >= 0
     AND total_cents = net_cents + gst_cents
     AND total_cents = deposit_cents + final_due_cents)
);
