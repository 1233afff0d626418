"""gm/games."""
