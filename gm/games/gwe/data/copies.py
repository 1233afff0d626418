"""A data set and the GM's own copy of it as CSV files, each made from the other:
`gm data import --game gwe` and `gm data export --game gwe` (docs/data-gwe.md). Beside the CSV
files stand the files a GM types as they are: his printed tables (charts.yaml) and his
scenario's set-up (deployment.yaml), carried both ways."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from gm.core.data import DataError, Problem
from gm.games.gwe.data.dataset import CHARTS_FILE, COUNTERS_FILE, MAP_FILE
from gm.games.gwe.data.deployment import DEPLOYMENT_FILE
from gm.games.gwe.data.exporting import write_sheets, yaml_text
from gm.games.gwe.data.importing import Imported, import_sheets
from gm.games.gwe.data.models import CountersFile, MapFile
from gm.games.gwe.data.reading import read_data_set

CARRIED = (CHARTS_FILE, DEPLOYMENT_FILE)  # typed as they are, copied beside the CSV files


def _folder(path: Path, what: str) -> None:
    if path.exists() and not path.is_dir():
        raise DataError([Problem(str(path), 0, f"not a folder ({what})")])


@dataclass(frozen=True)
class Staged:
    """A data set made from CSV files in a folder of its own, to be checked before any of it
    is written where the GM asked: each field on a line (so a problem's line names it)."""

    folder: Path
    imported: Imported
    texts: dict[str, str]  # the files as they will be written


@contextmanager
def staged_import(csv_dir: Path, out_dir: Path) -> Iterator[Staged]:
    """The data set of `csv_dir`'s CSV files (and its own charts.yaml and deployment.yaml)
    in a temporary folder, removed after; DataError, nothing written, if a row cannot be
    read."""
    if not csv_dir.is_dir():
        raise DataError([Problem(str(csv_dir), 0, "not a folder of CSV files")])
    _folder(out_dir, "where the data set is written")
    imported = import_sheets(csv_dir)
    if imported.map_file is None or imported.counters is None:
        raise DataError(imported.problems)
    models: dict[str, MapFile | CountersFile] = {MAP_FILE: imported.map_file,
                                                 COUNTERS_FILE: imported.counters}
    with tempfile.TemporaryDirectory(prefix="gm-import-") as folder:
        staged = Path(folder)
        for name, model in models.items():
            (staged / name).write_text(yaml_text(model, str(csv_dir), block=True),
                                       encoding="utf-8")
        _carry(csv_dir, staged)
        yield Staged(staged, imported, {name: yaml_text(model, str(csv_dir))
                                        for name, model in models.items()})


def write_import(staged: Staged, csv_dir: Path, out_dir: Path) -> list[Path]:
    """The checked data set written in `out_dir`: map.yaml, counters.yaml and the files
    carried."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in staged.texts.items():
        (out_dir / name).write_text(text, encoding="utf-8")
        written.append(out_dir / name)
    return written + _carry(csv_dir, out_dir)


def export_data_set(data_dir: Path, csv_dir: Path) -> list[Path]:
    """The CSV files of a data set written in `csv_dir` (its own charts.yaml and
    deployment.yaml copied beside them); DataError if the data set's files do not pass the
    schema."""
    if not data_dir.is_dir():
        raise DataError([Problem(str(data_dir), 0, "not a folder (map.yaml, counters.yaml)")])
    _folder(csv_dir, "where the CSV files are written")
    data, problems = read_data_set(data_dir, lined=True)
    if data is None:
        raise DataError(problems)
    written = write_sheets(data.map, data.counters, csv_dir)
    return written + _carry(data_dir, csv_dir)


def import_data_set(csv_dir: Path, out_dir: Path) -> list[Path]:
    """map.yaml and counters.yaml written in `out_dir` from the CSV files of `csv_dir` (and
    the files carried) without the checks of `gm data check` (the game system makes them,
    gm.games.gwe.system); DataError, nothing written, if a row cannot be read."""
    with staged_import(csv_dir, out_dir) as staged:
        return write_import(staged, csv_dir, out_dir)


def _carry(source: Path, target: Path) -> list[Path]:
    copied = []
    for name in CARRIED:
        own = source / name
        if own.is_file() and own.resolve() != (target / name).resolve():
            target.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(own, target / name)
            copied.append(target / name)
    return copied
