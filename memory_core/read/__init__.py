"""Finding and showing memories: recall (the prompt block), search, ranking, the full-text
index, disclosure (what an audience may see), people, entities and answers by meaning."""
