"""Where a Great War in the East data set that passed every check is kept
(gm/core/datacache.py): its map, counters and charts, under the digest of its files (the
charts it plays with, its own or the default) and of the code that reads and checks them, so
that a command takes them from there instead of reading YAML (issue 37)."""

from __future__ import annotations

from pathlib import Path

from gm.core import datacache
from gm.games.gwe.data.dataset import COUNTERS_FILE, MAP_FILE, GweData
from gm.games.gwe.data.models import ChartsFile, CountersFile, MapFile
from gm.games.gwe.data.reading import charts_path

_READERS = sorted(Path(__file__).resolve().parent.glob("*.py"))  # what reads and checks it


def _entry(folder: Path) -> Path | None:
    return datacache.entry_for("gwe-data", (folder / MAP_FILE, folder / COUNTERS_FILE,
                                            charts_path(folder)), _READERS)


def recall(folder: Path) -> GweData | None:
    """The data set as it passed every check, if this very one did before (not yet bound to
    its game)."""
    kept = datacache.recall(_entry(folder), (MapFile, CountersFile, ChartsFile))
    if kept is None:
        return None
    map_file, counters, charts = kept
    assert isinstance(map_file, MapFile) and isinstance(counters, CountersFile) and \
        isinstance(charts, ChartsFile)
    return GweData(directory=folder, map=map_file, counters=counters, charts=charts,
                   charts_path=charts_path(folder))


def remember(data: GweData) -> None:
    """Keep a data set that passed every check."""
    datacache.remember(_entry(data.directory), (data.map, data.counters, data.charts))
