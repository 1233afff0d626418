"""Reading a data set's files: YAML with line numbers, then the schema (models.py); only when
the cache (load.py) has not got the checked data set, or `gm data check` asks."""

from __future__ import annotations

from pathlib import Path

from gm.core.data import Problem
from gm.core.datafiles import read_files
from gm.games.rcw.data.dataset import COUNTERS_FILE, MAP_FILE, GameData
from gm.games.rcw.data.models import CountersFile, MapFile


def read_data_set(directory: Path, lined: bool = True) -> tuple[GameData | None, list[Problem]]:
    """Read and schema-check both files; a GameData only if both pass the schema.

    lined=False reads faster but every problem is placed at line 0."""
    documents, models, problems = read_files(
        {MAP_FILE: (directory / MAP_FILE, MapFile),
         COUNTERS_FILE: (directory / COUNTERS_FILE, CountersFile)}, lined)
    if problems:
        return None, problems
    data = GameData(
        directory=directory,
        map=models[MAP_FILE],
        counters=models[COUNTERS_FILE],
        map_doc=documents[MAP_FILE],
        counters_doc=documents[COUNTERS_FILE],
    )
    return data, []
