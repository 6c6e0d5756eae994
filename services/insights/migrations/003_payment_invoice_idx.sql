-- Payments Due works out each invoice's balance on earlier days from the payments made since
-- (src/dashboard/kpis.ts): those are looked up per invoice, so index them by invoice, tenant first.
CREATE INDEX payments_invoice_idx ON payments (tenant_id, invoice_id, processed_at);
