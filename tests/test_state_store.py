"""The state round-trips exactly; the store keeps an append-only history with its dice, a state
added only on the entry its operation started from."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from gm.core.dice import Roll, SeededDice
from gm.core.errors import GameError, Superseded
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.state import GameState, Stack
from gm.store import PlayerRow, Store
from gm.store.mail import AnswersSent
from tests.conftest import deal, deployed
from tests.servers import fresh_database

NOW = dt.datetime(1918, 3, 3, tzinfo=dt.UTC)


@pytest.mark.parametrize("stage", ["dealt", "deployed"])
def test_state_json_round_trip_is_exact(data: GameData, stage: str) -> None:
    state = deal(data) if stage == "dealt" else deployed(data)
    text = state.to_json()
    again = GameState.from_json(text)
    assert again == state and again.to_json() == text


def test_states_are_immutable(data: GameData) -> None:
    state = deployed(data, "ABC")
    with pytest.raises(Exception, match="frozen"):
        state.turn = 2  # type: ignore[misc]
    moved = state.with_position("PETR", (Stack(player=None, units=(101,)),))
    assert moved.position["PETR"] != state.position["PETR"]
    assert state.where_is(101) is not None and state.where_is(101)[0] == "PETR"  # type: ignore[index]


def test_seeded_dice_replay_and_log(data: GameData) -> None:
    a, b = SeededDice("7", "phase 1"), SeededDice("7", "phase 1")
    assert [a.die("x") for _ in range(20)] == [b.die("x") for _ in range(20)]
    assert a.log[0] == Roll("x", "die", a.log[0].value) and len(a.log) == 20
    assert all(1 <= int(r.value) <= 6 for r in a.log)
    other = SeededDice("7", "phase 2")
    assert [other.die("x") for _ in range(20)] != [int(r.value) for r in a.log]


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A fresh, empty store on each backend: SQLite in a file, a real PostgreSQL server."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'c.sqlite'}"
    else:
        url = fresh_database(request.getfixturevalue("postgres_url"))
    made = Store(url)
    made.create_schema()
    yield made
    made.close()


def test_store_appends_states_with_their_dice(store: Store, data: GameData) -> None:
    row = store.create_campaign("c", "rcw", "seed", None,
                                [PlayerRow("A", "Anna", "a@x.org", "h")], NOW)
    first = deal(data, "ABC")
    dice = SeededDice("seed", "1")
    dice.die("test roll")
    assert store.append_state(row, "deal", {"n": 1}, first, dice.log, NOW, after=0) == 1
    second = deployed(data, "ABC")
    assert store.append_state(row, "start", {}, second, [], NOW, after=1) == 2
    history = store.history(row)
    assert [h.seq for h in history] == [1, 2] and history[0].state == first
    assert store.latest(row).state == second and store.latest(row).action == "start"
    assert store.rolls(row, 1) == dice.log and store.rolls(row, 2) == []
    assert store.players(row)[0].email == "a@x.org"
    with pytest.raises(GameError, match="no campaign"):
        store.campaign("other")
    entries = store.entries(row)  # the history without decoding a state
    assert [(e.seq, e.action, e.detail, e.stage) for e in entries] == [
        (1, "deal", {"n": 1}, first.stage), (2, "start", {}, second.stage)]
    moment = entries[0].created_at  # SQLite keeps UTC without a zone; PostgreSQL with one
    assert (moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)) == NOW
    assert store.state_at(row, 1).state == first and store.state_at(row, 2).state == second
    with pytest.raises(GameError, match="no entry 3"):
        store.state_at(row, 3)


def test_store_refuses_a_second_campaign_of_the_same_name(store: Store) -> None:
    store.create_campaign("c", "rcw", "s", None, [], NOW)
    with pytest.raises(GameError, match="refused"):
        store.create_campaign("c", "rcw", "s", None, [], NOW)


def test_store_keeps_orders_and_results(store: Store, data: GameData) -> None:
    row = store.create_campaign("c", "rcw", "s", None, [], NOW)
    seq = store.append_state(row, "deal", {}, deal(data, "ABC"), [], NOW, after=0)
    store.record_orders(row, seq, "A", "GAME c\nPLAYER A\n", None, NOW)
    store.record_result(row, seq, '{"orders": []}')
    with store._tx() as sql:
        assert [(r["player"], r["raw"]) for r in sql.all("SELECT player, raw FROM orders")] == [
            ("A", "GAME c\nPLAYER A\n")]
        assert sql.scalar("SELECT result FROM results") == '{"orders": []}'
    assert store.orders_for(row, 0, 0) == [] and store.result(row, seq) == '{"orders": []}'


def test_store_keeps_mail_on_both_backends(store: Store, data: GameData) -> None:
    """Messages kept once by their content, handled in one transaction, sent, tried again,
    failed and queued again; notices gathered into a digest."""
    from gm.messages.compose import notice_mail
    from gm.store import Handling, NewMessage

    row = store.create_campaign("c", "rcw", "s", None,
                                [PlayerRow("A", "Anna", "a@x.org", "h")], NOW)
    seq = store.append_state(row, "deal", {}, deal(data, "ABC"), [], NOW, after=0)

    def message(key: str, raw: bytes) -> NewMessage:
        return NewMessage(key, raw, len(raw), f"<{key}@x.org>", "a@x.org", "orders",
                          "a@x.org", "A")

    latin = "GAME c # Kamenev’s\n".encode("cp1252")
    ids = store.store_messages(row, [message("k1", b"GAME c\n"), message("k2", latin),
                                     message("k1", b"GAME c\n")], NOW)
    assert ids[0] is not None and ids[1] is not None and ids[2] is None
    assert store.store_messages(row, [message("k1", b"GAME c\n")], NOW) == [None]
    waiting = store.unanswered(row)
    assert [m.raw_bytes for m in waiting] == [b"GAME c\n", latin]
    answer = notice_mail(row, "gm@x.org", "a@x.org", "answer", "1", "Re: orders", "ok\n", NOW)
    store.handle(row, [Handling(waiting[0].id, "answered", "", (seq, "A", "GAME c\n", "[]"),
                                [answer], [("stranger", "a note")], extra_mail=2),
                       Handling(waiting[1].id, "automated", "bulk")], NOW)
    assert store.unanswered(row) == []
    # its answer and the two mails its requests sent (issue 36), of a message with A's password
    assert store.answers_since(row, NOW) == {"a@x.org": AnswersSent(3, 0, 3)}
    assert [r.player for r in store.orders_in_stage(row, "trading")] == ["A"]
    (queued,) = store.due(row, NOW)
    store.mark_unsent(row, queued, "retry", "451 later", NOW + dt.timedelta(minutes=5), None,
                      NOW)
    assert store.due(row, NOW) == []
    (again,) = store.due(row, NOW + dt.timedelta(minutes=6))
    assert again.attempts == 1
    store.mark_unsent(row, again, "failed", "550 no", None, ("failed", "it failed"), NOW)
    assert [n.kind for n in store.undigested(row)] == ["stranger", "failed"]
    requeued = store.requeue(row, again.id)
    assert requeued is not None and store.due(row, NOW)[0].id == again.id
    store.mark_sent(requeued, NOW)
    assert store.outbox_rows(row, ("queued", "retry", "failed")) == []
    digest = notice_mail(row, "gm@x.org", "gm@x.org", "digest", "9", "2 things", "...", NOW)
    store.digest(row, [n.id for n in store.undigested(row)], digest, NOW)
    assert store.undigested(row) == [] and store.due(row, NOW)[0].kind == "digest"


def _count(store: Store, table: str) -> int:
    with store._tx() as sql:
        return int(sql.scalar(f"SELECT count(*) FROM {table}"))


def test_append_state_adds_only_on_the_entry_it_started_from(store: Store, data: GameData
                                                             ) -> None:
    """Compare-and-swap on the history (issue 24): `after` must be the last entry still; else
    nothing of the operation is kept (its state, dice, result, mail and orders) and it is
    told which entry came instead."""
    from gm.messages.compose import notice_mail

    row = store.create_campaign("c", "rcw", "s", None, [], NOW)
    state = deal(data, "ABC")
    dice = SeededDice("s", "1")
    dice.die("a roll")
    report = notice_mail(row, "gm@x.org", "a@x.org", "report", "t1p1", "Report", "...", NOW)
    whole = {"result": '{"orders": []}', "mail": [report], "orders": [("A", "GAME c\n", "[]")]}
    assert store.append_state(row, "deal", {}, state, dice.log, NOW, after=0) == 1
    tables = ("states", "dice_log", "results", "outbox", "orders")
    kept = {table: _count(store, table) for table in tables}
    for stale in (0, 2, 7):  # behind the last entry, or past it
        with pytest.raises(Superseded, match=f"its last entry is 1 \\(deal\\), not entry "
                           f"{stale}, which this started from; nothing of this was stored"):
            store.append_state(row, "adjudicate 1.1", {}, state, dice.log, NOW, after=stale,
                               **whole)  # type: ignore[arg-type]
        assert {table: _count(store, table) for table in tables} == kept
    assert store.append_state(row, "adjudicate 1.1", {}, state, dice.log, NOW, after=1,
                              **whole) == 2  # type: ignore[arg-type]
    assert {table: _count(store, table) - kept[table] for table in tables} == {
        "states": 1, "dice_log": 1, "results": 1, "outbox": 1, "orders": 1}
    assert [(o.state_seq, o.player) for o in store.orders_in_stage(row, state.stage)] == [
        (1, "A")]  # recorded against the entry they were written for
    assert store.last_entry(row) == (2, "adjudicate 1.1")


def test_a_state_that_ends_the_game_releases_what_is_held(store: Store, data: GameData
                                                         ) -> None:
    """After the game's end no reports come to release anonymous press (R82): a state that
    ends it is stored only with the release of what is held, which goes in its transaction;
    without one, nothing is stored and it is said why."""
    from gm.messages.compose import anonymous_press_mail, redated

    row = store.create_campaign("c", "rcw", "s", None, [], NOW)
    state = deal(data, "ABC")
    store.append_state(row, "deal", {}, state, [], NOW, after=0)
    held = anonymous_press_mail(row, "gm@x.org", "a@x.org", "0" * 32, "c: anonymous press",
                                "psst\n", None)
    assert store.queue(row, held, NOW)
    ended = state.model_copy(update={"stage": "ended", "victory": "red"})
    with pytest.raises(GameError, match="would end with anonymous press held"):
        store.append_state(row, "override", {}, ended, [], NOW, after=1)
    assert store.last_entry(row) == (1, "deal")
    assert [r.status for r in store.outbox_rows(row, ("held", "queued"))] == ["held"]
    later = NOW + dt.timedelta(days=1)
    store.append_state(row, "override", {}, ended, [], later, after=1,
                       release=lambda mime: redated(mime, later))
    (released,) = store.outbox_rows(row, ("held", "queued"))
    assert released.status == "queued" and released.message_id == held.message_id
    assert "Date: Mon, 04 Mar 1918 00:00:00 +0000" in released.raw


def test_of_appends_racing_from_one_entry_one_is_kept(store: Store, data: GameData) -> None:
    """Four writers, each on a connection of its own, append on entry 1 at once: one state is
    kept, three are told; on SQLite and PostgreSQL alike."""
    row = store.create_campaign("c", "rcw", "s", None, [], NOW)
    state = deal(data, "ABC")
    store.append_state(row, "deal", {}, state, [], NOW, after=0)
    start = threading.Barrier(4, timeout=300)
    outcomes: list[int | str] = []

    def append(n: int) -> None:
        try:
            start.wait()
            outcomes.append(store.append_state(row, f"writer {n}", {}, state, [], NOW, after=1,
                                               result=str(n)))
        except Superseded:
            outcomes.append("told")
        finally:
            store.close()  # this thread's connection

    writers = [threading.Thread(target=append, args=(n,)) for n in range(4)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(300)
    assert sorted(outcomes, key=str) == [2, "told", "told", "told"]
    assert [e.seq for e in store.entries(row)] == [1, 2] and _count(store, "results") == 1
