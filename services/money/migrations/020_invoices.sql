-- Money (issue 13): invoices, their numbers, payments, adjustment (credit) notes, bonds, and the
-- read copies money needs (each tenant's settings, the bookings it invoices).
--
-- Every tenant table: tenant_id first in the primary key and in every index; row-level security
-- enabled and forced, in the form of decision 26 (the system scope and the tenant both tested in
-- a sub-select, evaluated once per statement). Amounts are integer cents (bigint); rates in basis
-- points. Invariants the application also checks are CHECK constraints too, so a race or a bug
-- fails the write rather than storing an overpaid invoice.

SELECT set_config('app.scope', 'system', true);

-- Copy of admin's `tenant.settings_changed` (decision 21), columns as in bookings' 004 so the
-- kit's storeSettingsSnapshot writes it; the payment settings (seller, bank, due days) are read
-- from `snapshot`.
CREATE TABLE tenant_settings (
  tenant_id               uuid PRIMARY KEY,
  version                 integer NOT NULL,
  timezone                text NOT NULL,
  date_format             text NOT NULL,
  time_format             text NOT NULL,
  currency                text NOT NULL,
  tax_type                text NOT NULL,
  tax_rate_percent        numeric(5, 2) NOT NULL,
  hold_expiry_hours       integer NOT NULL,
  setup_buffer_minutes    integer NOT NULL,
  packdown_buffer_minutes integer NOT NULL,
  snapshot                jsonb NOT NULL,
  published_at            timestamptz NOT NULL,
  received_at             timestamptz NOT NULL DEFAULT now()
);

-- Copy of bookings' booking.* events: what an invoice or a deposit needs of a booking. The
-- newest `booking_updated_at` wins, so late or repeated events never undo a newer one.
CREATE TABLE booking_copy (
  tenant_id          uuid NOT NULL,
  booking_id         uuid NOT NULL,
  booking_code       text NOT NULL,
  status             text NOT NULL,
  customer_name      text NOT NULL,
  customer_email     text NOT NULL,
  event_type         text NOT NULL,
  booking_date       date NOT NULL,
  start_time         text NOT NULL,
  end_time           text NOT NULL,
  resource_name      text NOT NULL,
  booking_source     text NOT NULL,
  quotation_id       text,
  -- the booking's stored figures (bookings 007, decision 25); NULL when it has none
  tax_type           text,
  tax_rate_bp        integer,
  total_cents        bigint,
  deposit_cents      bigint,
  deposit_type       text NOT NULL DEFAULT 'None',
  price_cents        bigint NOT NULL DEFAULT 0,
  booking_updated_at timestamptz NOT NULL,
  received_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, booking_id)
);
-- The Deposits screen: a tenant's confirmed bookings by event date.
CREATE INDEX booking_copy_status_idx ON booking_copy (tenant_id, status, booking_date DESC);

-- Gap-free numbers: one row per tenant, series and year, locked (UPDATE … RETURNING) by the
-- transaction that takes the next number, so a number is used exactly when that transaction
-- commits; a rolled-back issue gives its number back.
CREATE TABLE number_counters (
  tenant_id uuid NOT NULL,
  series    text NOT NULL CHECK (series IN ('invoice', 'credit_note', 'receipt')),
  year      integer NOT NULL,
  last      integer NOT NULL CHECK (last >= 0),
  PRIMARY KEY (tenant_id, series, year)
);

CREATE TABLE invoices (
  tenant_id             uuid NOT NULL,
  id                    uuid NOT NULL DEFAULT gen_random_uuid(),
  invoice_number        text,
  type                  text NOT NULL CHECK (type IN ('DEPOSIT', 'FINAL', 'BOND')),
  status                text NOT NULL DEFAULT 'DRAFT'
                        CHECK (status IN ('DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'VOID', 'REFUNDED')),
  booking_id            uuid,
  booking_code          text,
  booking_source        text NOT NULL DEFAULT 'admin',
  quotation_id          text,
  resource_name         text,
  event_type            text,
  event_date            date,
  customer_name         text NOT NULL,
  customer_email        text NOT NULL,
  customer_abn          text,
  issue_date            date,
  due_date              date NOT NULL,
  description           text NOT NULL,
  notes                 text NOT NULL DEFAULT '',
  -- the seller as printed, fixed when the invoice is issued (a sent invoice is never edited)
  seller                jsonb,
  line_items            jsonb NOT NULL,
  tax_type              text NOT NULL CHECK (tax_type IN ('inclusive', 'exclusive')),
  tax_rate_bp           integer NOT NULL CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  subtotal_cents        bigint NOT NULL CHECK (subtotal_cents >= 0),
  gst_cents             bigint NOT NULL CHECK (gst_cents >= 0),
  total_cents           bigint NOT NULL CHECK (total_cents > 0),
  full_amount_cents     bigint NOT NULL CHECK (full_amount_cents >= 0),
  deposit_applied_cents bigint NOT NULL DEFAULT 0 CHECK (deposit_applied_cents >= 0),
  credited_cents        bigint NOT NULL DEFAULT 0 CHECK (credited_cents >= 0),
  paid_cents            bigint NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
  created_by            text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  sent_at               timestamptz,
  paid_at               timestamptz,
  voided_at             timestamptz,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (subtotal_cents + gst_cents = total_cents),
  -- never overpaid, never credited past its total
  CHECK (paid_cents + credited_cents <= total_cents),
  -- a draft has no number; an issued invoice always has one
  CHECK ((status = 'DRAFT') = (invoice_number IS NULL) OR (status = 'VOID' AND sent_at IS NULL))
);
CREATE UNIQUE INDEX invoices_number_key ON invoices (tenant_id, invoice_number) WHERE invoice_number IS NOT NULL;
-- One final invoice per booking (a voided one may be replaced).
CREATE UNIQUE INDEX invoices_one_final_key ON invoices (tenant_id, booking_id)
  WHERE type = 'FINAL' AND status <> 'VOID';
-- One deposit invoice per booking likewise (the deposit is asked once; Mark Paid settles it).
CREATE UNIQUE INDEX invoices_one_deposit_key ON invoices (tenant_id, booking_id)
  WHERE type = 'DEPOSIT' AND status <> 'VOID';
CREATE INDEX invoices_list_idx ON invoices (tenant_id, created_at DESC, id);
CREATE INDEX invoices_booking_idx ON invoices (tenant_id, booking_id);
-- The overdue sweep: open invoices by due date.
CREATE INDEX invoices_open_due_idx ON invoices (tenant_id, due_date)
  WHERE status IN ('SENT', 'PARTIAL');

CREATE TABLE credit_notes (
  tenant_id          uuid NOT NULL,
  id                 uuid NOT NULL DEFAULT gen_random_uuid(),
  invoice_id         uuid NOT NULL,
  credit_note_number text NOT NULL,
  issue_date         date NOT NULL,
  reason             text NOT NULL,
  amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
  gst_cents          bigint NOT NULL CHECK (gst_cents >= 0 AND gst_cents <= amount_cents),
  refunded_cents     bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  created_by         text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id)
);
CREATE UNIQUE INDEX credit_notes_number_key ON credit_notes (tenant_id, credit_note_number);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (tenant_id, invoice_id);

-- Every movement of money: a payment received, a refund against a credit note, or a reversal
-- (Mark Unpaid) of an earlier payment. Rows are never updated but for `reversed_at`, and never
-- deleted.
CREATE TABLE payments (
  tenant_id           uuid NOT NULL,
  id                  uuid NOT NULL DEFAULT gen_random_uuid(),
  invoice_id          uuid NOT NULL,
  kind                text NOT NULL CHECK (kind IN ('payment', 'refund', 'reversal')),
  payment_method      text NOT NULL CHECK (payment_method IN ('Bank Transfer', 'Card', 'Cash', 'Cheque')),
  amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
  reference           text NOT NULL DEFAULT '',
  notes               text NOT NULL DEFAULT '',
  credit_note_id      uuid,
  reverses_payment_id uuid,
  reversed_at         timestamptz,
  receipt_number      text NOT NULL,
  -- the client's Idempotency-Key: one payment per key even past the kit's 24 h replay window
  idempotency_key     text,
  created_by          text,
  processed_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
  CHECK ((kind = 'refund') = (credit_note_id IS NOT NULL)),
  CHECK ((kind = 'reversal') = (reverses_payment_id IS NOT NULL))
);
CREATE UNIQUE INDEX payments_receipt_key ON payments (tenant_id, receipt_number);
CREATE UNIQUE INDEX payments_idempotency_key ON payments (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
-- A payment is reversed at most once.
CREATE UNIQUE INDEX payments_reversal_key ON payments (tenant_id, reverses_payment_id) WHERE reverses_payment_id IS NOT NULL;
CREATE INDEX payments_invoice_idx ON payments (tenant_id, invoice_id, processed_at);
CREATE INDEX payments_list_idx ON payments (tenant_id, processed_at DESC, id);

-- Bonds: held (no GST), then refunded, or kept in part or whole with a reason; the kept part is
-- invoiced as a GST-bearing BOND invoice.
CREATE TABLE bonds (
  tenant_id           uuid NOT NULL,
  id                  uuid NOT NULL DEFAULT gen_random_uuid(),
  booking_id          uuid NOT NULL,
  status              text NOT NULL DEFAULT 'HELD'
                      CHECK (status IN ('HELD', 'REFUNDED', 'FORFEITED', 'PARTIALLY_FORFEITED')),
  amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
  payment_method      text NOT NULL CHECK (payment_method IN ('Bank Transfer', 'Card', 'Cash', 'Cheque')),
  reference           text NOT NULL DEFAULT '',
  received_at         timestamptz NOT NULL DEFAULT now(),
  refunded_cents      bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  forfeited_cents     bigint NOT NULL DEFAULT 0 CHECK (forfeited_cents >= 0),
  forfeited_gst_cents bigint NOT NULL DEFAULT 0 CHECK (forfeited_gst_cents >= 0),
  forfeit_reason      text,
  forfeit_invoice_id  uuid,
  settled_at          timestamptz,
  created_by          text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (refunded_cents + forfeited_cents <= amount_cents),
  CHECK ((status = 'HELD') = (settled_at IS NULL))
);
CREATE UNIQUE INDEX bonds_booking_key ON bonds (tenant_id, booking_id);
CREATE INDEX bonds_list_idx ON bonds (tenant_id, created_at DESC, id);

DO $$
DECLARE
  t text;
  expr constant text := $q$(SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)$q$;
BEGIN
  FOREACH t IN ARRAY ARRAY['tenant_settings', 'booking_copy', 'number_counters', 'invoices', 'credit_notes', 'payments', 'bonds']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (%s) WITH CHECK (%s)', t, expr, expr);
  END LOOP;
END $$;
