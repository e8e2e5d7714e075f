"""Where work runs: the thread lanes, the leases replicas share, the webhook inbox."""
