-- Every unique index of a tenant table leads with tenant_id (distributable by tenant, issue 15):
-- a Message-ID is a uuid, so unique per tenant is unique everywhere.
DROP INDEX IF EXISTS emails_message_id_idx;
CREATE UNIQUE INDEX emails_message_id_idx ON emails (tenant_id, message_id);
