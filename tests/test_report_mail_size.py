"""The mailed report's HTML part within what Gmail shows (issue 25, second review: it reached
108.7 kB once; Gmail clips past 102 kB, hiding the template of orders at its end): the largest
reports of random games, as composed for mail, quoted-printable as sent."""

from __future__ import annotations

import datetime as dt
import email
import itertools
from email.message import Message

from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.reports.build import build_report
from gm.games.rcw.reports.model import Report
from gm.games.rcw.simulation.simulate import Phase, play, start
from gm.games.rcw.state import Mode
from gm.messages.compose import Ids, MapPicture, report_mail
from gm.reporting.events import events_of
from gm.reporting.render import MAILED_HTML, Format, mailed_html, render_report

DATA = load_game_data()


def _html_part(report: Report) -> tuple[int, str]:
    """The HTML part of the report's mail: its size as sent, and its text."""
    mail = report_mail(Ids("camp", "0123456789abcdef"), "gm@example.org", "p@example.org", "1",
                       report.title,
                       render_report(report, "text"), mailed_html(report, "cid:map"),
                       dt.datetime(2026, 1, 1, tzinfo=dt.UTC), "report",
                       MapPicture(b"png", "map", render_report(report, "html")))
    message = email.message_from_string(mail.mime)
    part = next(p for p in message.walk() if p.get_content_type() == "text/html"
                and p.get_content_disposition() != "attachment")
    assert isinstance(part, Message)
    payload = part.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return len(str(part.get_payload())), payload.decode("utf-8")


def _phase(players: str, seed: int, mode: Mode, turn: int, phase: int) -> Phase:
    for found in itertools.islice(play(DATA, start(DATA, players, seed, mode), seed, turn), 20):
        if (found.before.turn, found.before.phase) == (turn, phase):
            return found
    raise AssertionError("no such phase")


def test_the_largest_report_is_mailed_without_its_paths() -> None:
    """The largest found (a 3-player standard game, player B's): whole it is past the limit;
    mailed, YOUR FORCES says where each stack can go without the paths, the template whole at
    its end, within the limit; the page attached has every path."""
    found = _phase("ABC", 4, "standard", 3, 3)
    model = build_report("camp", found.before, found.after, DATA,
                         events_of(found.result.timeline), player="B")
    whole = render_report(model, "html", map_image="cid:map")
    size, html = _html_part(model)
    assert len(whole.encode()) > MAILED_HTML and size <= MAILED_HTML
    assert "Your forces" in html and "can move to" in html and 'class="route"' not in html
    assert html.rstrip().endswith("</html>") and "Orders for the next phase" in html
    assert model.player is not None
    route = next(r for f in model.player.forces for r in f.routes if r.entered > 2)
    assert f">{route.way}</span>" in render_report(model, "html")


def test_every_players_mailed_report_of_random_six_player_games_fits() -> None:
    largest = 0
    games: tuple[tuple[int, Mode], ...] = ((41, "postal"), (72, "standard"))
    for seed, mode in games:
        state = start(DATA, "ABCDEF", seed, mode)
        for found in itertools.islice(play(DATA, state, seed, 3), 8):
            events = events_of(found.result.timeline)
            for player in found.after.players_in_game():
                model = build_report("camp", found.before, found.after, DATA, events,
                                     player=player)
                size, _ = _html_part(model)
                largest = max(largest, size)
    assert 20_000 < largest <= MAILED_HTML


def test_the_shared_part_rendered_once_is_each_phases_own() -> None:
    """The part of a report every reader's holds alike is rendered once a phase (bench
    figure); the reports of two phases, and of their readers, rendered in turn are each what
    it renders alone."""
    from gm.reporting import render

    found = list(itertools.islice(play(DATA, start(DATA, "ABC", 3), 3, 2), 3))
    models = [build_report("camp", p.before, p.after, DATA, events_of(p.result.timeline),
                           player=reader) for p in found for reader in (None, "A", "B")]
    formats: tuple[Format, ...] = ("text", "html")
    for fmt in formats:
        turns = [render_report(m, fmt) for m in models + models[::-1]]
        alone = []
        for model in models + models[::-1]:
            render._tails.clear()
            alone.append(render_report(model, fmt))
        assert turns == alone
        assert len(set(turns)) == len(models)
