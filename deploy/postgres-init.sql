-- membot's database, set up once by a superuser (deploy/postgres-init.sh runs it through psql
-- when the postgres container starts on an empty data folder; by hand on a server of your own:
--   psql -v ON_ERROR_STOP=1 -v app_user=membot -v app_password='…' -d membot -f postgres-init.sql
-- as a superuser, connected to the (empty) database membot will use).
--
-- The bot connects as app_user, an ordinary role: not a superuser, cannot create roles or
-- databases. It owns the public schema of this database (so its migrations may create tables
-- there) and the tables it creates, and nothing else on the server. The database itself stays
-- the superuser's: its owner may DROP, rename or reconfigure it, which the bot never needs.
--
-- Safe to run again, on a new empty database (a restore, docs/deploy.md): a role that exists
-- already is kept as it is (its password too), the rest is granted again.
\set ON_ERROR_STOP on

SELECT format('CREATE ROLE %I LOGIN PASSWORD %L NOSUPERUSER NOCREATEDB NOCREATEROLE '
              'NOREPLICATION NOBYPASSRLS', :'app_user', :'app_password')
 WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app_user') \gexec
-- Nobody else may connect (PUBLIC may by default); superusers always can.
REVOKE ALL ON DATABASE :"DBNAME" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"DBNAME" TO :"app_user";
ALTER SCHEMA public OWNER TO :"app_user";

-- pgvector is not a trusted extension: only a superuser may create it.
CREATE EXTENSION IF NOT EXISTS vector;

-- `membot admin erase-wal` pushes erased text out of the server's WAL: a WAL switch and a
-- checkpoint, which PostgreSQL keeps for superusers unless granted.
GRANT EXECUTE ON FUNCTION pg_switch_wal() TO :"app_user";
GRANT pg_checkpoint TO :"app_user";

-- Limits for every session of the bot's role (the bot sets tighter lock and idle limits of
-- its own per session; these hold for any other client using the role). A statement running
-- 5 minutes is stuck; a transaction left idle 60 s holds its locks against every replica (a
-- frozen process); a lock not granted in 30 s is given up (the bot retries). membot lifts the
-- statement limit itself for its long work (migrations, table rewrites, VACUUM, HNSW builds);
-- a long statement of your own in psql: SET statement_timeout = 0 first.
ALTER ROLE :"app_user" SET statement_timeout = '300s';
ALTER ROLE :"app_user" SET lock_timeout = '30s';
ALTER ROLE :"app_user" SET idle_in_transaction_session_timeout = '60s';
