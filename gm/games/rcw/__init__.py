"""gm/games/rcw."""
