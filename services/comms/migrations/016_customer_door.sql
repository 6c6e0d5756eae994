-- The customer's door (issue 25, decision 56).
--
-- A message that carries a single-use link (the booking page's "Verify your e-mail", the portal's
-- sign-in link) says until when the link works: the worker does not send it after that (the
-- customer would get a dead link; the message fails saying so), and once the message is sent or
-- given up on, the link's token is masked in the stored text (mail/secret-links.ts), so the
-- history, the venue's data export and a copy of the database never hold a working link. Null
-- for every other message.
ALTER TABLE emails ADD COLUMN link_expires_at timestamptz;

-- The five e-mails of the door (the same text as templates/defaults.ts) for venues seeded before
-- they existed, placed after their other seeded templates.
SELECT set_config('app.scope', 'system', true);
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'Verify your e-mail', 'email', 'Please confirm your e-mail to send your request to {{businessName}}',
       E'Hi {{customerName}},\n\nThank you for your request for {{hallName}}:\n\n{{requestDates}}\n\nTo send it to {{businessName}}, please confirm your e-mail address by opening this link:\n\n{{verifyLink}}\n\nThe link works once, until {{linkExpiresAt}}. Nothing is booked or held for you until you open it.\n\nIf you did not ask for this, you can ignore this e-mail.\n\nKind regards,\n{{businessName}}',
       'request_verification', c.created_at + interval '14 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'Your portal link', 'email', 'Your sign-in link for {{businessName}}',
       E'Hello,\n\nHere is your link to sign in and see your bookings with {{businessName}}:\n\n{{portalLink}}\n\nThe link works once, until {{linkExpiresAt}}. Once signed in, you stay signed in on that device for 30 days.\n\nIf you did not ask for this, you can ignore this e-mail: nobody can sign in without the link.\n\nKind regards,\n{{businessName}}',
       'portal_link', c.created_at + interval '15 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'Request received', 'email', 'We have received your request for {{hallName}}',
       E'Hi {{customerName}},\n\nThank you for your request for {{eventType}} at {{hallName}}:\n\n{{requestDates}}\n\n{{requestOutcome}}\n\nGuests: {{guestCount}}\n\nYou can follow your request, and cancel it while it waits, at {{portalAddress}}\n\nKind regards,\n{{businessName}}',
       'request_received', c.created_at + interval '16 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'New request for the venue', 'email', 'New request {{bookingCode}}: {{eventType}} at {{hallName}} on {{bookingDate}}',
       E'A new request came from your booking page:\n\n{{requestDates}}\n\n{{requestOutcome}}\n\nCustomer: {{customerName}}\nE-mail: {{customerEmail}}\nPhone: {{customerPhone}}\nEvent: {{eventType}}\nGuests: {{guestCount}}\nSpace: {{hallName}}\n\nAnswers to your questions:\n{{requestAnswers}}\n\nNotes from the customer:\n{{requestNotes}}\n\nOpen it in the back office to confirm, hold, decline or ask for changes:\n{{bookingLink}}',
       'venue_new_request', c.created_at + interval '17 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'Customer asked for changes', 'email', '{{customerName}} asks for changes to {{bookingCode}}',
       E'{{customerName}} ({{customerEmail}}) asked for changes to booking {{bookingCode}}, {{eventType}} at {{hallName}} on {{bookingDate}} from {{startTime}} to {{endTime}}, from your customer portal:\n\n{{customerMessage}}\n\nThe message is also kept as a note on the booking:\n{{bookingLink}}',
       'venue_customer_changes', c.created_at + interval '18 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;
