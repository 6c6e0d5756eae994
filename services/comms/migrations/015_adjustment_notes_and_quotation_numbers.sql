-- Adjustment notes and refunds reach the customer (issue 24 item 3): the Adjustment note and
-- Refund templates (the same text as templates/defaults.ts) for tenants seeded before they existed,
-- placed after their other seeded templates. The switch (credit_note_issued) needs no row: a kind
-- missing from a tenant's stored switches reads as on, like the defaults.
SELECT set_config('app.scope', 'system', true);
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'Adjustment note', 'email', 'Adjustment note {{creditNoteNumber}} for invoice {{invoiceNumber}}',
       E'Hi {{customerName}},\n\nWe have issued adjustment note {{creditNoteNumber}} against invoice {{invoiceNumber}} for {{eventType}} at {{hallName}} on {{bookingDate}}. It is attached.\n\nCredited: {{amountCredited}}\n\nReply to this e-mail with any questions.\n\nKind regards,\n{{businessName}}',
       'credit_note', c.created_at + interval '12 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'Refund', 'email', 'Your refund of {{amountRefunded}}: adjustment note {{creditNoteNumber}}',
       E'Hi {{customerName}},\n\nWe have refunded {{amountRefunded}} to you for {{eventType}} at {{hallName}} on {{bookingDate}}. Adjustment note {{creditNoteNumber}} against invoice {{invoiceNumber}} is attached.\n\nCredited: {{amountCredited}}\nRefunded: {{amountRefunded}}\n\nReply to this e-mail with any questions.\n\nKind regards,\n{{businessName}}',
       'refund', c.created_at + interval '13 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;

-- Quotation e-mails name the quotation's number (issue 24 item 2). A venue's Quotation template
-- still in the words it was seeded with gets the new default's words; one the venue rewrote is
-- its own and stays as it is (the number is on the attached PDF and in its file name).
UPDATE email_templates
   SET subject = 'Your quotation {{quotationNumber}} for {{eventType}} at {{hallName}}',
       body = E'Hi {{customerName}},\n\nThank you for your enquiry. Please find our quotation {{quotationNumber}} for {{eventType}} at {{hallName}} on {{bookingDate}} ({{startTime}}–{{endTime}}) attached.\n\nEstimated total: {{calculatedPrice}}\n\nReply to this e-mail to go ahead.\n\nKind regards,\n{{businessName}}',
       updated_at = now()
 WHERE kind = 'quotation'
   AND subject = 'Your quotation for {{eventType}} at {{hallName}}'
   AND body = E'Hi {{customerName}},\n\nThank you for your enquiry. Please find our quotation for {{eventType}} at {{hallName}} on {{bookingDate}} ({{startTime}}–{{endTime}}) attached.\n\nEstimated total: {{calculatedPrice}}\n\nReply to this e-mail to go ahead.\n\nKind regards,\n{{businessName}}';
