"""gm/games/rcw/grammar."""
