"""Database plumbing: the engine (driver, extensions, PRAGMAs) and the migrations."""
