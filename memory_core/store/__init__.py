"""SQL lives here and only here: repositories over a caller-owned connection."""
