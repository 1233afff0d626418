"""Gamesmaster: runs a play-by-e-mail campaign of SPI's Russian Civil War 1918-1922."""

import os

__version__ = "0.1.0"

# Gamesmaster uses no pydantic plugins; without this pydantic scans every installed package's
# entry points at first use, which costs a cold `gm` command about a tenth of its time.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
