"""Gamesmaster: runs a play-by-e-mail campaign of SPI's Russian Civil War 1918-1922."""

__version__ = "0.1.0"
