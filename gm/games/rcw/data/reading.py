"""Reading a data set's files: YAML with line numbers, then the schema (models.py); only when
the cache (load.py) has not got the checked data set, or `gm data check` asks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gm.core.data import Problem
from gm.core.yamlio import YamlError, line_of, load_lined
from gm.games.rcw.data.dataset import COUNTERS_FILE, MAP_FILE, GameData
from gm.games.rcw.data.models import CountersFile, MapFile


def read_data_set(directory: Path, lined: bool = True) -> tuple[GameData | None, list[Problem]]:
    """Read and schema-check both files; a GameData only if both pass the schema.

    lined=False reads faster but every problem is placed at line 0."""
    problems: list[Problem] = []
    documents: dict[str, Any] = {}
    for name in (MAP_FILE, COUNTERS_FILE):
        path = directory / name
        if not path.is_file():
            problems.append(Problem(str(path), 0, "file missing"))
            continue
        try:
            documents[name] = load_lined(path, lined)
        except YamlError as exc:
            problems.append(Problem(str(path), exc.line, exc.message))
    models: dict[str, Any] = {}
    for name, model in ((MAP_FILE, MapFile), (COUNTERS_FILE, CountersFile)):
        if name not in documents:
            continue
        document = documents[name]
        try:
            models[name] = model.model_validate(document)
        except ValidationError as exc:
            for error in exc.errors():
                loc = tuple(error["loc"])
                where = ".".join(str(part) for part in loc) or "(top)"
                line = line_of(document, loc)
                problems.append(Problem(str(directory / name), line, f"{where}: {error['msg']}"))
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
