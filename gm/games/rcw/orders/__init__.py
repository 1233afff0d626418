"""gm/games/rcw/orders."""
