"""gm/games/rcw/engine."""
