"""Reading a game's data files: YAML with line numbers, then each file's schema; every problem
placed at its file and line (`gm data check`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from gm.core.data import Problem
from gm.core.yamlio import YamlError, line_of, load_lined

Files = dict[str, tuple[Path, type[BaseModel]]]  # a data set's name of a file: where, its schema


def read_files(files: Files, lined: bool = True
               ) -> tuple[dict[str, Any], dict[str, Any], list[Problem]]:
    """Each file read (its document) and schema-checked (its model), and what is wrong: a
    missing file, bad YAML, what the schema refuses. lined=False reads faster but every
    problem is placed at line 0."""
    problems: list[Problem] = []
    documents: dict[str, Any] = {}
    for name, (path, _) in files.items():
        if not path.is_file():
            problems.append(Problem(str(path), 0, "file missing"))
            continue
        try:
            documents[name] = load_lined(path, lined)
        except YamlError as exc:
            problems.append(Problem(str(path), exc.line, exc.message))
    models: dict[str, Any] = {}
    for name, (path, model) in files.items():
        if name not in documents:
            continue
        document = documents[name]
        try:
            models[name] = model.model_validate(document)
        except ValidationError as exc:
            for error in exc.errors():
                loc = tuple(error["loc"])
                where = ".".join(str(part) for part in loc) or "(top)"
                problems.append(Problem(str(path), line_of(document, loc),
                                        f"{where}: {error['msg']}"))
    return documents, models, problems
