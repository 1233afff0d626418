"""`gm publish`: the campaign as a static site people can browse (issue 15): an index, every
adjudicated phase's GM report with its map and links between phases, the final ranking. No
script, nothing fetched from elsewhere. While the game is played, campaign.toml
[publish] during_play says how much is shown (the GM report tells everyone's orders): "none"
(the index alone), "maps" (each phase's map) or "reports"; once the game is over, all of it.

A site is public to read and no one else's to write, whatever the umask: each folder made for it
(OUT and any missing on the way) 0755, each page 0644, written whole beside its place and moved
there. A folder already there is left as it is."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from gm.app.campaign import Campaign
from gm.app.history import phases_of
from gm.app.lineage import in_force
from gm.app.reports import phase_report
from gm.app.settings import PUBLICITY, PublishConfig
from gm.app.status import deadline_of
from gm.core.errors import GameError
from gm.core.private import make_folders, write_whole
from gm.core.state import ENDED, PLAY
from gm.reporting.render import render, render_map, render_report


@dataclass
class Published:
    pages: list[Path] = field(default_factory=list)
    level: str = "none"  # what was shown: none, maps, reports
    period: str = "phase"  # what one adjudication is called (a Player-Turn in the standard game)

    @property
    def withheld(self) -> str | None:
        """What the site leaves out while the game goes on, and why; None: nothing."""
        if self.level == "reports":
            return None
        what = f"Each {self.period}'s report and map are" if self.level == "none" else \
            f"Each {self.period}'s report is"
        return (f"{what} withheld until the game is over, as campaign.toml [publish] "
                f'during_play = "{self.level}" says (a GM report tells everyone\'s orders).')

    def summary(self) -> str:
        """What was written, in a line."""
        shown = {"none": "the index alone", "maps": f"the index and each {self.period}'s map",
                 "reports": f"the index and each {self.period}'s report and map"}[self.level]
        return f"{len(self.pages)} file(s) written, {shown}." + (
            f" {self.withheld}" if self.withheld else "")


@dataclass(frozen=True)
class PhaseLink:
    label: str
    slug: str  # t3p1
    report: bool  # its GM report page is published
    map: bool  # its map is published


def publicity(folder: Path) -> str:
    try:
        table = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise GameError(f"{folder}/campaign.toml: {exc}") from None
    publish = table.get("publish", {})
    level = publish.get("during_play", PublishConfig.during_play) \
        if isinstance(publish, dict) else None
    if level not in PUBLICITY:
        raise GameError(f"{folder}/campaign.toml [publish]: during_play is "
                        f"{', '.join(PUBLICITY)}")
    return str(level)


def adjudicated_phases(campaign: Campaign) -> list[tuple[int, int]]:
    """Every phase adjudicated that a rollback has not undone, in the order of play."""
    found = {tuple(int(n) for n in row.action.removeprefix("adjudicate ").split("."))
             for row in in_force(campaign.store.entries(campaign.row))
             if row.action.startswith("adjudicate ")}
    return sorted((turn, phase) for turn, phase in found)


def phase_titles(campaign: Campaign) -> dict[tuple[int, int], str]:
    """Each adjudicated phase in words (`Game-Turn 2, Player-Turn 3 (player B)`)."""
    where = phases_of(campaign)
    return {(int(turn), int(phase)): where[row.seq].title
            for row in campaign.store.entries(campaign.row)
            if row.action.startswith("adjudicate ") and row.seq in where
            for turn, phase in [row.action.removeprefix("adjudicate ").split(".")]}


SITE_FOLDER = 0o755
SITE_FILE = 0o644


def _write(path: Path, text: str, published: Published) -> None:
    write_whole(path, text.encode("utf-8"), SITE_FILE)
    published.pages.append(path)


def publish(campaign: Campaign, out: Path) -> Published:
    state = campaign.latest().state
    ended = state.stage == ENDED
    published = Published(level="reports" if ended else publicity(campaign.folder),
                          period=campaign.system.period(state))
    make_folders(out, SITE_FOLDER)
    phases = adjudicated_phases(campaign)
    titles = phase_titles(campaign) if published.level == "none" else {}
    links: list[PhaseLink] = []
    for index, (turn, phase) in enumerate(phases):
        slug = f"t{turn}p{phase}"
        if published.level == "none":
            links.append(PhaseLink(titles.get((turn, phase), f"Game-Turn {turn}, phase {phase}"),
                                   slug, False, False))
            continue
        model = phase_report(campaign, turn, phase, None, drawn=True)
        svg = render_map(model)
        if svg is not None:
            _write(out / f"{slug}.svg", svg, published)
        if published.level == "reports":
            nav = [("All phases", "index.html")]
            if index > 0:
                nav.append(("Previous", "t{}p{}.html".format(*phases[index - 1])))
            if index + 1 < len(phases):
                nav.append(("Next", "t{}p{}.html".format(*phases[index + 1])))
            _write(out / f"{slug}.html", render_report(model, "html", nav=nav), published)
        links.append(PhaseLink(model.title, slug, published.level == "reports",
                               svg is not None))
    names = campaign.player_names()
    ranking = [(f"{p.player} ({names.get(p.player, p.player)})", p)
               for p in campaign.system.final_ranking(state, campaign.data)] if ended else []
    standings = {way: [(f"{p.player} ({names.get(p.player, p.player)})", p) for p in places]
                 for way, places in campaign.system.standings(state, campaign.data).items()
                 } if state.stage == PLAY else {}
    deadline = deadline_of(campaign)
    _write(out / "index.html", render(
        "publish_index.html.j2", campaign=campaign.name, title=campaign.system.title,
        now=campaign.system.phase_title(state), ended=ended,
        victory=campaign.system.victory_title(state) if ended else None,
        players=[f"{p} ({n})" for p, n in sorted(names.items())], phases=links,
        ranking=ranking, level=published.level, withheld=published.withheld,
        standings=standings, playing=state.stage == PLAY,
        deadline=f"{deadline:%Y-%m-%d %H:%M %Z}" if deadline else None), published)
    return published
