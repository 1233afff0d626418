"""The text report's 72 columns (issue 25, second review: YOUR FORCES' routes reached 74, a
destination's number stood alone on a line): every line of every player's text report, over
random campaigns in the postal and standard modes (their set-up's DEPLOY reports too) and
solitaire games, with a long campaign name."""

from __future__ import annotations

import itertools
import re

import pytest

from gm.core.dice import SeededDice
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.reports.build import build_report
from gm.games.rcw.setup.deal import new_game
from gm.games.rcw.setup.trading import end_trading
from gm.games.rcw.simulation import solitaire
from gm.games.rcw.simulation.competent import competent_red
from gm.games.rcw.simulation.simulate import play, start
from gm.games.rcw.state import Mode
from gm.reporting.events import events_of
from gm.reporting.render import render_report, wrap

DATA = load_game_data()
ALONE = re.compile(r"^ *\d+:$")  # a destination's number, its paths on the next line


def _check(text: str, where: str) -> int:
    lines = text.splitlines()
    wide = [line for line in lines if len(line) > 72]
    assert wide == [], (where, wide)
    assert [line for line in lines if ALONE.match(line)] == [], where
    return sum(line.startswith("          ") and "-" in line for line in lines)


@pytest.mark.parametrize("mode", ["postal", "standard"])
def test_every_line_of_random_campaigns_fits_72_columns(mode: Mode) -> None:
    routes = 0
    for seed in range(6):
        players = "ABCDEF"[: 3 + seed % 4]
        name = f"campaign-with-a-long-name-{seed}"
        if mode == "postal":
            dealt = end_trading(new_game(DATA, list(players), SeededDice(str(seed), "deal")),
                                DATA)
            for player in dealt.players:
                _check(render_report(build_report(name, None, dealt, DATA, [], player=player,
                                                  drawn=False), "text"), f"deploy {seed}")
        state = start(DATA, players, seed, mode)
        for phase in itertools.islice(play(DATA, state, seed, 6), 12):
            events = events_of(phase.result.timeline)
            for player in phase.after.players_in_game():
                model = build_report(name, phase.before, phase.after, DATA, events,
                                     player=player, drawn=False)
                routes += _check(render_report(model, "text"), f"{mode} {seed} {player}")
    assert routes > 100  # paths long enough to go on on a second line were written


def test_every_line_of_solitaire_games_fits_72_columns() -> None:
    for seed in range(1, 9):
        red = competent_red if seed % 2 else solitaire.simple_red
        for phase in solitaire.play(DATA, solitaire.start(DATA, seed), seed, red):
            model = build_report(f"solitaire-with-a-long-name-{seed}", phase.before, phase.after,
                                 DATA, events_of(phase.result.timeline), player="R",
                                 drawn=False)
            _check(render_report(model, "text"), f"solitaire {seed}")


def test_a_path_longer_than_a_line_is_broken_after_a_hyphen_on_the_line_it_starts() -> None:
    path = "YEKA-KHAR-VORO-RYAZ-TVER-NOVG-VOLO-VYAT-PERM-EKAT-URAL-OMSK-NOVO"
    assert wrap(f"13: {path}", 64, 6, 10).splitlines() == [
        "      13: YEKA-KHAR-VORO-RYAZ-TVER-NOVG-VOLO-VYAT-PERM-EKAT-URAL-OMSK-",
        "          NOVO"]
    shorter = path[:54]  # a path that fits a line goes to the next whole
    assert wrap(f"9: {shorter} {shorter}", 64, 6, 10).splitlines() == [
        f"      9: {shorter}", f"          {shorter}"]
    assert all(len(line) <= 72 for line in wrap("x " * 40 + path * 2, 70, 0, 12).splitlines())


def test_the_pictures_legend_is_wrapped_to_its_columns() -> None:
    """Issue 25, second review: the legend under the map in its picture (PNG, published SVG)
    overprinted the next column with a long name; each entry's words are wrapped to the width
    of its column as drawn, and the entries of a column follow one another."""
    from gm.games.rcw.reports.mapview import _legend
    from gm.reporting.model import LEGEND_TEXT, LEGEND_WIDTH, footer_of
    from gm.reporting.palette import player_colours
    from gm.reporting.textwidth import text_width

    names = {"N": "the non-Red Player, played by the program (18.0)",
             "A": "Konstantin Rokossovsky", "B": "Ж" * 40}
    legend = _legend(player_colours(["N", "A", "B"]), lambda p: f"player {p} ({names[p or '']})")
    under = footer_of(legend, [])
    assert len(under.legend) == len(legend)
    assert max(len(p.lines) for p in under.legend) >= 2  # the long ones wrapped
    for placed in under.legend:
        assert all(text_width(line, 11) <= LEGEND_WIDTH - LEGEND_TEXT - 10
                   for line in placed.lines), placed.lines
        assert " ".join(placed.lines).replace(" ", "") == placed.entry.text.replace(" ", "") \
            if placed.entry else False
    for column in {p.x for p in under.legend}:
        down = sorted((p for p in under.legend if p.x == column), key=lambda p: p.y)
        for one, after in itertools.pairwise(down):
            assert one.y + 19 + 13 * (len(one.lines) - 1) <= after.y
        assert down[-1].y + 19 + 13 * (len(down[-1].lines) - 1) <= under.key_top
    assert len({p.x for p in under.legend}) == 3
