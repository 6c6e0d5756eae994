-- Money's e-mails (decision 30): the invoice, receipt and payment reminder each carry a PDF that
-- money makes. The worker fetches it when it sends (never on a user's request), so the queued
-- row only says where from: {service, path, filename, contentType}. Once fetched the PDF is kept
-- in email_attachments like any other and this is cleared; money down → the message waits.
ALTER TABLE emails ADD COLUMN attachment_fetch jsonb;

-- The Payment reminder template came after the first tenants were seeded: give them theirs (the
-- same text as templates/defaults.ts), placed after their other seeded templates.
SELECT set_config('app.scope', 'system', true);
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'Payment reminder', 'email', 'Payment reminder: invoice {{invoiceNumber}}',
       E'Hi {{customerName}},\n\nA friendly reminder that invoice {{invoiceNumber}} has {{amountDue}} outstanding, due {{dueDate}}. A copy of the invoice is attached.\n\nIf you have already paid, thank you, and please disregard this e-mail.\n\nKind regards,\n{{businessName}}',
       'payment_reminder', c.created_at + interval '11 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;
