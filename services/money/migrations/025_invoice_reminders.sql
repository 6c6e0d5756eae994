-- The automatic payment reminder ladder (issue 12 item 6): each open invoice gets one reminder
-- per step of Payment settings' reminder days, before the due date and after it. A step is
-- written here in the transaction that publishes its invoice.reminder_requested, so a second
-- sweep or a second replica finds the row and publishes nothing (ON CONFLICT DO NOTHING).
CREATE TABLE invoice_reminders (
  tenant_id     uuid NOT NULL,
  invoice_id    uuid NOT NULL,
  -- days from the due date: -7 = seven days before it, 3 = three days after it
  days_from_due integer NOT NULL CHECK (days_from_due BETWEEN -365 AND 365),
  sent_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, invoice_id, days_from_due),
  FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id)
);

-- The ladder's candidates: unpaid invoices (overdue ones too) of a tenant by due date.
CREATE INDEX invoices_unpaid_due_idx ON invoices (tenant_id, due_date)
  WHERE status IN ('SENT', 'PARTIAL', 'OVERDUE');
