"""gm/games/rcw/rules."""
