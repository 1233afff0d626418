"""`gm data`: check a data set and print the map and counters as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
def check(directory: Path | None, game: str | None) -> None:
    """Validate a data set folder (default: the embedded one); exit 1 on any problem.

    Checks the schema, symmetric adjacency, rail only between neighbours, unique ids and codes,
    home provinces, the counts of the counter mix and every fact the rulebook states.
    """
    system = game_system(game)
    folder = directory or system.default_data_dir()
    if not folder.is_dir():
        click.echo(f"gm: {folder}: not a folder", err=True)
        sys.exit(1)
    problems = system.check_data(folder)
    for problem in problems:
        click.echo(str(problem))
    for warning in system.data_warnings(folder):
        click.echo(f"warning: {warning}")
    if problems:
        click.echo(f"{len(problems)} problem(s) in {folder}", err=True)
        sys.exit(1)
    click.echo(f"{folder}: data set OK")


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
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        click.echo("gm: the map must pass `gm data check` first", err=True)
        sys.exit(1)


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
@click.option("--json", "as_json", is_flag=True, help="Print every province as JSON.")
@DATA_OPTION
@GAME_OPTION
def map_(as_json: bool, data_dir: Path | None, game: str | None) -> None:
    """Print the provinces, their neighbours, rail links and ports, and the special crossings;
    without --json, a summary: regions, ports, rail, and the provinces off the rail net (5.5,
    21.21)."""
    system, loaded = _load(data_dir, game)
    if not as_json:
        click.echo(system.map_summary(loaded), nl=False)
        return
    _print(system.map_document(loaded), as_json)


@data.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the only format).")
@DATA_OPTION
@GAME_OPTION
def counters(as_json: bool, data_dir: Path | None, game: str | None) -> None:
    """Print every unit (of each kind the game has) and the markers."""
    system, loaded = _load(data_dir, game)
    _print(system.counters_document(loaded), as_json)
