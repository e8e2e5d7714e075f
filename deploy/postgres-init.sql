-- Runs once when the postgres container starts on an empty data folder (profile "scale"):
-- pgvector must be created by a superuser; membot's migrations then create its tables.
CREATE EXTENSION IF NOT EXISTS vector;
