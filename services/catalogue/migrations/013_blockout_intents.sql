-- A block-out is stored only once bookings holds its time (issue 24 item 8, decision 55). The
-- write has two steps in two services: the catalogue records what it is about to do (an intent,
-- committed), asks bookings to reserve the time (POST /internal/blockouts/reserve: bookings'
-- slot table, under the exclusion constraint bookings' bookings are under), then stores the
-- block-out and deletes the intent in one transaction — or deletes the intent alone when
-- bookings refuses. An intent left behind (bookings did not answer, or this process died between
-- the steps) is settled by the `blockout-intents` job: it asks bookings to undo (release a new
-- block-out, put an edited one back as it was) and, should bookings refuse to put an edit back
-- because a booking took its old time meanwhile, stores the edit it had accepted. So nothing
-- stays reserved that the catalogue does not store, and nothing is stored that bookings does not
-- hold.

SELECT set_config('app.scope', 'system', true);

-- Each write of a block-out has the next number; bookings applies them in this order only.
ALTER TABLE blockouts ADD COLUMN revision bigint NOT NULL DEFAULT 1;

CREATE TABLE blockout_intents (
  tenant_id    uuid        NOT NULL,
  id           uuid        NOT NULL,
  kind         text        NOT NULL CHECK (kind IN ('create', 'update')),
  -- the block-out an edit changes: one intent per block-out at a time (NULL for a create, whose
  -- block-outs are new)
  target       uuid,
  -- the revision of the new state; its undo is revision + 1
  revision     bigint      NOT NULL,
  -- the whole write (new rows, resources, the state before an edit, who asked), as
  -- src/blockouts/blockout-intents.ts reads it
  payload      jsonb       NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- set when an undo was asked for: from then on only the undo's answer settles the intent
  undo_started boolean     NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX blockout_intents_target_idx ON blockout_intents (tenant_id, target);
CREATE INDEX blockout_intents_age_idx ON blockout_intents (created_at);
ALTER TABLE blockout_intents ENABLE ROW LEVEL SECURITY;
ALTER TABLE blockout_intents FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blockout_intents
  USING ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
