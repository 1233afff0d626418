"""The rulebook's own data: the tables printed on the map (tables.yaml)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

TABLES_FILE = Path(__file__).resolve().parent / "tables.yaml"


@cache
def tables() -> dict[str, Any]:
    import yaml  # lazy: read when a table is first looked up, not by every command

    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    result: dict[str, Any] = yaml.load(TABLES_FILE.read_text(encoding="utf-8"), Loader=loader)
    return result


def random_event_provinces() -> list[str]:
    """Every province named on the Random Events Table (12.2), in table order."""
    names: list[str] = []
    for row in tables()["random_events"].values():
        for cell in row:
            names.extend(cell.get("provinces", ()))
    return names
