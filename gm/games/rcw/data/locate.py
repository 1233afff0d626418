"""Where a province, unit or key of a data set is written: file and line, for its problems."""

from __future__ import annotations

from typing import Any

from gm.games.rcw.data.dataset import COUNTERS_FILE, MAP_FILE, GameData, Problem


class Locator:
    """Finds the file and line of a province, unit or key in a data set."""

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.map_path = str(data.directory / MAP_FILE)
        self.counters_path = str(data.directory / COUNTERS_FILE)

    def _item_line(self, doc: Any, section: str, index: int, key: str | None) -> int:
        try:
            item = doc[section][index]
            return int(item.key_lines[key]) if key else int(doc[section].item_lines[index])
        except (KeyError, IndexError, TypeError, AttributeError):
            return 0

    def province(self, code: str, key: str | None = None, message: str = "") -> Problem:
        index = next((i for i, p in enumerate(self.data.map.provinces) if p.code == code), -1)
        return Problem(self.map_path, self._item_line(self.data.map_doc, "provinces", index, key),
                       message)

    def unit(self, unit_id: int, key: str | None = None, message: str = "") -> Problem:
        index = next((i for i, u in enumerate(self.data.counters.units) if u.id == unit_id), -1)
        return Problem(self.counters_path,
                       self._item_line(self.data.counters_doc, "units", index, key), message)

    def map_key(self, key: str, message: str) -> Problem:
        return Problem(self.map_path, _key_line(self.data.map_doc, key), message)

    def counters_key(self, key: str, message: str) -> Problem:
        return Problem(self.counters_path, _key_line(self.data.counters_doc, key), message)


def _key_line(doc: Any, key: str) -> int:
    lines = getattr(doc, "key_lines", {})
    return int(lines.get(key, 0))
