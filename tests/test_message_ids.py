"""No two campaigns' Message-IDs alike (issue 24): the outbox keeps one message of an id in the
whole database, so in a PostgreSQL database shared by a host's campaigns, "war game" and
"war-game" once made the same report ids, and the second campaign's reports were silently
never queued. A campaign whose name is only letters, digits, '_' and '-' keeps the ids older
versions gave it (its players' threads go on); and a message whose id is another campaign's is
refused, never dropped."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.core.errors import GameError
from gm.messages.compose import message_id, notice_mail
from gm.store import PlayerRow, Store
from gm.store.mail import Handling, NewMessage
from tests.conftest import gm
from tests.mailhelpers import PASSWORDS, PLAYERS
from tests.servers import fresh_database

NOW = dt.datetime(1918, 3, 3, tzinfo=dt.UTC)
NAMES = ["war game", "war-game", "war_game", "war.game", "war/game", "war  game", "wargame",
         "war-game+0", "rcw.1", "rcw-1", "rcw 1", "Война", "война", "war\u00a0game"]


def test_a_plain_name_keeps_its_ids_and_no_two_names_share_one() -> None:
    assert message_id("war-game", "report", "t1p1.A") == \
        "<gm.war-game.report.t1p1.A@gamesmaster.invalid>"  # as every older version made it
    assert message_id("bymail", "ack", "17") == "<gm.bymail.ack.17@gamesmaster.invalid>"
    keys = [("report", "t1p1.A"), ("gm-report", "t1p1"), ("ack", "17"), ("report", "start.B"),
            ("press", "game.report.t1p1.A"), ("digest", "1")]
    made: dict[str, tuple[str, str, str]] = {}
    for name in [*NAMES, "war", "war.report", "war.game.report"]:
        for kind, key in keys:
            made.setdefault(message_id(name, kind, key), (name, kind, key))
    assert len(made) == (len(NAMES) + 3) * len(keys)
    squashed = message_id("war game", "report", "t1p1.A")
    assert squashed.startswith("<gm.war-game+") and squashed.endswith(
        ".report.t1p1.A@gamesmaster.invalid>")  # still readable
    assert squashed == message_id("war game", "report", "t1p1.A")  # stable


def _campaign(folder: Path, url: str) -> None:
    gm("new", str(folder), "--seed", folder.name, "--database", url, *[
        arg for letter, address in PLAYERS.items()
        for arg in ("-p", f"{letter}:{letter}:{address}:{PASSWORDS[letter]}")])
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[mail]\ngm_address = "gm@example.org"\n')


def test_two_campaigns_whose_names_squash_alike_both_get_their_reports(
        tmp_path: Path, postgres_url: str) -> None:
    """In one PostgreSQL database, "war game" and "war-game" each queue their pre-game
    reports: every player's and the GM's copy, none taken for the other campaign's."""
    url = fresh_database(postgres_url)
    folders = [tmp_path / "war game", tmp_path / "war-game"]
    ids: dict[str, set[str]] = {}
    for folder in folders:
        _campaign(folder, url)
        said = gm("report", str(folder), "--mail")
        assert said.startswith(f"{len(PLAYERS)} report(s) queued, and the GM's copy"), said
        opened = open_campaign(folder)
        ids[folder.name] = {row.message_id for row in opened.store.outbox_rows(
            opened.row, ("queued",))}
        assert len(ids[folder.name]) == len(PLAYERS) + 1
    assert not ids["war game"] & ids["war-game"]
    assert all(i.startswith("<gm.war-game.") for i in ids["war-game"])  # its ids as before


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    url = (f"sqlite:///{tmp_path / 'c.sqlite'}" if request.param == "sqlite"
           else fresh_database(request.getfixturevalue("postgres_url")))
    made = Store(url)
    made.create_schema()
    request.addfinalizer(made.close)
    return made


def test_a_message_whose_id_is_another_campaigns_is_refused_not_dropped(store: Store) -> None:
    first, second = (store.create_campaign(name, "rcw", "seed", None,
                                           [PlayerRow("A", "Anna", "a@x.org", "h")], NOW)
                     for name in ("one", "two"))
    mail = notice_mail("one", "gm@example.org", "a@x.org", "reminder", "t1p1.A", "Orders?",
                       "Your orders, please.", NOW)
    assert store.queue(first, mail, NOW)
    assert not store.queue(first, mail, NOW)  # the same message again: queued once
    with pytest.raises(GameError, match=r"is campaign one's already"):
        store.queue(second, mail, NOW)
    [inbox_id] = store.store_messages(second, [NewMessage(
        "hash", b"GAME two\r\n", 10, "<m@x.org>", "a@x.org", "s", "a@x.org", None)], NOW)
    assert inbox_id is not None
    with pytest.raises(GameError, match=r"is campaign one's already"):
        store.handle(second, [Handling(inbox_id, "answered", mail=[mail])], NOW)
    assert [m.id for m in store.unanswered(second)] == [inbox_id]  # nothing of it kept
    assert store.outbox_rows(second, ("queued",)) == []
    assert [r.message_id for r in store.outbox_rows(first, ("queued",))] == [mail.message_id]
