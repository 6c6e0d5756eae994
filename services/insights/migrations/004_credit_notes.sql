-- Money's adjustment notes (credit_note.issued): a note without a refund that leaves the
-- invoice's status as it was publishes no invoice event, yet lowers what is owed. Kept by id
-- (a repeat changes nothing); the invoice's credited and balance figures follow them.

SELECT set_config('app.scope', 'system', true);

CREATE TABLE credit_notes (
  tenant_id     uuid NOT NULL,
  id            uuid NOT NULL,
  invoice_id    uuid NOT NULL,
  amount_cents  bigint NOT NULL,
  created_at    timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (tenant_id, invoice_id);
CREATE INDEX credit_notes_created_idx ON credit_notes (tenant_id, created_at);

ALTER TABLE credit_notes ENABLE ROW LEVEL SECURITY;
ALTER TABLE credit_notes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON credit_notes
  USING ((SELECT current_setting('app.scope', true) = 'system')
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system')
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
