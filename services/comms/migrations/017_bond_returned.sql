-- A bond settled reaches the customer (issue 24 item 3): the "Bond returned or kept" template (the
-- same text as templates/defaults.ts) for venues seeded before it existed, placed after their other
-- seeded templates; a venue that already has a template of the kind keeps it. It goes under the
-- credit_note_issued switch ("Adjustment note or refund"), which needs no row: a kind missing from
-- a venue's stored switches reads as on.
SELECT set_config('app.scope', 'system', true);
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'Bond returned or kept', 'email', 'Your bond for {{bookingCode}} {{bondSummary}}',
       E'Hi {{customerName}},\n\n{{bondOutcome}}\n\nYour booking: {{eventType}} at {{hallName}} on {{bookingDate}}, reference {{bookingCode}}.\n\nReply to this e-mail with any questions.\n\nKind regards,\n{{businessName}}',
       'bond_returned', c.created_at + interval '19 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;
