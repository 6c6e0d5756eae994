-- The customer e-mail queue moves to the comms service (issue 12): bookings publishes what
-- happened (a decline's reason and a change request's message ride on its booking events) and
-- comms writes and delivers the tenant's e-mail. Nothing ever delivered these rows.
DROP TABLE IF EXISTS customer_emails;
