"""gm/games/rcw/reports."""
