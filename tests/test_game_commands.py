"""Issue 27: a game system's own GM commands (`gm trade`, `gm end-trading`, `gm deploy`,
`gm purge`), what the GM resolves at once and the table's HELP words are the game's, declared
as data in its package; the command line, the application and the table ask for them and name
none. Russian Civil War's commands, words and outputs stay as they were."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.app.adjudication import resolve_now
from gm.app.campaign import Campaign, open_campaign
from gm.app.history import describe, rulings
from gm.app.table import Table
from gm.app.table_looks import table_help
from gm.cli import COMMANDS, cli
from gm.commands.own import OPERATIONS, command
from gm.core.errors import GameError
from gm.games.declared import AtOnce, GmCommand, TableWords
from gm.games.own_commands import gm_commands
from gm.games.rcw.system import RUSSIAN_CIVIL_WAR, RussianCivilWar
from gm.games.registry import SYSTEMS
from gm.store import EntryRow
from tests.table_terminal import standard_campaign

CALL = TableWords(example="MUSTER 1", others="CALL", others_listed="CALL, QUIT",
                  note="A CALL waits; the GM settles it now with `gm call {campaign}`.")


class Variant(RussianCivilWar):
    """Russian Civil War under other words: what the shared layers say is the game's."""

    at_once = AtOnce("call", "the Call")

    def table_words(self) -> TableWords:
        return CALL


class Silent(RussianCivilWar):
    at_once = None


def _entry(action: str, seq: int = 5) -> EntryRow:
    return EntryRow(seq, action, {"resolved": [["B", "CALL 3", "done (1.0): now"]]}, "play", 1,
                    1, dt.datetime(2024, 1, 1, tzinfo=dt.UTC))


def test_a_games_own_commands_are_its_data_and_gm_help_lists_them() -> None:
    own = {c.name: c for c in RUSSIAN_CIVIL_WAR.commands}
    assert set(own) == {"trade", "end-trading", "deploy", "purge"}
    assert not set(own) & set(COMMANDS)  # the command line names none of them
    assert {c.does for s in SYSTEMS.values() for c in s.commands} <= set(OPERATIONS)
    assert RUSSIAN_CIVIL_WAR.setup_stage(command="end-trading") is not None
    assert RUSSIAN_CIVIL_WAR.at_once is not None
    assert RUSSIAN_CIVIL_WAR.at_once.command in own
    listed = CliRunner().invoke(cli, ["--help"]).output
    for name, spec in gm_commands().items():
        assert f"  {name}" in listed and spec.summary[:40] in " ".join(listed.split())
    # `gm --help` reads the declarations alone: they are the systems' own, all of them
    assert set(gm_commands().values()) == {c for s in SYSTEMS.values() for c in s.commands}


def test_a_command_described_as_data_becomes_a_click_command(tmp_path: Path) -> None:
    made = command(GmCommand("muster", "close-stage", "Close the muster.",
                             "Close the muster stage of CAMPAIGN."))
    assert made.name == "muster" and [p.name for p in made.params] == ["campaign"]
    assert "Close the muster stage of CAMPAIGN." in CliRunner().invoke(made, ["--help"]).output
    result = CliRunner().invoke(made, [str(tmp_path / "none")])
    assert result.exit_code != 0  # no campaign there: the shared operation ran, and refused


def _table_campaign(tmp_path: Path) -> Campaign:
    return open_campaign(standard_campaign(tmp_path / "c", "st"))


@pytest.mark.rules("11.0")
def test_the_table_and_the_history_ask_the_game_its_words(tmp_path: Path) -> None:
    campaign = _table_campaign(tmp_path)
    opening = Table.sit(campaign).opening()
    assert ("Type an order a line (the language of the order mails: MOVE 152 111: TVER-RYAZ); "
            "DONE ends the Player-Turn; PLAYER B lets player B give his orders (LOSSES, GIVE, "
            "PURGE, QUIT); EXIT leaves, the orders so far kept; HELP lists every word of the "
            "table.") in opening  # Russian Civil War's words, as before
    assert "player B speaks: his LOSSES, GIVE, TRADE, PURGE, QUIT" in table_help(campaign)
    assert f"`gm purge {campaign.folder}` (11.0, ruling R54)." in table_help(campaign)

    other = dataclasses.replace(campaign, system=Variant())
    opening = Table.sit(other).opening()
    assert "(the language of the order mails: MUSTER 1)" in opening
    assert "PLAYER B lets player B give his orders (CALL);" in opening
    helped = table_help(other)
    assert "player B speaks: his CALL, QUIT" in helped and "PURGE" not in helped
    assert helped.endswith(f"the GM settles it now with `gm call {campaign.folder}`.")

    said = "resolved at once, as the GM said: B CALL 3"
    assert said in describe(_entry("call 1.1"), 0, Variant())
    assert said not in describe(_entry("purge 1.1"), 0, Variant())
    assert said in describe(_entry("purge 1.1"), 0, RUSSIAN_CIVIL_WAR)
    assert [e.step for e in rulings([_entry("call 1.1")], 9, Variant())] == [
        "GM: resolved at once"]
    assert rulings([_entry("call 1.1")], 9, RUSSIAN_CIVIL_WAR) == []


def test_a_game_with_nothing_to_resolve_at_once_says_so(tmp_path: Path) -> None:
    campaign = dataclasses.replace(_table_campaign(tmp_path), system=Silent())
    with pytest.raises(GameError, match="has nothing to resolve before the phase's end"):
        resolve_now(campaign)
