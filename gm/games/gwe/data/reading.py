"""Reading a data set's files: YAML with line numbers, then the schema (models.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from gm.core.data import Problem
from gm.core.yamlio import YamlError, line_of, load_lined
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
    files: dict[str, tuple[Path, type[BaseModel]]] = {
        MAP_FILE: (directory / MAP_FILE, MapFile),
        COUNTERS_FILE: (directory / COUNTERS_FILE, CountersFile),
        CHARTS_FILE: (charts_path(directory), ChartsFile),
    }
    problems: list[Problem] = []
    documents: dict[str, Any] = {}
    models: dict[str, Any] = {}
    for name, (path, model) in files.items():
        if not path.is_file():
            problems.append(Problem(str(path), 0, "file missing"))
            continue
        try:
            documents[name] = load_lined(path, lined)
        except YamlError as exc:
            problems.append(Problem(str(path), exc.line, exc.message))
            continue
        try:
            models[name] = model.model_validate(documents[name])
        except ValidationError as exc:
            for error in exc.errors():
                loc = tuple(error["loc"])
                where = ".".join(str(part) for part in loc) or "(top)"
                problems.append(Problem(str(path), line_of(documents[name], loc),
                                        f"{where}: {error['msg']}"))
    if problems:
        return None, problems
    return GweData(directory=directory, map=models[MAP_FILE], counters=models[COUNTERS_FILE],
                   charts=models[CHARTS_FILE], charts_path=files[CHARTS_FILE][0],
                   docs=documents), []
