"""`gm data`: check a data set, print the map and counters as JSON, draw a hex map,
and import or export a GM's own copy as CSV files."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from gm.commands.games import GAME_OPTION, game_system

if TYPE_CHECKING:
    from gm.core.data import DataSet
    from gm.games.system import GameSystem

DATA_OPTION = click.option("--data", "data_dir", type=click.Path(file_okay=False, path_type=Path),
                           default=None, help="A data set folder (default: the embedded one).")


@click.group()
def data() -> None:
    """Check and print the map and counter data (map.yaml, counters.yaml)."""


@data.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@GAME_OPTION
@click.option("--list-reconstructed", "list_sources", is_flag=True,
              help="Also list what is not the printed game (reconstructed, provisional, "
              "synthetic): counts by kind, each item with its note (gwe).")
def check(directory: Path | None, game: str | None, list_sources: bool) -> None:
    """Validate a data set folder (default: the embedded one); exit 1 on any problem.

    Checks the schema, symmetric adjacency, rail only between neighbours, unique ids and codes,
    home provinces, the counts of the counter mix and every fact the rulebook states.
    """
    system = game_system(game)
    folder = directory or system.default_data_dir()
    if not folder.is_dir():
        click.echo(f"gm: {folder}: not a folder", err=True)
        sys.exit(1)
    problems, warnings = system.checked_data(folder)
    for problem in problems:
        click.echo(str(problem))
    for warning in warnings:
        click.echo(f"warning: {warning}")
    if list_sources:
        _list_sources(system, folder)
    _verdict(problems, folder)


def _verdict(problems: Sequence[object], folder: Path, advice: str = "") -> None:
    """The data set OK, or how many problems it has (and what to do about them): exit 1."""
    if problems:
        click.echo(f"{len(problems)} problem(s) in {folder}{advice}", err=True)
        sys.exit(1)
    click.echo(f"{folder}: data set OK")


def _list_sources(system: GameSystem, folder: Path) -> None:
    from gm.core.data import DataError

    try:
        lines = system.data_sources(folder)
    except DataError:
        click.echo("gm: nothing listed until the files pass the schema", err=True)
        return
    for line in lines:
        click.echo(line)


def _refused(problems: Sequence[object], last: str) -> NoReturn:
    """Each problem at its file and line, then what it stopped; exit 1."""
    for problem in problems:
        click.echo(str(problem), err=True)
    click.echo(last, err=True)
    sys.exit(1)


def _written(paths: list[Path]) -> None:
    for path in paths:
        click.echo(f"wrote {path}")


@data.command("import")
@click.argument("sheets", type=click.Path(path_type=Path))
@click.argument("directory", type=click.Path(path_type=Path))
@GAME_OPTION
def import_(sheets: Path, directory: Path, game: str | None) -> None:
    """Write a data set (map.yaml, counters.yaml, and the charts.yaml and deployment.yaml
    beside the sheets) in DIRECTORY from the CSV files a GM typed in SHEETS
    (docs/data-gwe.md). It is checked as `gm data check` does before anything is written:
    every problem is said at its sheet, row and column, and then nothing is written."""
    from gm.core.data import DataError

    system = game_system(game)
    try:
        written = system.import_data(sheets, directory)
    except DataError as exc:
        _refused(exc.problems, f"gm: {len(exc.problems)} problem(s); nothing written")
    _written(written)
    problems = system.check_data(directory)
    for problem in problems:
        click.echo(str(problem))
    _verdict(problems, directory, ": correct the CSV files and import again")


@data.command("export")
@click.argument("directory", type=click.Path(path_type=Path))
@click.argument("sheets", type=click.Path(path_type=Path))
@GAME_OPTION
def export(directory: Path, sheets: Path, game: str | None) -> None:
    """Write a data set's map and counters as the CSV files `gm data import` reads, in SHEETS
    (docs/data-gwe.md): to correct it in a spreadsheet, or type a GM's own over it."""
    from gm.core.data import DataError

    system = game_system(game)
    try:
        written = system.export_data(directory, sheets)
    except DataError as exc:
        _refused(exc.problems, "gm: the data set must pass the schema first (gm data check)")
    _written(written)


@data.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@GAME_OPTION
def areas(directory: Path | None, game: str | None) -> None:
    """Derive the drawn map's province areas (areas.json) of a data set folder.

    Voronoi cells of the provinces' positions (map.yaml) cut to the land outline (land.json,
    Natural Earth; copied from the embedded data set when the folder has none), with the
    places of every label and stack marker. Run it after moving a province or changing its
    neighbours; `gm data check` says when it is due.
    """
    from gm.core.data import DataError

    system = game_system(game)
    folder = directory or system.default_data_dir()
    if not folder.is_dir():
        click.echo(f"gm: {folder}: not a folder", err=True)
        sys.exit(1)
    try:
        click.echo(system.derive_map_areas(folder))
    except DataError as exc:
        _refused(exc.problems, "gm: the map must pass `gm data check` first")


def _load(data_dir: Path | None, game: str | None) -> tuple[GameSystem, DataSet]:
    from gm.core.data import DataError

    system = game_system(game)
    try:
        return system, system.load_data(data_dir)
    except DataError as exc:
        click.echo(f"gm: the data set has {len(exc.problems)} problem(s); run `gm data check`",
                   err=True)
        sys.exit(1)


def _print(document: dict[str, Any], as_json: bool) -> None:
    if not as_json:
        click.echo("gm: only --json output is offered; add --json", err=True)
        sys.exit(2)
    click.echo(json.dumps(document, indent=2, ensure_ascii=False))


@data.command("map")
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print every province as JSON.")
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where a game that draws its map (gwe) writes the SVG (default: printed).")
@DATA_OPTION
@GAME_OPTION
def map_(directory: Path | None, as_json: bool, out: Path | None, data_dir: Path | None,
         game: str | None) -> None:
    """Print the provinces, their neighbours, rail links and ports, and the special crossings;
    without --json, a summary: regions, ports, rail, and the provinces off the rail net (5.5,
    21.21). Great War in the East: the hex map drawn as SVG (`gm data map --game gwe DIR`)."""
    if directory is not None and data_dir is not None and directory != data_dir:
        click.echo("gm: name the data set once: DIRECTORY or --data", err=True)
        sys.exit(2)
    folder = directory or data_dir
    if folder is not None and not folder.is_dir():
        click.echo(f"gm: {folder}: not a folder", err=True)
        sys.exit(1)
    system, loaded = _load(folder, game)
    drawing = None if as_json else system.map_drawing(loaded)
    if drawing is not None:
        _draw(drawing, out)
        return
    if out is not None:
        click.echo("gm: --out is for a game that draws its map (gwe)", err=True)
        sys.exit(2)
    if not as_json:
        click.echo(system.map_summary(loaded), nl=False)
        return
    _print(system.map_document(loaded), as_json)


def _draw(drawing: str, out: Path | None) -> None:
    if out is None:
        click.echo(drawing, nl=False)
        return
    try:
        out.write_text(drawing, encoding="utf-8")
    except OSError as exc:
        click.echo(f"gm: {out}: cannot write: {exc.strerror}", err=True)
        sys.exit(1)
    click.echo(f"wrote {out}")


@data.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the only format).")
@DATA_OPTION
@GAME_OPTION
def counters(as_json: bool, data_dir: Path | None, game: str | None) -> None:
    """Print every unit (of each kind the game has) and the markers, as JSON: give --json,
    the one format offered (for either game)."""
    system, loaded = _load(data_dir, game)
    _print(system.counters_document(loaded), as_json)
