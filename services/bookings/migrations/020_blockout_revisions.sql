-- Block-outs reserve their time here before the catalogue stores them (issue 24 item 8, decision
-- 55): POST /internal/blockouts/reserve writes their rows and slots in the same table and under
-- the same exclusion constraint as bookings (resource_slots, decision 3), at write time, instead
-- of by the blockout.* events that arrived after a booking could already be in.
--
-- One row per block-out the catalogue reserved or released: the last revision applied (the
-- catalogue numbers each write of a block-out), so a retry that arrives after a newer write, or
-- after the release, changes nothing; and whether it was released (deleted, or its create undone:
-- ids are never reused, so a release is final). A block-out with a row here is the catalogue's
-- synchronous write's: its blockout.created/updated events only confirm it.

SELECT set_config('app.scope', 'system', true);

CREATE TABLE blockout_revisions (
  tenant_id   uuid        NOT NULL,
  blockout_id uuid        NOT NULL,
  revision    bigint      NOT NULL,
  released    boolean     NOT NULL DEFAULT false,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, blockout_id)
);
ALTER TABLE blockout_revisions ENABLE ROW LEVEL SECURITY;
ALTER TABLE blockout_revisions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blockout_revisions
  USING ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));

