"""The learning pipeline: durable observer → extract → arbitrate → apply."""
