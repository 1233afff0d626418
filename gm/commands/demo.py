"""`gm demo`: a whole set-up on embedded defaults, from the script in fixtures/demo/, kept in a
folder (./gm-demo; ./gm-demo-gwe for Great War in the East's) so that a new GM can go on with
it: report, publish, show, history."""

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
GWE_SCRIPTS = {"decision-in-galicia": GWE_SCRIPT,  # each scenario's demo, with --scenario
               "historical-campaign": FIXTURES / "demo-gwe-campaign" / "setup.gm"}  # 26.1
DEMO_FOLDER = Path("gm-demo")
GWE_DEMO_FOLDER = Path("gm-demo-gwe")  # its own: made after the first, it leaves that one be
CAMPAIGN_NAME = "demo"  # the campaign's folder in DIR: its name, as fixtures/demo's orders say
REPORTS_NAME = "reports"  # the reports' folder in DIR
READERS = ("GM", "A", "B", "C", "D", "E", "F")
GWE_READERS = ("GM", "C", "E")  # the Austro-Hungarian and the Russian


@click.command()
@click.argument("folder", metavar="[DIR]", required=False, default=None,
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
@click.option("--scenario", type=click.Choice(sorted(GWE_SCRIPTS)), default=None,
              help="With --game gwe, the scenario: decision-in-galicia (the default), or "
              "historical-campaign (Serbia/Galicia 26.1, both maps: Game-Turn 1 and the Allied "
              "Movement Phase of Game-Turn 2).")
def demo(folder: Path | None, force: bool, script: Path | None, game: str,
         scenario: str | None) -> None:
    """Create a demo campaign in DIR (default ./gm-demo): deal, trade, deploy, adjudicate the
    first phase, print the position and write the reports (text, HTML with a map, JSON) of
    the GM and of each player. No mail server. DIR keeps the campaign (DIR/demo) and the
    reports (DIR/reports), to go on with: gm report, gm publish, gm show, gm history. With
    --game gwe: Great War in the East's Decision in Galicia in ./gm-demo-gwe, both
    deployments and Game-Turn 7's six Phases."""
    gwe = game == "gwe"
    if scenario is not None and not gwe:
        raise click.UsageError("--scenario is Great War in the East's: add --game gwe")
    folder = folder or (GWE_DEMO_FOLDER if gwe else DEMO_FOLDER)
    script = script or (GWE_SCRIPTS[scenario or "decision-in-galicia"] if gwe else DEMO_SCRIPT)
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
    shown = "gwe-campaign" if scenario == "historical-campaign" else game
    click.secho(next_steps(campaign, reports, invoked_as(), shown), bold=True)


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


# What a new GM may try on the demo next: a gm command (its campaign {c} and site {site}
# filled in), then what it shows in each game ("": said without a comment); a game a row
# does not name is not offered it.
TRY_NEXT: tuple[tuple[str, dict[str, str]], ...] = (
    ("show {c}                     ", {"rcw": "the position now",
                                       "gwe": "the position now, hex by hex"}),
    ("show {c} g0612               ", {"gwe": "one hex: the Russian V Corps, thrown back"}),
    ("show {c} s0307               ", {"gwe-campaign": "one hex: Belgrade, bombarded by the "
                                       "Monitor Flotilla (21.0)"}),
    ("history {c}                  ", {"rcw": "every entry, with its dice",
                                       "gwe": "every entry, with its dice"}),
    ("status {c}                   ", {"rcw": "the phase, who has sent orders",
                                       "gwe": "the Phase open, whose orders it waits for"}),
    ("report {c} --player B        ", {"rcw": "player B's report, with his orders template"}),
    ("report {c} --player E        ", {"gwe": "the Russian's report: his forces, his attacks",
                                       "gwe-campaign": "the Allied report: Russians and "
                                       "Serbians, the Serbian Supply Track"}),
    ("report {c} --turn 1 --phase 6 ", {"gwe-campaign": "Game-Turn 1's Combat Phase: the "
                                       "Monitor Flotilla's attack"}),
    ("report {c} --format html --out gm.html", {"rcw": "", "gwe": ""}),
    ("publish {c} {site}    ", {"rcw": "a static site of every phase",
                                "gwe": "a static site of every Phase"}),
    ("adjudicate {c}               ", {
        "rcw": "the Second Phase (no orders: nobody moves)",
        "gwe": "Game-Turn 8's Russian Movement Phase (no orders: nobody moves)",
        "gwe-campaign": "Game-Turn 2's Allied Cavalry Withdrawal Phase (no orders)"}),
)


TITLES = {"gwe": " (Decision in Galicia)", "gwe-campaign": " (the Historical Campaign)"}


def next_steps(campaign: Path, reports: Path, gm: str = "gm", game: str = "rcw") -> str:
    """What the demo leaves, and what a new GM may try on it next, typed as he typed gm."""
    c = shlex.quote(str(campaign))
    site = shlex.quote(str(campaign.parent / "site"))
    gwe = game.startswith("gwe")
    # the campaign's (26.1) words where it has its own, else Decision in Galicia's
    keys = ("gwe-campaign", "gwe") if game == "gwe-campaign" else (game,)
    tried = [f"  {gm} {command.format(c=c, site=site)}{f'# {said}' if said else ''}"
             for command, says in TRY_NEXT
             if (said := next((says[k] for k in keys if k in says), None)) is not None
             and not (game == "gwe-campaign" and "g0612" in command)]
    activate = "" if gm == "gm" else f"; `. {Path(gm).parent}/activate` lets you type gm alone"
    if gwe:
        orders = GWE_SCRIPTS["historical-campaign" if game == "gwe-campaign" else
                             "decision-in-galicia"].parent
        more = [f"(the players' order messages are in {orders}; docs/orders-gwe.md "
                "tells their language; docs/gm-guide.md walks through a campaign"
                f"{activate})"]
    else:
        alone = shlex.quote(str(campaign.parent / "alone"))
        more = ["and the game at one terminal (solitaire, 18.0):",
                f"  {gm} new {alone} --mode solitaire -p R:Ivan:ivan@example.org && "
                f"{gm} start {alone} && {gm} play {alone}",
                f"(docs/gm-guide.md walks through a campaign from its first command"
                f"{activate})"]
    return "\n".join([
        "", f"The demo campaign{TITLES.get(game, '')} is kept in {campaign}, "
        f"its reports in {reports} (open {reports / 'report-GM.html'} in a browser"
        f"{': the hex map' if gwe else ''}). Try next:", *tried, *more])


def _run(cli: click.Group, args: list[str]) -> None:
    try:
        cli.main(args=args, prog_name="gm", standalone_mode=False)
    except SystemExit as exc:  # a command that ends with its exit code
        if exc.code:
            raise
