"""The template of orders in a Decision in Galicia player's report (issue 29): the envelope of
the open Phase and, in his own Phases, a MOVE for each unit or the ATTACK lines; with its
`#`s removed and his password written in, it is a message every line of which the campaign
takes (`gm orders record` judges it as the mail would)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gm.cli import cli
from tests.gwe_campaign import galician_campaign, galician_state

# the Russian 4th Army's XIV and XVI Corps, two hexes from the Austro-Hungarian I Corps, their
# HQ behind them, the 13th Cavalry next to the enemy already; AH-1-I holds g0418
FRONT = {"RU-4-XIV": "g0415", "RU-4-XVI": "g0415", "RU-4-HQ": "g0314", "RU-4-13C": "g0417",
         "AH-1-I": "g0418", "AH-1-HQ": "g0519"}


def gm(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def template(folder: Path, player: str) -> list[str]:
    """ORDERS FOR THE NEXT PHASE of the player's report, as `gm report` prints it."""
    text = gm("report", str(folder), "--player", player).output
    assert "ORDERS FOR THE NEXT PHASE" in text, text
    return text.split("ORDERS FOR THE NEXT PHASE", 1)[1].splitlines()[1:]


def reply(folder: Path, player: str, lines: list[str]) -> Path:
    """The template sent back: every `# ` removed once (notes `## ` stay comments), the
    password written in."""
    sent = [re.sub(r"^# (?!#)", "", line).replace("<your password>", f"p{player.lower()}")
            for line in lines]
    path = folder.parent / f"reply-{player}.txt"
    path.write_text("\n".join(sent) + "\n", encoding="utf-8")
    return path


def recorded(folder: Path, path: Path) -> Result:
    done = gm("orders", "record", str(folder), str(path))
    assert done.exit_code == 0, done.output  # every line taken
    return done


@pytest.mark.rules("gwe:5.0", "gwe:8.0", "gwe:4.0", "gwe:6.14")
def test_the_phasing_players_template_is_a_message_the_campaign_takes(tmp_path: Path) -> None:
    folder = galician_campaign(tmp_path / "galicia", galician_state(FRONT))
    lines = template(folder, "A")  # the Russian, phasing in Game-Turn 7's Phase 1
    assert lines[:4] == ["GAME galicia", "PLAYER A", "PASSWORD <your password>",
                         "TURN 7 PHASE 1"] and lines[-1] == "END"
    moves = [line for line in lines if line.startswith("# MOVE ")]
    assert any(line.startswith("# MOVE RU-4-XIV: g0415-") for line in moves), lines
    assert any(line.startswith("# MOVE RU-4-HQ: g0314") for line in moves), lines
    assert "## RU-4-13C in g0417: stays, no move brings it nearer the Enemy" in lines
    done = recorded(folder, reply(folder, "A", lines))
    assert done.output.count("MOVE RU-") == len(moves) >= 3
    moved = gm("adjudicate", str(folder)).output
    assert "succeeded: MOVE RU-4-XIV" in moved
    assert "over the Stacking limit" not in moved  # 13C, XIV and XVI make 10 of 9 (6.11)
    after = template(folder, "A")  # the Cavalry Withdrawal Phase: the envelope alone
    assert after[3] == "TURN 7 PHASE 2"
    recorded(folder, reply(folder, "A", after))
    gm("adjudicate", str(folder))
    combat = template(folder, "A")
    assert combat[3] == "TURN 7 PHASE 3"
    attacks = [line for line in combat if line.startswith("# ATTACK ")]
    assert attacks, combat
    done = recorded(folder, reply(folder, "A", combat))
    assert attacks[0][2:].split("   #")[0] in done.output


def test_the_other_players_template_takes_his_standing_orders_now(tmp_path: Path) -> None:
    folder = galician_campaign(tmp_path / "galicia", galician_state(FRONT))
    lines = template(folder, "B")  # the Austro-Hungarian owes nothing in Phase 1
    assert lines[3] == "TURN 7 PHASE 1"
    note = " ".join(line.removeprefix("## ") for line in lines if line.startswith("## "))
    assert note.startswith("Game-Turn 7, Russian Player-Turn, Movement Phase: you owe no "
                           "orders in it; your next are for TURN 7 PHASE 4.")
    assert max(len(line) for line in lines) <= 72
    assert not [line for line in lines if line.startswith("# ")]
    path = reply(folder, "B", [*lines[:-1], "DEFEND g0418 RESULT 1 OPTION 2", "END"])
    recorded(folder, path)


@pytest.mark.rules("gwe:8.14")
def test_the_attacks_offered_to_give_use_no_unit_twice(tmp_path: Path) -> None:
    # g0418 and g0518 both next to g0417: its corps may attack one of them, not both (8.14)
    places = {"RU-4-XIV": "g0417", "RU-4-XVI": "g0417", "AH-1-I": "g0418", "AH-1-3C": "g0518"}
    folder = galician_campaign(tmp_path / "galicia", galician_state(places, phase=3))
    lines = template(folder, "A")
    given = [line for line in lines if line.startswith("# ATTACK ")]
    noted = [line for line in lines if line.startswith("## ATTACK ")]
    assert len(given) == len(noted) == 1, lines
    assert given[0].startswith("# ATTACK g0518 WITH RU-4-XIV RU-4-XVI")  # the better odds
    assert "## also open, with units the attacks above use (8.14):" in lines
    done = recorded(folder, reply(folder, "A", lines))
    assert "line 5: ATTACK g0518 WITH RU-4-XIV RU-4-XVI" in done.output
