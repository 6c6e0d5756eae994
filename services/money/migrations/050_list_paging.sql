-- Money lists paged on the server (issue 9 item 2, standard 8, decision 52). Each screen's sort
-- gets an index led by the tenant that holds the list's keys in the list's order, ending in the
-- tie-breakers, so a page (by cursor or by page number) reads just that page off the index.
--
-- Keyset conditions must be leakproof to bound an index read under forced row-level security
-- (decision 26): date arithmetic and COALESCE are not, so the sort keys that need them are
-- stored, generated columns the database keeps in step with every write: a day as a bigint
-- (days since 1970-01-01; a draft, which has no issue date yet, sorts above every issued
-- invoice as the screen always showed it), and the searched fields lower-cased into one
-- column, as bookings.search_text (decision 36).
SELECT set_config('app.scope', 'system', true);

ALTER TABLE invoices
  ADD COLUMN list_issue_key bigint GENERATED ALWAYS AS (
    COALESCE((issue_date - DATE '1970-01-01')::bigint, 99999999)) STORED,
  ADD COLUMN list_due_key bigint GENERATED ALWAYS AS ((due_date - DATE '1970-01-01')::bigint) STORED,
  ADD COLUMN list_number_key text GENERATED ALWAYS AS (COALESCE(invoice_number, '')) STORED,
  -- invoiceMatchesSearch's fields (contracts money-api list-filters.ts), in its order
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(COALESCE(invoice_number, '')) || E'\n' || id::text || E'\n' || lower(customer_name) || E'\n' ||
    lower(customer_email) || E'\n' || lower(COALESCE(customer_abn, '')) || E'\n' ||
    lower(COALESCE(booking_code, '')) || E'\n' || COALESCE(booking_id::text, '') || E'\n' ||
    lower(COALESCE(resource_name, '')) || E'\n' || lower(COALESCE(event_type, '')) || E'\n' ||
    lower(description) || E'\n' || lower(type) || E'\n' || lower(status)) STORED;

-- Invoices & Payments: Issue Date (the default), Due Date, Invoice number and Total, each then
-- newest created first, then id.
CREATE INDEX invoices_page_issue_idx ON invoices (tenant_id, list_issue_key DESC, created_at DESC, id);
CREATE INDEX invoices_page_due_idx ON invoices (tenant_id, list_due_key DESC, created_at DESC, id);
CREATE INDEX invoices_page_number_idx ON invoices (tenant_id, list_number_key DESC, created_at DESC, id);
CREATE INDEX invoices_page_total_idx ON invoices (tenant_id, total_cents DESC, created_at DESC, id);

ALTER TABLE quotations
  ADD COLUMN list_event_key bigint GENERATED ALWAYS AS ((event_date - DATE '1970-01-01')::bigint) STORED,
  ADD COLUMN list_valid_key bigint GENERATED ALWAYS AS ((valid_until - DATE '1970-01-01')::bigint) STORED,
  -- quotationMatchesSearch's fields: id, customer, e-mail, event type, resource
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    id::text || E'\n' || lower(customer_name) || E'\n' || lower(customer_email) || E'\n' ||
    lower(event_type) || E'\n' || lower(resource_name)) STORED;

-- Quotations: Created (the default, quotations_list_idx), Event Date, Valid Until, Amount,
-- Deposit, each then id; Id itself is the primary key.
CREATE INDEX quotations_page_event_idx ON quotations (tenant_id, list_event_key DESC, id);
CREATE INDEX quotations_page_valid_idx ON quotations (tenant_id, list_valid_key DESC, id);
CREATE INDEX quotations_page_amount_idx ON quotations (tenant_id, total_cents DESC, id);
CREATE INDEX quotations_page_deposit_idx ON quotations (tenant_id, deposit_cents DESC, id);

-- Deposits (Web & Admin Bookings): a tenant's confirmed bookings by event day, then booking id.
ALTER TABLE booking_copy
  ADD COLUMN list_day_key bigint GENERATED ALWAYS AS ((booking_date - DATE '1970-01-01')::bigint) STORED;
CREATE INDEX booking_copy_deposits_idx ON booking_copy (tenant_id, status, list_day_key DESC, booking_id);
DROP INDEX booking_copy_status_idx;
