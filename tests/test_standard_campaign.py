"""A standard-game campaign (issue 16) through the GM's commands: `gm new --mode standard`, one
Player-Turn adjudicated at a time from the Phasing Player's order file, another player's
movement refused in the answer, the Interphase opening Game-Turn 2, reports and rollback."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from gm.app.campaign import open_campaign
from orders_grammar.message import read_envelope
from tests.conftest import gm
from tests.rcw import rcw_data, state_of

PLAYERS = ["-p", "A:Anna:a@x.org:pwa", "-p", "B:Boris:b@x.org:pwb", "-p", "C:Clara:c@x.org:pwc"]


def _started(tmp_path: Path) -> str:
    """A standard campaign of A, B and C whose first Player-Turn is open; its folder."""
    folder = str(tmp_path / "camp")
    gm("new", folder, "--mode", "standard", "--seed", "st", *PLAYERS)
    gm("end-trading", folder)
    gm("start", folder)
    return folder


def _orders(tmp_path: Path, player: str, *lines: str) -> str:
    path = tmp_path / f"{player}-{len(list(tmp_path.glob('*.txt')))}.txt"
    path.write_text("\n".join(["GAME camp", f"PLAYER {player}",
                               f"PASSWORD pw{player.lower()}", *lines]) + "\n",
                    encoding="utf-8")
    return str(path)


def test_a_game_turn_of_player_turns_from_order_files(tmp_path: Path) -> None:
    folder = _started(tmp_path)
    state = state_of(Path(folder))
    assert (state.mode, state.turn, state.phase) == ("standard", 1, 1)
    first, second, third = state.sequence
    assert f"Game-Turn 1, Player-Turn 1 (player {first})" in gm("show", folder)
    opening = gm("report", folder)  # the first Player-Turn's Random Events, rolled at start
    assert f"[random events of player {first}] random event " in opening

    stranger = tmp_path / "stranger.txt"
    stranger.write_text(f"GAME camp\nPLAYER {second}\nPASSWORD pw{second.lower()}\n"
                        "MOVE 152 111: TVER-RYAZ\n", encoding="utf-8")
    from click.testing import CliRunner

    from gm.cli import cli

    refused = CliRunner().invoke(cli, ["orders", "check", "--campaign", folder, str(stranger)])
    assert refused.exit_code == 1
    assert f"only the Phasing Player, {first}, may do this in his Player-Turn (5.21)" in \
        refused.output

    for number, player in enumerate((first, second, third), start=1):
        output = gm("adjudicate", folder, _orders(tmp_path, player, f"TURN 1 PHASE {number}"))
        assert f"Game-Turn 1, Player-Turn {number} (player {player}) adjudicated" in output
        state = state_of(Path(folder))
        if number < 3:
            assert (state.turn, state.phase) == (1, number + 1)
    assert (state.turn, state.phase) == (2, 1)
    assert "no victory condition met at the end of Game-Turn 1 (14.1)" in output
    assert "Game-Turn 1, Player-Turn 3" in gm("report", folder, "--turn", "1", "--phase", "3")
    verified = gm("verify", folder)  # every Player-Turn's dice recomputed (docs/dice.md)
    assert "3 phase(s) checked, 0 mismatch(es)" in verified
    gm("rollback", folder, "--to", "1.3", "--reason", "a test")
    assert (state_of(Path(folder)).turn, state_of(Path(folder)).phase) == (1, 3)


def test_status_waits_for_the_phasing_player_alone(tmp_path: Path) -> None:
    folder = _started(tmp_path)
    first = state_of(Path(folder)).sequence[0]
    names = {"A": "Anna", "B": "Boris", "C": "Clara"}
    status = gm("status", folder)
    assert f"orders in: none; waiting for: {first} ({names[first]})" in status


def test_a_players_losses_stand_for_the_player_turns_after(tmp_path: Path) -> None:
    """Ruling R58: B's LOSSES sent in A's Player-Turn still stands in C's, where he sent
    nothing."""
    folder = _started(tmp_path)
    state = state_of(Path(folder))
    first, second, third = state.sequence
    data = rcw_data(open_campaign(Path(folder)).data)
    unit = next(u for stacks in state.position.values() for s in stacks if s.player == second
                for u in s.units if data.is_combat(u))
    gm("adjudicate", folder, _orders(tmp_path, first), _orders(tmp_path, second,
                                                                f"LOSSES {unit}"))
    gm("adjudicate", folder, _orders(tmp_path, second))  # his own Player-Turn, no LOSSES
    third_turn = gm("adjudicate", folder, _orders(tmp_path, third))
    assert f"{second} standing: stands (8.44): LOSSES {unit}" in third_turn


def test_the_gm_resolves_a_purge_at_once_and_it_is_not_resolved_again(tmp_path: Path) -> None:
    """Issue 16: a Purge ordered during a Player-Turn is resolved at its end, or at once when
    the GM says (gm purge); then the Player-Turn's end does not resolve it again."""
    folder = _started(tmp_path)
    state = state_of(Path(folder))
    first, second, _ = state.sequence
    edited = json.loads(gm("show", folder, "--json"))
    for player, section in edited["chart"].items():
        section["politburo"] = 8 if player == second else 0
    ruling = tmp_path / "ruling.json"
    ruling.write_text(json.dumps(edited), encoding="utf-8")
    gm("override", folder, "--reason", "a Central Committee for the test", "--state", str(ruling))
    opened = open_campaign(Path(folder))  # B's message, as the mail intake keeps it
    message = f"GAME camp\nPLAYER {second}\nPASSWORD [redacted]\nPURGE {first}\n"
    orders = opened.system.parse_orders(read_envelope(message), opened.data, 1000).orders
    opened.store.record_orders(opened.row, opened.latest().seq, second, message, json.dumps(
        [o.model_dump(mode="json") for o in orders]), dt.datetime.now(dt.UTC))
    resolved = gm("purge", folder)
    assert f"{second} line 4: " in resolved and f"PURGE {first}" in resolved
    assert f"resolved at once, as the GM said: {second} PURGE {first}" in gm("history", folder)
    end = gm("adjudicate", folder, _orders(tmp_path, first))
    assert f"{second} line 4" not in end  # not resolved a second time
    assert f"PURGE {first}" in gm("report", folder)  # the GM's word is in the report


def test_an_end_game_agreement_stands_until_the_end_of_the_game_turn(tmp_path: Path) -> None:
    """Ruling R58: B's END GAME sent in the first Player-Turn is counted at the end of the
    Game-Turn (14.1), after the last Player-Turn, where he sent nothing."""
    folder = _started(tmp_path)
    first, second, third = state_of(Path(folder)).sequence
    gm("adjudicate", folder, _orders(tmp_path, first), _orders(tmp_path, second, "END GAME"))
    gm("adjudicate", folder, _orders(tmp_path, second, "END GAME"))
    last = gm("adjudicate", folder, _orders(tmp_path, third))
    assert f"{second} standing: failed (14.1): END GAME" in last  # counted, short of ten markers


def test_a_quitters_player_turn_keeps_its_place_and_the_report_says_so(tmp_path: Path) -> None:
    """Ruling R76: the second player quits in the first's Player-Turn: the third's comes next
    as Player-Turn 3, its own number, dice and history entry; the report marks the quitter in
    the Player-Turn order; a message for Player-Turn 2 is stale in Player-Turn 3."""
    folder = _started(tmp_path)
    first, second, third = state_of(Path(folder)).sequence
    gm("adjudicate", folder, _orders(tmp_path, first), _orders(tmp_path, second, "QUIT"))
    state = state_of(Path(folder))
    assert (state.turn, state.phase, state.phasing_player()) == (1, 3, third)
    assert f"Player-Turn order (4.2): {first}, {second} (quit, 14.24), {third}" in \
        gm("report", folder)
    from click.testing import CliRunner

    from gm.cli import cli

    stale = CliRunner().invoke(cli, ["orders", "check", "--campaign", folder, _orders(
        tmp_path, third, "TURN 1 PHASE 2")])
    assert stale.exit_code == 1 and "TURN 1 PHASE 2" in stale.output and "stale" in stale.output
    gm("adjudicate", folder, _orders(tmp_path, third, "TURN 1 PHASE 3"))
    history = [json.loads(line) for line in gm("history", folder, "--json").splitlines()]
    played = [e["action"] for e in history if e["action"].startswith("adjudicate")]
    assert played == ["adjudicate 1.1", "adjudicate 1.3"]


def test_a_losses_replaced_by_a_later_message_no_longer_stands(tmp_path: Path) -> None:
    """Rulings R36, R58: a player's later message for a Player-Turn replaces his earlier one
    whole, so a LOSSES it left out stands no more in the Player-Turns after."""
    folder = _started(tmp_path)
    state = state_of(Path(folder))
    second = state.sequence[1]
    campaign = open_campaign(Path(folder))
    data = rcw_data(campaign.data)
    unit = next(u for stacks in state.position.values() for s in stacks if s.player == second
                for u in s.units if data.is_combat(u))
    seq = campaign.latest().seq
    for lines in ([f"LOSSES {unit}"], []):  # as two mails for the same Player-Turn would be
        text = Path(_orders(tmp_path, second, *lines)).read_text(encoding="utf-8")
        campaign.store.record_orders(campaign.row, seq, second, text, json.dumps(
            [o.model_dump(mode="json") for o in campaign.system.parse_orders(
                read_envelope(text), campaign.data, 1000).orders]),
            dt.datetime.now(dt.UTC))
    gm("adjudicate", folder)
    after = gm("adjudicate", folder, _orders(tmp_path, second))
    assert f"LOSSES {unit}" not in after
