"""Both games compare a case's expected order results with one function
(gm/games/case_files.py order_diffs), each with its own reading of `rule` and of the words."""

from __future__ import annotations

from typing import Any

from gm.games.case_files import order_diffs
from gm.games.gwe.cases.run import _rule_found
from gm.games.rcw.cases.run import _order_diffs

GWE_ORDER = {"player": "C", "line": 3, "result": "succeeded", "rule": "8.4, 10.21",
             "detail": "attack 12 against defense 4", "text": "ATTACK g0612 WITH 3K"}


def _gwe(expected: dict[str, Any]) -> list[str]:
    return order_diffs([expected], [GWE_ORDER], _rule_found, found_in=("detail", "text"))


def test_a_gwe_case_finds_its_rule_with_or_without_gwe_and_its_words_in_the_detail() -> None:
    assert _gwe({"player": "C", "line": 3, "rule": "gwe:10.21", "detail": "defense 4",
                 "text": "g0612", "result": "succeeded"}) == []
    assert _gwe({"player": "C", "line": 3, "rule": "8.9"}) == [
        "orders C line 3: rule 8.9 expected, got 8.4, 10.21"]
    assert _gwe({"player": "C", "line": 3, "detail": "defense 5"}) == [
        "orders C line 3: detail with 'defense 5' expected, got 'attack 12 against defense 4'"]
    assert _gwe({"player": "C", "line": 4}) == ["orders: no order of C on line 4"]


def test_an_rcw_case_matches_its_player_turn_and_the_whole_rule_cited() -> None:
    actual = [{"player": "B", "line": 4, "turn": 1, "phase": 1, "result": "void",
               "rule": "8.44"},
              {"player": "B", "line": 4, "turn": 2, "phase": 1, "result": "succeeded",
               "rule": "6.1, 6.2", "detail": "moved"}]
    assert _order_diffs([{"player": "B", "line": 4, "turn": 2, "rule": "6.1, 6.2",
                          "result": "succeeded"}], actual) == []
    assert _order_diffs([{"player": "B", "line": 4, "turn": 2, "detail": "move"}],
                        actual) == ["orders B line 4: detail move expected, got moved (moved)"]
    assert _order_diffs([{"player": "B", "line": 4, "turn": 3}], actual) == [
        "orders: no order of B on line 4"]
    assert _order_diffs([{"player": "B", "line": 4, "turn": 1, "result": "stands"}],
                        actual) == ["orders B line 4: result stands expected, got void (None)"]
