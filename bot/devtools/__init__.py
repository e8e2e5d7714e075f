"""Developer and benchmark tooling (fake remote services); never imported by the running bot."""
