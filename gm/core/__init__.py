"""gm/core."""
