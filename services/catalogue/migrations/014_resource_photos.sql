-- A photo per resource for the venue's public booking page (issue 25, decision 56), stored in
-- the database like the profile pictures (decision 15): checked by content, re-encoded to WebP
-- without metadata. `photo_id` names the current one, so its URL changes with every upload and
-- a cached copy never goes stale.

SELECT set_config('app.scope', 'system', true);

ALTER TABLE resources ADD COLUMN photo_id uuid;

CREATE TABLE resource_photos (
  tenant_id   uuid        NOT NULL,
  id          uuid        NOT NULL DEFAULT gen_random_uuid(),
  resource_id uuid        NOT NULL,
  data        bytea       NOT NULL,
  mime_type   text        NOT NULL DEFAULT 'image/webp',
  width       integer     NOT NULL,
  height      integer     NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, resource_id) REFERENCES resources (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX resource_photos_resource_idx ON resource_photos (tenant_id, resource_id);
ALTER TABLE resource_photos ENABLE ROW LEVEL SECURITY;
ALTER TABLE resource_photos FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON resource_photos
  USING ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
