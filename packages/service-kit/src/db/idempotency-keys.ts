/**
 * The kit's `idempotency_keys` table, created in every service schema with the kit's other
 * tables (migrations.ts), so every service's POSTs can honour `Idempotency-Key`
 * (src/http/idempotency.ts). Tenant data like any other: row-level security on the typed
 * column, forced, with the system-scope escape the purge job uses (decision 0019).
 *
 * `claim` identifies the request holding the key, so a request that outlived its lease never
 * completes or releases a claim another request has since taken over. `status` stays null
 * until the answer is stored.
 *
 * Written to be re-run on every start: nothing is altered, and no lock taken, once in place.
 */
export const IDEMPOTENCY_KEYS_TABLE = `
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    tenant_id uuid NOT NULL,
    key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
    claim uuid NOT NULL,
    method text NOT NULL,
    path text NOT NULL,
    body_hash text NOT NULL,
    status integer,
    headers jsonb,
    body bytea,
    created_at timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz,
    PRIMARY KEY (tenant_id, key)
  );
  DO $$
  BEGIN
    -- For the purge job; created once (CREATE INDEX IF NOT EXISTS would lock the table each start).
    IF to_regclass('idempotency_keys_created') IS NULL THEN
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
    END IF;
    IF NOT (SELECT relrowsecurity AND relforcerowsecurity FROM pg_class WHERE oid = 'idempotency_keys'::regclass) THEN
      ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
      ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = 'idempotency_keys'::regclass) THEN
      CREATE POLICY tenant_isolation ON idempotency_keys
        USING (current_setting('app.scope', true) = 'system'
               OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
        WITH CHECK (current_setting('app.scope', true) = 'system'
               OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
    END IF;
  END $$;
`;
