"""Words for the texts the program writes."""

from __future__ import annotations


def counted(count: int, noun: str) -> str:
    """`1 marker`, `2 markers`."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
