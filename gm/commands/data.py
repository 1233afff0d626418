"""`gm data`: check a data set and print the map and counters as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

DATA_OPTION = click.option("--data", "data_dir", type=click.Path(file_okay=False, path_type=Path),
                           default=None, help="A data set folder (default: the embedded one).")


@click.group()
def data() -> None:
    """Check and print the map and counter data (map.yaml, counters.yaml)."""


@data.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
def check(directory: Path | None) -> None:
    """Validate a data set folder (default: the embedded one); exit 1 on any problem.

    Checks the schema, symmetric adjacency, rail only between neighbours, unique ids and codes,
    home provinces, the counts of the counter mix and every fact the rulebook states.
    """
    from gm.games.rcw.data.checks import check_directory
    from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR

    folder = directory or DEFAULT_DATA_DIR
    if not folder.is_dir():
        click.echo(f"gm: {folder}: not a folder", err=True)
        sys.exit(1)
    problems = check_directory(folder)
    for problem in problems:
        click.echo(str(problem))
    if problems:
        click.echo(f"{len(problems)} problem(s) in {folder}", err=True)
        sys.exit(1)
    click.echo(f"{folder}: data set OK")


def _load(data_dir: Path | None) -> Any:
    from gm.games.rcw.data.dataset import DataError, load_game_data

    try:
        return load_game_data(data_dir)
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
def map_(as_json: bool, data_dir: Path | None) -> None:
    """Print the provinces, their neighbours, rail links and ports, and the special crossings;
    without --json, a summary: regions, ports, rail, and the provinces off the rail net (5.5,
    21.21)."""
    game = _load(data_dir)
    provinces = [
        {"code": p.code, "name": p.name, "region": game.map.regions[p.region],
         "adjacent": list(p.adjacent), "rail": list(p.rail), "port": p.port,
         "lat": p.lat, "lon": p.lon, "source": p.source}
        for p in game.map.provinces
    ]
    off_rail = [p.code for p in game.map.provinces if not p.rail]
    if not as_json:
        links = sum(len(p.rail) for p in game.map.provinces) // 2
        click.echo(f"{len(provinces)} provinces in {len(game.map.regions)} regions; "
                   f"{links} rail links")
        for letter, region in game.map.regions.items():
            codes = [p.code for p in game.map.provinces if p.region == letter]
            click.echo(f"  {region}: {' '.join(codes)}")
        click.echo(f"ports (13.32): {' '.join(p.code for p in game.map.provinces if p.port)}")
        click.echo(f"off the rail net (5.5, 21.21): {' '.join(off_rail) or 'none'}")
        return
    special = [s.model_dump(mode="json") for s in game.map.special]
    _print({"provinces": provinces, "special": special, "off_rail": off_rail}, as_json)


@data.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the only format).")
@DATA_OPTION
def counters(as_json: bool, data_dir: Path | None) -> None:
    """Print every unit (combat, leader, Imperial) and the markers."""
    from gm.games.rcw.data.models import Leader

    game = _load(data_dir)
    units: list[dict[str, Any]] = []
    for unit in game.counters.units:
        nationality = game.counters.nationalities[unit.nationality]
        entry: dict[str, Any] = {"id": unit.id, "kind": unit.kind, "color": nationality.color,
                                 "nationality": unit.nationality}
        if isinstance(unit, Leader):
            entry |= {"value": unit.value, "name": unit.name, "home": unit.home,
                      "asterisk": unit.asterisk, "solitaire_setup": unit.solitaire_setup,
                      "spellings": list(unit.spellings)}
        else:
            entry |= {"strength": unit.strength, "name": f"{unit.nationality} {unit.id}",
                      "home": unit.home, "asterisk": False}
        units.append(entry | {"source": unit.source})
    for imperial in game.counters.imperial:
        units.append({"id": imperial.id, "kind": "imperial", "color": None,
                      "nationality": None, "name": imperial.name, "home": imperial.setup,
                      "asterisk": False, "source": f"rulebook {imperial.rule}"})
    markers = game.counters.markers.model_dump(mode="json")
    markers["randomizers"] = game.counters.randomizers.model_dump(mode="json")
    _print({"units": units, "markers": markers}, as_json)
