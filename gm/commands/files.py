"""Order messages given to a command as files: their bytes as they are (gm.messages.reading
decodes them), or a one-line error for a file that cannot be read."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from gm.core.errors import GameError


def read_bytes(file: Path) -> bytes:
    try:
        return file.read_bytes()
    except OSError as exc:
        raise GameError(f"{file}: {exc.strerror}") from None


def read_files(files: Iterable[Path]) -> list[tuple[str, bytes]]:
    """(name, bytes) of each file, in the order given."""
    return [(str(f), read_bytes(f)) for f in files]


def read_what_can_be_read(files: Iterable[Path]) -> tuple[list[tuple[str, bytes]], list[str]]:
    """(name, bytes) of each file that can be read, in the order given, and "<file>: why" of
    each that cannot."""
    read: list[tuple[str, bytes]] = []
    failed: list[str] = []
    for file in files:
        try:
            read.append((str(file), file.read_bytes()))
        except OSError as exc:
            failed.append(f"{file}: it cannot be read ({exc.strerror})")
    return read, failed
