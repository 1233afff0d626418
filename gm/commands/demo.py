"""`gm demo`: a whole set-up on embedded defaults, from the script in fixtures/demo/, kept in a
folder (./gm-demo) so that a new GM can go on with it: report, publish, show, history."""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

import click

from gm.core.private import private_folder

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
DEMO_SCRIPT = FIXTURES / "demo" / "setup.gm"
GWE_SCRIPT = FIXTURES / "demo-gwe" / "setup.gm"  # Decision in Galicia (Serbia/Galicia 26.3)
DEMO_FOLDER = Path("gm-demo")
CAMPAIGN_NAME = "demo"  # the campaign's folder in DIR: its name, as fixtures/demo's orders say
REPORTS_NAME = "reports"  # the reports' folder in DIR
READERS = ("GM", "A", "B", "C", "D", "E", "F")
GWE_READERS = ("GM", "C", "E")  # the Austro-Hungarian and the Russian


@click.command()
@click.argument("folder", metavar="[DIR]", required=False, default=DEMO_FOLDER,
                type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True,
              help="Make the demo again in a DIR that holds one: its campaign and reports "
              "folders are replaced (nothing else in DIR is touched).")
@click.option("--script", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The gm commands to run, one a line; CAMPAIGN stands for the campaign's "
              f"folder. [default: {DEMO_SCRIPT}, or {GWE_SCRIPT} with --game gwe]")
@click.option("--game", type=click.Choice(["rcw", "gwe"]), default="rcw", show_default=True,
              help="gwe: Great War in the East's Decision in Galicia, set up by DEPLOY and "
              "played for a Game-Turn.")
def demo(folder: Path, force: bool, script: Path | None, game: str) -> None:
    """Create a demo campaign in DIR (default ./gm-demo): deal, trade, deploy, adjudicate the
    first phase, print the position and write the reports (text, HTML with a map, JSON) of
    the GM and of each player. No mail server. DIR keeps the campaign (DIR/demo) and the
    reports (DIR/reports), to go on with: gm report, gm publish, gm show, gm history. With
    --game gwe: Decision in Galicia, both deployments and Game-Turn 7's six Phases."""
    gwe = game == "gwe"
    script = script or (GWE_SCRIPT if gwe else DEMO_SCRIPT)
    cli = click.get_current_context().find_root().command  # the `gm` group
    if not isinstance(cli, click.Group):
        raise click.ClickException("gm demo runs as a subcommand of gm")
    if not script.is_file():
        raise click.ClickException(f"demo script {script} not found")
    campaign, reports = folder / CAMPAIGN_NAME, folder / REPORTS_NAME
    _make_room(folder, campaign, reports, force)
    private_folder(folder)  # 0700: every player's report and the campaign's mail are inside
    lines = [line.strip() for line in script.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        if not line or line.startswith("#"):
            continue
        args = [str(campaign) if a == "CAMPAIGN" else a.replace("ORDERS", str(script.parent))
                for a in shlex.split(line)]
        click.secho(f"$ gm {' '.join(shlex.quote(a) for a in args)}", bold=True)
        _run(cli, args)
    private_folder(reports)
    for who in GWE_READERS if gwe else READERS:
        for fmt, suffix in (("text", "txt"), ("html", "html"), ("json", "json")):
            player = [] if who == "GM" else ["--player", who]
            _run(cli, ["report", str(campaign), "--format", fmt, *player,
                       "--out", str(reports / f"report-{who}.{suffix}")])
    steps = gwe_next_steps if gwe else next_steps
    click.secho(steps(campaign, reports, invoked_as()), bold=True)


def _make_room(folder: Path, campaign: Path, reports: Path, force: bool) -> None:
    """DIR must be new or empty; with --force, a demo made there before gives way (only its
    own two folders: DIR may hold what is not the demo's)."""
    if folder.exists() and not folder.is_dir():
        raise click.ClickException(f"{folder} is a file, not a folder")
    if not folder.exists() or not any(folder.iterdir()):
        return
    if not force:
        raise click.ClickException(
            f"{folder} exists and is not empty (a demo made before?): give another folder "
            f"(gm demo DIR), or add --force to make the demo again there, replacing "
            f"{campaign} and {reports}")
    for made in (campaign, reports):
        if made.is_symlink() or made.is_file():
            made.unlink()
        elif made.exists():
            shutil.rmtree(made)


def invoked_as() -> str:
    """How the GM can type this gm again: `gm` where his PATH finds this one, else the path
    he ran it by (README's first command runs .venv/bin/gm, the venv not activated)."""
    ran = Path(sys.argv[0])
    found = shutil.which("gm")
    if ran.name != "gm" or not ran.is_file() or (found and Path(found).resolve() == ran.resolve()):
        return "gm"
    return shlex.quote(str(ran))


def next_steps(campaign: Path, reports: Path, gm: str = "gm") -> str:
    """What the demo leaves, and what a new GM may try on it next, typed as he typed gm."""
    c = shlex.quote(str(campaign))
    site = shlex.quote(str(campaign.parent / "site"))
    alone = shlex.quote(str(campaign.parent / "alone"))
    return "\n".join([
        "", f"The demo campaign is kept in {campaign}, its reports in {reports} (open "
        f"{reports / 'report-GM.html'} in a browser). Try next:",
        f"  {gm} show {c}                     # the position now",
        f"  {gm} history {c}                  # every entry, with its dice",
        f"  {gm} status {c}                   # the phase, who has sent orders",
        f"  {gm} report {c} --player B        # player B's report, with his orders template",
        f"  {gm} report {c} --format html --out gm.html",
        f"  {gm} publish {c} {site}    # a static site of every phase",
        f"  {gm} adjudicate {c}               # the Second Phase (no orders: nobody moves)",
        "and the game at one terminal (solitaire, 18.0):",
        f"  {gm} new {alone} --mode solitaire -p R:Ivan:ivan@example.org && {gm} start {alone} "
        f"&& {gm} play {alone}",
        "(README.md, What it does, walks through a campaign from its first command"
        + ("" if gm == "gm" else f"; `. {Path(gm).parent}/activate` lets you type gm alone")
        + ")"])


def gwe_next_steps(campaign: Path, reports: Path, gm: str = "gm") -> str:
    """What the Decision in Galicia demo leaves, and what to try on it next."""
    c = shlex.quote(str(campaign))
    site = shlex.quote(str(campaign.parent / "site"))
    return "\n".join([
        "", f"The demo campaign (Decision in Galicia) is kept in {campaign}, its reports in "
        f"{reports} (open {reports / 'report-GM.html'} in a browser: the hex map). Try next:",
        f"  {gm} show {c}                     # the position now, hex by hex",
        f"  {gm} show {c} g0612               # one hex: the Russian V Corps, thrown back",
        f"  {gm} history {c}                  # every entry, with its dice",
        f"  {gm} status {c}                   # the Phase open, whose orders it waits for",
        f"  {gm} report {c} --player E        # the Russian's report: his forces, his attacks",
        f"  {gm} report {c} --format html --out gm.html",
        f"  {gm} publish {c} {site}    # a static site of every Phase",
        f"  {gm} adjudicate {c}               # Game-Turn 8's Russian Movement Phase (no "
        "orders: nobody moves)",
        f"(the players' order messages are in {GWE_SCRIPT.parent}; docs/orders-gwe.md tells "
        "their language; README.md, What it does, walks through "
        "a campaign" + ("" if gm == "gm" else f"; `. {Path(gm).parent}/activate` lets you "
                        "type gm alone") + ")"])


def _run(cli: click.Group, args: list[str]) -> None:
    try:
        cli.main(args=args, prog_name="gm", standalone_mode=False)
    except SystemExit as exc:  # a command that ends with its exit code
        if exc.code:
            raise
