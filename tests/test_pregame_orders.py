"""The trading session and deployment done by mail (15.33, 15.54, 17.0 [15.0])."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.setup.pregame import apply_pregame
from gm.games.rcw.setup.trading import end_trading
from tests.conftest import deal
from tests.rcw import state_of


def _orders(data: GameData, player: str, *lines: str) -> tuple:  # type: ignore[type-arg]
    text = f"GAME g\nPLAYER {player}\n" + "\n".join(lines)
    message = parse_message(text, Names(data))
    assert not message.problems
    return message.orders


@pytest.mark.rules("17.0 [15.0]", "15.33")
def test_matched_trades_gifts_and_unmatched_trades(data: GameData) -> None:
    state = deal(data, "ABC")
    a, b = state.hands["A"].units, state.hands["B"].units
    orders = {
        "A": _orders(data, "A", f"TRADE {a[0]} TO B FOR {b[0]}", f"GIVE {a[1]} TO C",
                     f"TRADE {a[2]} TO C FOR 1 POLITBURO"),
        "B": _orders(data, "B", f"TRADE {b[0]} TO A FOR {a[0]}"),
    }
    after, outcomes = apply_pregame(state, data, orders)
    assert [(o.player, o.line, o.result) for o in outcomes] == [
        ("A", 3, "succeeded"), ("A", 4, "succeeded"), ("A", 5, "failed")]
    assert b[0] in after.hands["A"].units and a[0] in after.hands["B"].units
    assert a[1] in after.hands["C"].units and a[2] in after.hands["A"].units
    assert "no matching TRADE (15.33)" in outcomes[2].detail


@pytest.mark.rules("17.0 [15.0]", "15.54")
def test_deploy_orders_by_mail(data: GameData) -> None:
    state = end_trading(deal(data, "ABC"), data)
    owner = next(p for p, h in state.hands.items() if 151 in h.units)
    after, outcomes = apply_pregame(state, data, {owner: _orders(data, owner,
                                                                 "DEPLOY Lenin 101 IN PETR")})
    assert outcomes[0].result == "succeeded"
    assert after.deploy_orders[0].units == (151, 101)


@pytest.mark.rules("17.0 [15.0]")
def test_gm_orders_apply_on_a_campaign(tmp_path: Path) -> None:
    runner = CliRunner()
    folder = tmp_path / "camp"
    created = runner.invoke(cli, ["new", str(folder), "--seed", "mail", "-p", "A:A:a@x.org",
                                  "-p", "B:B:b@x.org", "-p", "C:C:c@x.org"]).output
    passwords = {line.split()[1]: line.split()[-1] for line in created.splitlines()
                 if "password:" in line}
    hands = state_of(folder).hands
    a, b = hands["A"].units[0], hands["B"].units[0]
    mail_a = tmp_path / "a.txt"
    mail_a.write_text(f"GAME camp\nPLAYER A\nPASSWORD {passwords['A']}\nPHASE TRADING\n"
                      f"TRADE {a} TO B FOR {b}\n", encoding="utf-8")
    mail_b = tmp_path / "b.txt"
    mail_b.write_text(f"GAME camp\nPLAYER B\nPASSWORD {passwords['B']}\n"
                      f"TRADE {b} TO A FOR {a}\nMOVE 152: TVER\n", encoding="utf-8")
    result = runner.invoke(cli, ["orders", "apply", "--campaign", str(folder), str(mail_a),
                                 str(mail_b)])
    assert result.exit_code == 0, result.output
    assert "B line 5 refused" in result.output  # MOVE before the game
    assert "A line 5: succeeded" in result.output
    state = state_of(folder)
    assert b in state.hands["A"].units and a in state.hands["B"].units
