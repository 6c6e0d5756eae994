-- The Deposits page's Quotations tab (spec 03 §2.2, §4 "Deposit flag"): Mark Paid sets the flag
-- with when and how; Mark Unpaid clears them (the audit trail keeps the record). The tab lists
-- only quotations with a deposit, newest first: a partial index leading with the tenant.
SELECT set_config('app.scope', 'system', true);

ALTER TABLE quotations ADD COLUMN deposit_paid_at timestamptz;
ALTER TABLE quotations ADD COLUMN deposit_paid_method text
  CHECK (deposit_paid_method IS NULL OR deposit_paid_method IN ('Bank Transfer', 'Cash', 'Cheque'));

CREATE INDEX quotations_deposit_idx ON quotations (tenant_id, created_at DESC, id) WHERE deposit_cents > 0;
