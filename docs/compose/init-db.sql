-- The services connect as an ordinary role: no superuser, no BYPASSRLS, so row-level
-- security applies to them. Each service creates and owns its own schema.
CREATE ROLE venue_app LOGIN PASSWORD 'venue_app' NOSUPERUSER NOBYPASSRLS NOCREATEROLE;
GRANT CREATE, CONNECT ON DATABASE venuedesk TO venue_app;
\connect venuedesk
CREATE EXTENSION IF NOT EXISTS btree_gist;
