"""Dice players can verify (docs/dice.md)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from click.testing import CliRunner

from gm.app.campaign import open_campaign
from gm.cli import cli
from gm.core.dice import HashDice, commitment, phase_seed, salt_of


def test_the_documented_algorithm_by_hand() -> None:
    seed = phase_seed("campaign secret", 3, 2)
    assert seed == hashlib.sha256(b"campaign secret|turn 3|phase 2").hexdigest()
    assert commitment(seed) == hashlib.sha256(seed.encode()).hexdigest()
    dice = HashDice(seed, ("zebra", "apple"))
    key = hashlib.sha256(f"{seed}|apple|zebra".encode()).hexdigest()
    by_hand = [int.from_bytes(hashlib.sha256(f"{key}:{n}".encode()).digest(), "big") % 6 + 1
               for n in range(1, 21)]
    assert [dice.die("t") for _ in range(20)] == by_hand
    items = ["ASSASSIN", "CTRL:FR", "CTRL:JA"]
    number = int.from_bytes(hashlib.sha256(f"{key}:21".encode()).digest(), "big")
    assert dice.draw(items, "t") == items[number % 3]


def test_salts_change_the_dice_and_their_order_does_not() -> None:
    seed = phase_seed("s", 1, 1)

    def rolls(salts: tuple[str, ...]) -> list[int]:
        dice = HashDice(seed, salts)
        return [dice.die("x") for _ in range(30)]

    assert rolls(("a",)) != rolls(("b",))
    assert rolls(()) == rolls(())
    assert rolls(("a", "b")) == rolls(("b", "a"))


def _first_phase_salted(folder: Path, salt: str) -> CliRunner:
    """A campaign named as its folder, started, its First Phase adjudicated with A's salt."""
    runner = CliRunner()
    runner.invoke(cli, ["new", str(folder), "--seed", folder.name, "-p", "A:A:a@x.org:pa",
                        "-p", "B:B:b@x.org:pb", "-p", "C:C:c@x.org:pc"])
    runner.invoke(cli, ["end-trading", str(folder)])
    runner.invoke(cli, ["start", str(folder)])
    orders = folder.parent / "a.txt"
    orders.write_text(f"GAME {folder.name}\nPLAYER A\nPASSWORD pa\nSALT {salt}\n",
                      encoding="utf-8")
    assert runner.invoke(cli, ["adjudicate", str(folder), str(orders)]).exit_code == 0
    return runner


def test_a_tampered_phase_fails_verification(tmp_path: Path) -> None:
    folder = tmp_path / "v"
    runner = _first_phase_salted(folder, "kronstadt")
    good = runner.invoke(cli, ["verify", str(folder)])
    assert good.exit_code == 0 and "verified" in good.output
    opened = open_campaign(folder)
    row = opened.store.history(opened.row)[-1]
    assert row.detail["salts"] == [salt_of("kronstadt")]
    with opened.store._tx() as sql:  # the GM changes a roll after the fact
        sql.execute("UPDATE dice_log SET value = '7' WHERE state_seq = :seq", seq=row.seq)
    bad = runner.invoke(cli, ["verify", str(folder)])
    assert bad.exit_code == 1 and "MISMATCH" in bad.output


def test_the_application_fills_the_dice_line_and_no_game_sees_the_seed(tmp_path: Path) -> None:
    """The report's dice line (the phase's seed revealed, the salts, the next commitment) is
    the application's: the game system's report is given no campaign seed to work it out."""
    import inspect

    from gm.app.reports import phase_report
    from gm.games.registry import SYSTEMS

    for system in SYSTEMS.values():
        assert "campaign_seed" not in inspect.signature(system.report).parameters
        assert "salts" not in inspect.signature(system.report).parameters
    folder = tmp_path / "d"
    _first_phase_salted(folder, "neva")
    opened = open_campaign(folder)
    report = phase_report(opened, 1, 1, "A")
    assert report.dice_seed == phase_seed(opened.row.seed, 1, 1)
    assert report.dice_salts == [salt_of("neva")]
    assert report.next_commitment == commitment(phase_seed(opened.row.seed, 1, 2))
