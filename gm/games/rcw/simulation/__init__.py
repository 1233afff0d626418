"""gm/games/rcw/simulation."""
