"""Errors the GM or a player can cause; the CLI prints them on one line, never a traceback."""


class GameError(Exception):
    """An action the rules forbid, or a command that makes no sense now. Cite the case."""
