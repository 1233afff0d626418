"""`gm case`: run adjudication cases and check them against what they expect."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from gm.commands.games import GAME_OPTION, game_system

if TYPE_CHECKING:
    from gm.games.system import Coverage

FILE_TYPE = click.Path(exists=True, dir_okay=False, path_type=Path)


@click.group()
def case() -> None:
    """Adjudication cases (docs/cases.md)."""


@case.command()
@click.argument("file", type=FILE_TYPE)
@click.option("--json", "as_json", is_flag=True, help="Print the outcome as one JSON object.")
@GAME_OPTION
def run(file: Path, as_json: bool, game: str | None) -> None:
    """Adjudicate the phase of a case file and print the outcome."""
    from gm.games.system import CaseError, CaseFailed

    system = game_system(game)
    try:
        outcome = system.run_case(file)
    except (CaseError, CaseFailed) as exc:
        click.echo(f"gm: {file}: {exc}", err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(outcome, ensure_ascii=False))
        return
    for entry in outcome["orders"]:
        click.echo(f"{entry['player']} line {entry['line']}: {entry['result']}"
                   f"{' (' + entry['rule'] + ')' if entry.get('rule') else ''}: {entry['text']}"
                   f" -- {entry['detail']}")
    for line in outcome["log"]:
        click.echo(f"log: {line}")


@case.command()
@click.argument("files", nargs=-1, required=True, type=FILE_TYPE)
@GAME_OPTION
def check(files: tuple[Path, ...], game: str | None) -> None:
    """Run cases and compare them with their `expect:`; exit 1 if any fails, 2 if a file is
    malformed."""
    from gm.games.system import CaseError, CaseFailed

    system = game_system(game)
    failed = malformed = 0
    for file in files:
        try:
            title, diffs = system.check_case(file)
        except CaseError as exc:
            click.echo(f"MALFORMED {file}: {exc}")
            malformed += 1
            continue
        except CaseFailed as exc:
            click.echo(f"FAIL {file}: {exc}")
            failed += 1
            continue
        if diffs:
            failed += 1
            click.echo(f"FAIL {file}: {title}")
            for diff in diffs:
                click.echo(f"  {diff}")
        else:
            click.echo(f"ok   {file}")
    click.echo(f"{len(files) - failed - malformed} passed, {failed} failed"
               f"{f', {malformed} malformed' if malformed else ''}")
    sys.exit(2 if malformed else 1 if failed else 0)


@case.command("list")
@click.option("--rule", help="Only the cases that name this rule case, e.g. 5.27.")
@click.option("--dir", "folder", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Where the cases are (default: the game's cases of this checkout).")
@GAME_OPTION
def list_(rule: str | None, folder: Path | None, game: str | None) -> None:
    """List the adjudication cases with the rule cases their `rules:` tag names."""
    from gm.games.citations import cited

    system = game_system(game)
    named = system.case_rules(folder or system.cases_folder())
    whose, case = cited(rule) if rule else (None, None)
    if whose is not None and whose.startswith(f"{system.name}-"):
        case = rule  # one of its games' Exclusive Rules, cited whole (`gwe-serbia-galicia:18.1`)
    elif whose not in (None, system.name):  # `gwe:8.4` names gwe's 8.4 alone
        raise click.UsageError(f"{rule} is a rule case of {whose}: add --game "
                               f"{str(whose).split('-')[0]}")
    shown = {name: rules for name, rules in named.items() if case is None or case in rules}
    for name, rules in shown.items():
        click.echo(f"{name}: {', '.join(rules) or '(no rules tag)'}")
    click.echo(f"{len(shown)} case(s)" + (f" naming {rule}" if rule else ""))


def _unnamed(rows: list[Coverage]) -> list[Coverage]:
    return [row for row in rows if not row.named and row.excluded is None]


def _summary(rows: list[Coverage], unused_as: str) -> str:
    return (f"{len(rows)} rule cases: {sum(row.named for row in rows)} named by a case or test, "
            f"{sum(1 for r in rows if r.excluded and not r.named)} {unused_as}, "
            f"{len(_unnamed(rows))} named by nothing")


@case.command()
@click.option("--missing", is_flag=True, help="Only the rule cases nothing names.")
@GAME_OPTION
def coverage(missing: bool, game: str | None) -> None:
    """Every rule case of the game in scope (rcw: sections 4-15 and 17) with the adjudication
    cases and the tests that name it (`gwe:8.4` for another game's: docs/rulings-gwe.md, G7);
    those its rulings leave unused (docs/rulings.md) with the reason; and those nothing names
    (exit 1 if there is any). A rulebook of parts (gwe: the Standard Rules, then each game's
    Exclusive Rules, `gwe-serbia-galicia:18.1`) is listed and counted part by part."""
    system = game_system(game)
    rows = system.rule_coverage()
    parts = list(dict.fromkeys(row.part for row in rows))
    for part in parts:
        own = [row for row in rows if row.part == part]
        if len(parts) > 1:
            click.echo(f"== {part}")
        for row in own if not missing else _unnamed(own):
            if row.excluded is not None and not row.named:
                status = f"{system.unused_as}: {row.excluded}"
            elif row.named:
                status = ", ".join([*row.cases, *(f"test {t}" for t in row.tests)])
            else:
                status = "NAMED BY NOTHING"
            click.echo(f"{row.rule.id:13s} {status}")
        if len(parts) > 1:
            click.echo(f"{part}: {_summary(own, system.unused_as)}")
    unnamed = _unnamed(rows)
    click.echo(_summary(rows, system.unused_as))
    sys.exit(1 if unnamed else 0)
