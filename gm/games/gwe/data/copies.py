"""A data set and the GM's own copy of it as CSV files, each made from the other:
`gm data import --game gwe` and `gm data export --game gwe` (docs/data-gwe.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

from gm.core.data import DataError, Problem
from gm.games.gwe.data.dataset import CHARTS_FILE, COUNTERS_FILE, MAP_FILE
from gm.games.gwe.data.exporting import write_sheets, yaml_text
from gm.games.gwe.data.importing import import_map
from gm.games.gwe.data.reading import read_data_set


def _folder(path: Path, what: str) -> None:
    if path.exists() and not path.is_dir():
        raise DataError([Problem(str(path), 0, f"not a folder ({what})")])


def import_data_set(csv_dir: Path, out_dir: Path) -> list[Path]:
    """map.yaml and counters.yaml written in `out_dir` from the CSV files of `csv_dir` (and
    its charts.yaml copied, if the GM has his own); DataError, nothing written, if a row
    cannot be read."""
    if not csv_dir.is_dir():
        raise DataError([Problem(str(csv_dir), 0, "not a folder of CSV files")])
    _folder(out_dir, "where the data set is written")
    map_file, counters, problems = import_map(csv_dir)
    if map_file is None or counters is None:
        raise DataError(problems)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = [out_dir / MAP_FILE, out_dir / COUNTERS_FILE]
    written[0].write_text(yaml_text(map_file, str(csv_dir)), encoding="utf-8")
    written[1].write_text(yaml_text(counters, str(csv_dir)), encoding="utf-8")
    written += _copy_charts(csv_dir, out_dir)
    return written


def export_data_set(data_dir: Path, csv_dir: Path) -> list[Path]:
    """The CSV files of a data set written in `csv_dir` (its own charts.yaml copied beside
    them); DataError if the data set's files do not pass the schema."""
    if not data_dir.is_dir():
        raise DataError([Problem(str(data_dir), 0, "not a folder (map.yaml, counters.yaml)")])
    _folder(csv_dir, "where the CSV files are written")
    data, problems = read_data_set(data_dir, lined=True)
    if data is None:
        raise DataError(problems)
    written = write_sheets(data.map, data.counters, csv_dir)
    return written + _copy_charts(data_dir, csv_dir)


def _copy_charts(source: Path, target: Path) -> list[Path]:
    own = source / CHARTS_FILE
    if not own.is_file() or own.resolve() == (target / CHARTS_FILE).resolve():
        return []
    shutil.copyfile(own, target / CHARTS_FILE)
    return [target / CHARTS_FILE]
