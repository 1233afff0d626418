"""`gm demo`: a whole set-up on embedded defaults, from the script in fixtures/demo/."""

from __future__ import annotations

import shlex
import tempfile
from pathlib import Path

import click

from gm.core.private import private_folder

DEMO_SCRIPT = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "setup.gm"


@click.command()
@click.option("--keep", type=click.Path(file_okay=False, path_type=Path),
              help="Make the campaign in this folder and keep it (default: a temporary one).")
@click.option("--script", type=click.Path(dir_okay=False, path_type=Path), default=DEMO_SCRIPT,
              show_default=True, help="The gm commands to run, one a line; CAMPAIGN stands "
              "for the folder.")
@click.option("--reports", "reports_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Where to write the reports (default: a new temporary folder).")
def demo(keep: Path | None, script: Path, reports_dir: Path | None) -> None:
    """Create a demo campaign, deal, trade, deploy, adjudicate the first phase, print the
    position and write the reports (text, HTML with a map, JSON). No mail server."""
    cli = click.get_current_context().find_root().command  # the `gm` group
    if not isinstance(cli, click.Group):
        raise click.ClickException("gm demo runs as a subcommand of gm")
    if not script.is_file():
        raise click.ClickException(f"demo script {script} not found")
    lines = [line.strip() for line in script.read_text(encoding="utf-8").splitlines()]
    with tempfile.TemporaryDirectory(prefix="gm-demo-") as tmp:
        folder = keep or Path(tmp) / "demo"
        for line in lines:
            if not line or line.startswith("#"):
                continue
            args = [str(folder) if a == "CAMPAIGN" else a.replace("ORDERS", str(script.parent))
                    for a in shlex.split(line)]
            click.secho(f"$ gm {' '.join(shlex.quote(a) for a in args)}", bold=True)
            _run(cli, args)
        out = reports_dir or Path(tempfile.mkdtemp(prefix="gm-demo-reports-"))  # 0700
        if not out.exists():  # every player's report: private (a folder named is left as is)
            private_folder(out)
        for who in ("GM", "A", "B", "C", "D", "E", "F"):
            for fmt, suffix in (("text", "txt"), ("html", "html"), ("json", "json")):
                player = [] if who == "GM" else ["--player", who]
                _run(cli, ["report", str(folder), "--format", fmt, *player,
                           "--out", str(out / f"report-{who}.{suffix}")])
        click.secho(f"the demo's reports are in {out} (open report-GM.html in a browser)",
                    bold=True)


def _run(cli: click.Group, args: list[str]) -> None:
    try:
        cli.main(args=args, prog_name="gm", standalone_mode=False)
    except SystemExit as exc:  # a command that ends with its exit code
        if exc.code:
            raise
