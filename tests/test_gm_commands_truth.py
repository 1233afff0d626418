"""Issue 26: the GM's commands tell the truth. `gm adjudicate` refuses to go ahead past a
refused file; `gm orders record` keeps orders that reached the GM outside the mailbox;
`gm status` counts `gm deploy`; `gm publish` says what it withholds; the wording of answers,
history and reports agrees with what it reports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner, Result

from gm.app.campaign import open_campaign
from gm.cli import cli
from tests.rcw import state_of


def gm(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def run_gm(*args: str) -> subprocess.CompletedProcess[str]:
    """The entry point in a fresh process, as the GM runs it (errors on stderr, exit code)."""
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          check=False)


PLAYERS = ("-p", "A:A:a@x.org:pa", "-p", "B:B:b@x.org:pb", "-p", "C:C:c@x.org:pc")


def started(folder: Path, mode: str = "postal", seed: str = "truth") -> Path:
    """A three-player campaign (passwords pa, pb, pc) at Game-Turn 1's first phase."""
    assert gm("new", str(folder), "--seed", seed, "--mode", mode, *PLAYERS).exit_code == 0
    assert gm("end-trading", str(folder)).exit_code == 0
    assert gm("start", str(folder)).exit_code == 0
    return folder


def message(path: Path, player: str, *lines: str, game: str = "camp",
            password: str | None = None) -> Path:
    path.write_text("\n".join([f"GAME {game}", f"PLAYER {player}",
                               f"PASSWORD {password or 'p' + player.lower()}", *lines]) + "\n",
                    encoding="utf-8")
    return path


def trotsky_move(folder: Path) -> tuple[str, str]:
    """(player, MOVE line) for the stack of 152 Trotsky in TVER, one province on."""
    stack = next(s for s in state_of(folder).position.get("TVER", ()) if 152 in s.units)
    assert stack.player is not None
    return stack.player, f"MOVE {' '.join(map(str, stack.units))}: TVER-RYAZ"


def phase_of(folder: Path) -> tuple[int, int]:
    state = open_campaign(folder).latest().state
    return state.turn, state.phase


# item 4: a refused file refuses the adjudication


def test_last_turns_files_are_refused_and_nothing_is_adjudicated(tmp_path: Path) -> None:
    folder = started(tmp_path / "camp")
    player, move = trotsky_move(folder)
    first = message(tmp_path / "first.txt", player, "TURN 1 PHASE 1", move)
    assert "Second Phase is open" in gm("adjudicate", str(folder), str(first)).output
    other = next(p for p in "ABC" if p != player)
    wrong = message(tmp_path / "wrong.txt", other, "TURN 1 PHASE 2", password="nope")
    elsewhere = message(tmp_path / "elsewhere.txt", other, "TURN 1 PHASE 2", game="another")
    for dry in ([], ["--dry-run"]):
        result = run_gm("adjudicate", str(folder), *dry, str(first), str(wrong),
                        str(elsewhere))
        assert result.returncode == 1, result
        assert "nothing adjudicated: 3 file(s) refused" in result.stderr
        assert ("first.txt: Your message was refused: these orders are for TURN 1 PHASE 1, "
                "but TURN 1 PHASE 2 is open") in result.stderr
        assert f"wrong.txt: Your message was refused: the PASSWORD is not player {other}'s" \
            in result.stderr
        assert "elsewhere.txt: Your message was refused: it is for game another" \
            in result.stderr
        assert "--skip-refused" in result.stderr and "adjudicated" not in result.stdout
        assert phase_of(folder) == (1, 2)  # the Second Phase is still open
    skipped = run_gm("adjudicate", str(folder), "--skip-refused", str(first), str(wrong))
    assert skipped.returncode == 0, skipped
    assert "first.txt: Your message was refused: these orders are for TURN 1 PHASE 1" \
        in skipped.stderr and "(refused: skipped)" in skipped.stderr
    assert "Game-Turn 1, Second Phase adjudicated" in skipped.stdout
    assert phase_of(folder) == (2, 1)


def test_a_file_of_requests_alone_is_not_taken_for_orders(tmp_path: Path) -> None:
    folder = started(tmp_path / "camp")
    status = message(tmp_path / "status.txt", "A", "STATUS")
    result = run_gm("adjudicate", str(folder), str(status))
    assert result.returncode == 1
    assert "status.txt: it holds no orders, only requests or press" in result.stderr
    assert phase_of(folder) == (1, 1)


# item 5: orders handed to the GM outside the mailbox


def test_recorded_orders_are_judged_as_mail_counted_and_adjudicated(tmp_path: Path) -> None:
    folder = started(tmp_path / "camp")
    player, move = trotsky_move(folder)
    paper = message(tmp_path / "paper.txt", player, move)
    checked = run_gm("orders", "check", "--campaign", str(folder), str(paper))
    recorded = run_gm("orders", "record", str(folder), str(paper))
    assert recorded.returncode == 0, recorded
    assert checked.stdout in recorded.stdout  # the answer a mailed message gets, word for word
    assert f"recorded: player {player}'s message counts" in recorded.stdout
    status = gm("status", str(folder)).output
    assert f"orders in: {player} ({player})" in status and f"{player} ({player})" \
        not in status.split("waiting for:")[1]
    done = gm("adjudicate", str(folder))  # no files: the orders kept, as mailed ones
    assert f"{player} line 4: succeeded (5.1): {move}" in done.output
    assert any(152 in s.units for s in state_of(folder).position["RYAZ"])


def test_a_refused_message_is_printed_refused_and_not_recorded(tmp_path: Path) -> None:
    folder = started(tmp_path / "camp")
    player, move = trotsky_move(folder)
    forged = message(tmp_path / "forged.txt", player, move, password="guess")
    result = run_gm("orders", "record", str(folder), str(forged))
    assert result.returncode == 1
    assert f"Your message was refused: the PASSWORD is not player {player}'s" in result.stdout
    assert "not recorded" in result.stdout and "MOVE" not in result.stdout
    assert "orders in: none" in gm("status", str(folder)).output
    assert "succeeded" not in gm("adjudicate", str(folder)).output


def test_recorded_orders_count_in_a_standard_player_turn(tmp_path: Path) -> None:
    folder = started(tmp_path / "camp", mode="standard")
    phasing = state_of(folder).phasing_player()
    assert phasing is not None
    assert f"waiting for: {phasing} ({phasing})" in gm("status", str(folder)).output
    paper = message(tmp_path / "paper.txt", phasing)  # no orders: he does nothing, said so
    result = run_gm("orders", "record", str(folder), str(paper))
    assert result.returncode == 0, result
    assert "recorded" in result.stdout
    status = gm("status", str(folder)).output
    assert f"orders in: {phasing} ({phasing}); waiting for: nobody" in status
    assert "adjudicated" in gm("adjudicate", str(folder)).output
    assert f"with the orders of {phasing}" in gm("history", str(folder)).output.splitlines()[-1]


# item 6: gm status counts what the GM recorded with gm deploy


def test_status_counts_the_deployments_the_gm_recorded(tmp_path: Path) -> None:
    folder = tmp_path / "camp"
    assert gm("new", str(folder), "--seed", "truth", *PLAYERS).exit_code == 0
    assert gm("end-trading", str(folder)).exit_code == 0
    assert "waiting for: A (A), B (B), C (C)" in gm("status", str(folder)).output
    hands = state_of(folder).hands
    lenin = next(p for p, h in hands.items() if 151 in h.units)
    trotsky = next(p for p, h in hands.items() if 152 in h.units)
    assert gm("deploy", str(folder), lenin, "Lenin", "101", "IN", "PETR").exit_code == 0
    assert gm("deploy", str(folder), trotsky, "Trotsky", "111", "IN", "TVER").exit_code == 0
    status = gm("status", str(folder)).output
    recorded = sorted({lenin, trotsky})
    rest = [p for p in "ABC" if p not in recorded]
    assert f"orders in: {', '.join(f'{p} ({p})' for p in recorded)}; waiting for: " \
        f"{', '.join(f'{p} ({p})' for p in rest) or 'nobody'}" in status
    assert gm("deploy", str(folder), lenin, "--clear").exit_code == 0
    assert f"{lenin} ({lenin})" in gm("status", str(folder)).output.split("waiting for:")[1]


# item 10: words that agree with what they report


def test_the_deployment_report_leaves_the_markers_to_the_chart(tmp_path: Path) -> None:
    folder = tmp_path / "camp"
    assert gm("new", str(folder), "--seed", "truth", *PLAYERS).exit_code == 0
    trading = gm("report", str(folder), "--player", "A", "--format", "text").output
    assert "Politburo, " in trading.split("HELD BY EACH PLAYER")[1].split("POSITION")[0]
    assert gm("end-trading", str(folder)).exit_code == 0  # the markers go to the chart (15.34)
    chart = {p: s.politburo for p, s in state_of(folder).chart.items()}
    assert sum(chart.values()) > 0
    report = gm("report", str(folder), "--player", "A", "--format", "text").output
    held = report.split("HELD BY EACH PLAYER")[1].split("POSITION")[0]
    assert "0 Politburo" not in held and "0 Assassin" not in held
    for player, count in chart.items():
        if player in "ABC":
            assert f"Player {player}: Politburo {count}," in report


def test_a_rule_case_is_cited_once_after_a_stopped_move(tmp_path: Path) -> None:
    """A move stopped by 5.27 ends its detail citing 5.27; the report does not cite it again."""
    folder = started(tmp_path / "camp", mode="standard")  # seed "truth": B plays first
    stopped = message(tmp_path / "stop.txt", "B", "MOVE 170: ARCH-OLON-PETR")
    done = gm("adjudicate", str(folder), str(stopped)).output
    assert "partial (5.27)" in done and "stopped in OLON" in done
    for reader in (["--player", "B"], []):
        text = gm("report", str(folder), *reader, "--format", "text").output
        flat = " ".join(text.split())
        assert "(5.27) (5.27)" not in flat and "5.27: ARCH-OLON" not in flat
        assert "as the force entered (5.27)" in flat


def test_history_labels_each_adjudication_by_the_phase_it_adjudicated(tmp_path: Path) -> None:
    folder = started(tmp_path / "camp")
    assert "adjudicated" in gm("adjudicate", str(folder)).output
    history = gm("history", str(folder)).output.splitlines()
    assert " T1P1 " in history[-2] and "the game started" in history[-2]
    assert " T1P1 " in history[-1]
    assert "Game-Turn 1, First Phase adjudicated with no orders" in history[-1]
    assert gm("rollback", str(folder), "--to", "1.1", "--reason", "a typo").exit_code == 0
    assert "rolled back: Game-Turn 1, First Phase open again (a typo)" in gm(
        "history", str(folder)).output.splitlines()[-1]


# item 17: the standard game's words


def test_a_standard_game_speaks_of_player_turns(tmp_path: Path) -> None:
    folder = started(tmp_path / "camp", mode="standard")
    state = state_of(folder)
    phasing, others = state.sequence[0], [p for p in "ABC" if p != state.sequence[0]]
    status = gm("status", str(folder)).output
    assert f"camp: Game-Turn 1, Player-Turn 1 (player {phasing})" in status
    assert f"waiting for: {phasing} ({phasing})" in status
    message(tmp_path / "none.txt", phasing)
    assert gm("orders", "record", str(folder), str(tmp_path / "none.txt")).exit_code == 0
    assert f"the Phasing Player's orders are in (player {phasing})" in gm(
        "status", str(folder)).output
    gm("adjudicate", str(folder))
    history = gm("history", str(folder)).output.splitlines()
    assert f" T1 PT1 {phasing} " in history[-1]
    assert f"Game-Turn 1, Player-Turn 1 (player {phasing}) adjudicated with the orders of " \
        f"{phasing}" in history[-1] and "phase" not in history[-1]
    second = state_of(folder).sequence[1]
    assert f"camp: Game-Turn 1, Player-Turn 2 (player {second})" in gm(
        "status", str(folder)).output
    report = gm("report", str(folder), "--format", "text").output
    players = report.split("PLAYERS")[1].split("\n\n")[0]
    for other in others:
        assert f"  {other} {other}\n" in players + "\n"  # not "sent no orders": not his turn
    assert f"  {phasing} {phasing}\n" in players + "\n" and "sent no orders" not in players


# item 9: the published index during play


def test_the_index_during_play_says_what_it_withholds_the_standings_and_the_deadline(
        tmp_path: Path) -> None:
    import html
    import re

    folder = started(tmp_path / "camp")
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[schedule]\ndays_per_phase = 3\nhour = 18\ntimezone = "UTC"\n')
    assert "adjudicated" in gm("adjudicate", str(folder)).output
    site = tmp_path / "site"
    output = gm("publish", str(folder), str(site)).output
    assert output.startswith("1 file(s) written, the index alone. Each phase's report and map "
                             "are withheld until the game is over, as campaign.toml [publish] "
                             'during_play = "none" says')
    index = html.unescape((site / "index.html").read_text(encoding="utf-8"))
    text = " ".join(re.sub(r"<[^>]+>", " ", index).split())
    assert "The game goes on: Game-Turn 1, Second Phase." in text
    assert re.search(r"Its orders are due \d{4}-\d\d-\d\d 18:00 UTC\.", text), text
    assert ('Each phase\'s report and map are withheld until the game is over, as '
            'campaign.toml [publish] during_play = "none" says') in text
    assert "Game-Turn 1, First Phase (report and map withheld)" in text
    assert "Victory Points if the game ended now (14.4)" in text
    standings = text.split("Victory Points if the game ended now (14.4)")[1].split("Phases")[0]
    assert "Red victory" in standings and "White victory" in standings
    for player in "ABC":
        assert standings.count(f"{player} ({player})") == 2  # once under each colour


def test_every_message_of_a_standard_game_speaks_of_player_turns(tmp_path: Path) -> None:
    """Item 17, as a review found it still: the answer to orders, the published index, a
    report asked of a Player-Turn not played, and the position's pending 12.12 speak of
    Player-Turns in the standard game (the postal game keeps its phases: tests/golden)."""
    from gm.games.rcw.data.load import load_game_data
    from gm.games.rcw.reports.position import position_context

    folder = started(tmp_path / "camp", mode="standard")
    phasing = state_of(folder).sequence[0]
    message(tmp_path / "none.txt", phasing)
    answer = gm("orders", "record", str(folder), str(tmp_path / "none.txt")).output
    assert "orders to do nothing this Player-Turn" in answer
    assert "A later message for this Player-Turn replaces this one whole." in answer
    assert "phase" not in answer.split("\n\n", 1)[1]
    published = gm("publish", str(folder), str(tmp_path / "site")).output
    assert "Each Player-Turn's report and map are withheld" in published
    missing = run_gm("report", str(folder), "--turn", "1", "--phase", "3")
    assert "Game-Turn 1, Player-Turn 3 has not been adjudicated" in missing.stderr
    state = state_of(folder)
    doubled = state.model_copy(update={"pending": state.pending.model_copy(
        update={"subversive_doubled": True})})
    notes = position_context("camp", doubled, load_game_data())["pending"]
    assert "Subversive Attacks Doubled this Player-Turn (12.12)" in notes
