-- Two roles (docs/decisions/0019-database-roles.md). venue_owner owns the service schemas and
-- runs the migrations (MIGRATION_DATABASE_URL). venue_app is what the services connect as for
-- requests (DATABASE_URL): no superuser, no BYPASSRLS, owns nothing, so row-level security
-- binds it and it cannot switch it off; the kit grants it what it uses after migrating.
CREATE ROLE venue_owner LOGIN PASSWORD 'venue_owner' NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
CREATE ROLE venue_app LOGIN PASSWORD 'venue_app' NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
-- Each service creates its schema as the owner on first start.
GRANT CONNECT, CREATE ON DATABASE venuedesk TO venue_owner;
GRANT CONNECT ON DATABASE venuedesk TO venue_app;
\connect venuedesk
CREATE EXTENSION IF NOT EXISTS btree_gist;
-- the bookings search's tenant-led trigram index (bookings migration 014)
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A volume created before the owner role (this script runs only on an empty volume) is
-- upgraded once, as postgres, before starting the new services:
--   CREATE ROLE venue_owner LOGIN PASSWORD 'venue_owner' NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
--   GRANT CONNECT, CREATE ON DATABASE venuedesk TO venue_owner;
--   REVOKE CREATE ON DATABASE venuedesk FROM venue_app;
--   \connect venuedesk
--   REASSIGN OWNED BY venue_app TO venue_owner;
