"""`gm case`: run adjudication cases and check them against what they expect."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

FILE_TYPE = click.Path(exists=True, dir_okay=False, path_type=Path)


@click.group()
def case() -> None:
    """Adjudication cases (shared/spec/cases.md)."""


@case.command()
@click.argument("file", type=FILE_TYPE)
@click.option("--json", "as_json", is_flag=True, help="Print the outcome as one JSON object.")
def run(file: Path, as_json: bool) -> None:
    """Adjudicate the phase of a case file and print the outcome."""
    from gm.cases.load import CaseError
    from gm.cases.run import CaseFailed, run_case

    try:
        outcome = run_case(file)
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
def check(files: tuple[Path, ...]) -> None:
    """Run cases and compare them with their `expect:`; exit 1 if any fails, 2 if a file is
    malformed."""
    from gm.cases.load import CaseError, load_case
    from gm.cases.run import CaseFailed, compare, run_case

    failed = malformed = 0
    for file in files:
        try:
            case_file = load_case(file)[0]
            outcome = run_case(file)
        except CaseError as exc:
            click.echo(f"MALFORMED {file}: {exc}")
            malformed += 1
            continue
        except CaseFailed as exc:
            click.echo(f"FAIL {file}: {exc}")
            failed += 1
            continue
        diffs = compare(case_file.expect, outcome)
        if diffs:
            failed += 1
            click.echo(f"FAIL {file}: {case_file.case}")
            for diff in diffs:
                click.echo(f"  {diff}")
        else:
            click.echo(f"ok   {file}")
    click.echo(f"{len(files) - failed - malformed} passed, {failed} failed"
               f"{f', {malformed} malformed' if malformed else ''}")
    sys.exit(2 if malformed else 1 if failed else 0)
