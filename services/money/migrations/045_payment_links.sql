-- Payment links and card payments (issue 13 "Payment links", decision 43).
--
-- payment_links: one live link per invoice (revoked ones are kept, with when). The token itself
-- is never stored: it is HMAC(server key, nonce), so the venue can copy the same link again,
-- and only its SHA-256 is kept for the public look-up. A visitor arrives with nothing but the
-- token, before any tenant is known, so that hash is unique across tenants (tenant-keys test:
-- GLOBAL_KEYS) and read in the system scope; everything after it runs in the tenant's scope.
--
-- stripe_events: each Stripe event id handled once (the payment itself is also unique per
-- payment intent, through payments' idempotency key `stripe:<payment intent>`).

SELECT set_config('app.scope', 'system', true);

CREATE TABLE payment_links (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  invoice_id  uuid NOT NULL,
  nonce       text NOT NULL,
  token_hash  text NOT NULL,
  created_by  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
  CONSTRAINT payment_links_token_hash_key UNIQUE (token_hash)
);
-- One live link per invoice: two first copies at once make one link.
CREATE UNIQUE INDEX payment_links_live_key ON payment_links (tenant_id, invoice_id) WHERE revoked_at IS NULL;

CREATE TABLE stripe_events (
  tenant_id         uuid NOT NULL,
  event_id          text NOT NULL,
  type              text NOT NULL,
  invoice_id        uuid,
  payment_intent    text,
  -- recorded | replayed | ignored | refused (the reason in detail: a refused card payment needs a person)
  outcome           text NOT NULL,
  detail            text NOT NULL DEFAULT '',
  received_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, event_id)
);

DO $$
DECLARE
  t text;
  expr constant text := $q$(SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)$q$;
BEGIN
  FOREACH t IN ARRAY ARRAY['payment_links', 'stripe_events']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (%s) WITH CHECK (%s)', t, expr, expr);
  END LOOP;
END $$;
