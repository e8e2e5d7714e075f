"""The operator's side: maintenance and health checks, metrics, LLM usage and budgets."""
