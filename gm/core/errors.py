"""Errors the GM or a player can cause; the CLI prints them on one line, never a traceback."""


class GameError(Exception):
    """An action the rules forbid, or a command that makes no sense now. Cite the case."""


class Busy(GameError):
    """A campaign held by another (a worker's round, another GM command) longer than this one
    would wait: nothing was done."""


class Superseded(GameError):
    """A campaign changed under an operation (another appended an entry after the one it
    started from): nothing of the operation was stored."""
