"""Reading a data set's files: YAML with line numbers, then the schema (models.py)."""

from __future__ import annotations

from pathlib import Path

from gm.core.data import Problem
from gm.core.datafiles import Files, read_files
from gm.games.gwe.data.dataset import (
    CHARTS_FILE,
    COUNTERS_FILE,
    DEFAULT_CHARTS,
    MAP_FILE,
    GweData,
)
from gm.games.gwe.data.models import ChartsFile, CountersFile, MapFile


def charts_path(directory: Path) -> Path:
    """The data set's own charts (the GM's printed tables) if it has them, else the default."""
    own = directory / CHARTS_FILE
    return own if own.is_file() else DEFAULT_CHARTS


def read_data_set(directory: Path, lined: bool = True) -> tuple[GweData | None, list[Problem]]:
    """Read and schema-check the three files; a GweData only if all pass the schema."""
    files: Files = {
        MAP_FILE: (directory / MAP_FILE, MapFile),
        COUNTERS_FILE: (directory / COUNTERS_FILE, CountersFile),
        CHARTS_FILE: (charts_path(directory), ChartsFile),
    }
    documents, models, problems = read_files(files, lined)
    if problems:
        return None, problems
    return GweData(directory=directory, map=models[MAP_FILE], counters=models[COUNTERS_FILE],
                   charts=models[CHARTS_FILE], charts_path=files[CHARTS_FILE][0],
                   docs=documents), []
