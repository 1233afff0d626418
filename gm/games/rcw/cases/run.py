"""Running an adjudication case and comparing it with its `expect:` (docs/cases.md)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from gm.core.dice import ChanceError, ForcedDice
from gm.engine.results import OrderResult
from gm.games import system
from gm.games.case_files import cited, order_diffs, parse_case_orders
from gm.games.rcw.cases.load import CaseError, CaseFile, load_case, next_determination
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine import solitaire, standard
from gm.games.rcw.engine.postal import adjudicate
from gm.games.rcw.engine.standing import merged, standing_orders
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.orders.model import Order
from gm.games.rcw.rules.victory import ranking, victory_points
from gm.games.rcw.state import UNASSIGNED, GameState


class CaseFailed(system.CaseFailed):
    """The case ran but cannot be completed as written (dice, draws, recipients)."""


def _chart_json(state: GameState) -> dict[str, Any]:
    chart: dict[str, Any] = {}
    for name in [*state.players, UNASSIGNED]:
        section = state.chart.get(name)
        if section is None:
            continue
        entry: dict[str, Any] = {"units": list(section.units)}
        if name != UNASSIGNED:
            entry = {"politburo": section.politburo, "assassin": section.assassin,
                     **entry, "markers": list(section.markers)}
        if section.face_down:
            entry["face_down"] = list(section.face_down)
        chart[name] = entry
    return chart


def _dice_used(dice: ForcedDice) -> int:
    return sum(1 for roll in dice.log if roll.kind == "die")


def _player_turns(case: CaseFile, data: GameData, state: GameState, dice: ForcedDice,
                  skip: frozenset[str]) -> tuple[GameState, list[dict[str, Any]], list[str]]:
    """Several Player-Turns of the standard game one after another (docs/cases-standard.md),
    each player's LOSSES and END GAME standing into the next ones as in a campaign (R58):
    the state after the last, each Player-Turn's entry of the output, and the whole log."""
    played: list[dict[str, Any]] = []
    log: list[str] = []
    earlier: list[tuple[str, int, tuple[Order, ...]]] = []
    for number, entry in enumerate(case.player_turns or [], 1):
        if state.stage != "play":
            raise CaseError(f"player_turns entry {number}: the game ended before it")
        orders, refused = parse_case_orders(
            entry.orders, lambda text: parse_message(text, Names(data)), CaseError)
        before = _dice_used(dice)
        result = standard.adjudicate(state, data, merged(
            state, orders, standing_orders(state, earlier)), dice,
            skip if number == 1 else frozenset(case.skip))  # `step` is the first one's
        earlier += [(player, state.turn, given) for player, given in sorted(orders.items())]
        listed = [r.as_json() for r in _in_order([*result.results, *refused])]
        played.append({"turn": state.turn, "phase": state.phase,
                       "phasing": state.phasing_player(), "next": _next(result.state),
                       **_outcome(result.state, data, listed, _dice_used(dice) - before,
                                  result.log)})
        log += result.log
        state = result.state
    return state, played, log


def _in_order(results: list[OrderResult]) -> list[OrderResult]:
    return sorted(results, key=lambda r: (r.player, r.line))


def run_case(path: Path) -> dict[str, Any]:
    """Adjudicate the case's phase; the outcome as the JSON object of cases.md."""
    case, data, state = load_case(path)
    orders, refused = parse_case_orders(
        case.orders, lambda text: parse_message(text, Names(data)), CaseError)
    dice = ForcedDice(list(case.dice), list(case.draws), list(case.recipients))
    played: dict[str, Any] = {}
    try:
        # step: combat: the Phasing Player's movement is over (docs/cases-standard.md)
        skip = frozenset([*case.skip, *(["movement"] if case.step == "combat" else [])])
        if case.player_turns:
            outcome, turns, log = _player_turns(case, data, state, dice, skip)
            played["player_turns"] = turns
            listed = [{"turn": turn["turn"], "phase": turn["phase"], **entry}
                      for turn in turns for entry in turn["orders"]]
        else:
            if case.mode == "solitaire":  # docs/cases-solitaire.md
                result = solitaire.run_case_step(state, data, orders, dice, case.step,
                                                 frozenset(case.skip))
            elif case.mode == "standard":
                result = standard.adjudicate(state, data, orders, dice, skip)
            else:
                result = adjudicate(state, data, orders, dice, skip)
            outcome, log = result.state, result.log
            listed = [r.as_json() for r in _in_order([*result.results, *refused])]
    except ChanceError as exc:
        raise CaseFailed(str(exc)) from None
    left = dice.unused()
    if left:
        raise CaseFailed(f"the case forces more chance than the phase used: {left} unused")
    if case.mode == "standard":
        played = {"mode": "standard", "phasing": state.phasing_player(), **played,
                  "next": _next(outcome)}
    if case.mode == "solitaire":
        played = {"mode": "solitaire", "step": case.step,
                  "next": {"turn": outcome.turn, "stage": outcome.stage},
                  "solitaire": _solitaire_json(outcome, case.step, case.turn)}
    return {"case": case.case, "turn": case.turn, "phase": case.phase, **played,
            **_outcome(outcome, data, listed, _dice_used(dice), log)}


def _next(state: GameState) -> dict[str, Any]:
    """The standard game's Player-Turn a state has open (docs/cases-standard.md)."""
    return {"turn": state.turn, "phase": state.phase, "phasing": state.phasing_player()}


def _outcome(state: GameState, data: GameData, orders: list[dict[str, Any]], dice_used: int,
             log: list[str]) -> dict[str, Any]:
    """What a phase (or one Player-Turn of a case that plays several) leaves, as cases.md's
    output gives it."""
    points = victory_points(state, data, state.victory) \
        if state.victory in ("red", "white") else None
    ranked = ranking(points) if points is not None else None  # shared places: ruling R66
    return {
        "position": {p: [{"player": s.player, "units": list(s.units)} for s in stacks]
                     for p, stacks in state.position.items()},
        "chart": _chart_json(state),
        "orders": orders,
        "randomizer": sorted(state.auxiliary_randomizer),
        "pending": state.pending.model_dump(mode="json"),
        "removed": list(state.removed),
        "dice_used": dice_used,
        "victory": state.victory,
        "victory_points": points,
        "ranking": [p.player for p in ranked] if ranked is not None else None,
        "places": {p.player: p.place for p in ranked} if ranked is not None else None,
        "log": log,
    }


def _solitaire_json(state: GameState, step: str, turn: int) -> dict[str, Any] | None:
    """The solitaire game's own members, with `determinations_skipped`: the Determinations
    still to pass over after the step (docs/cases-solitaire.md)."""
    if state.solitaire is None:
        return None
    first = next_determination(step, turn, after=True)
    return {**state.solitaire.model_dump(mode="json"), "determinations_skipped": sum(
        1 for t in state.solitaire.determinations_passed_over if t >= first)}


def _same_list(expected: Any, actual: Any, as_multiset: bool) -> bool:
    if not isinstance(expected, list):
        return bool(expected == actual)
    if as_multiset:
        return Counter(map(str, expected)) == Counter(map(str, actual))
    return bool(expected == actual)


def compare(expect: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """Every difference between what the case expects and what came out."""
    diffs: list[str] = []
    for province, stacks in (expect.get("position") or {}).items():
        got = actual["position"].get(province, [])
        want = [{"player": s.get("player"), "units": [u.upper() if isinstance(u, str) else u
                                                      for u in s.get("units", [])]}
                for s in stacks or []]
        if sorted(map(repr, want)) != sorted(map(repr, got)):  # stacks in any order (7.15)
            diffs.append(f"position.{province}: expected {want}, got {got}")
    for section, fields in (expect.get("chart") or {}).items():
        got = actual["chart"].get(section, {})
        for key, value in (fields or {}).items():
            have = got.get(key, [] if isinstance(value, list) else 0)
            if not _same_list(value, have, as_multiset=True):
                diffs.append(f"chart.{section}.{key}: expected {value}, got {have}")
    diffs += _order_diffs(expect.get("orders") or [], actual["orders"])
    if "randomizer" in expect and not _same_list(expect["randomizer"], actual["randomizer"],
                                                 as_multiset=True):
        diffs.append(f"randomizer: expected {sorted(expect['randomizer'])}, got "
                     f"{actual['randomizer']}")
    for key, value in (expect.get("pending") or {}).items():
        have = actual["pending"].get(key)
        if not _same_list(value, have, as_multiset=False):
            diffs.append(f"pending.{key}: expected {value}, got {have}")
    for key in ("victory", "victory_points", "ranking", "places"):
        if key in expect and expect[key] != actual[key]:
            diffs.append(f"{key}: expected {expect[key]}, got {actual[key]}")
    if "removed" in expect and not _same_list(expect["removed"], actual["removed"], True):
        diffs.append(f"removed: expected {expect['removed']}, got {actual['removed']}")
    for key, value in (expect.get("next") or {}).items():  # the standard game's next turn
        have = (actual.get("next") or {}).get(key)
        if value != have:
            diffs.append(f"next.{key}: expected {value}, got {have}")
    return diffs + _player_turn_diffs(expect, actual) + _solitaire_diffs(expect, actual)


def _order_diffs(expected: list[dict[str, Any]], actual: list[dict[str, Any]]) -> list[str]:
    """Each expected order result against the one of that player and line (and, where the
    entry names them, of that Player-Turn); `rule` found among the rules cited, or the whole
    of what is cited; an expected `void` matches an order that `stands` (the case format's
    five words: a void kept in force, R58)."""
    return order_diffs(expected, actual, lambda rule, cites: rule in cited(cites) or rule == cites,
                       within=("turn", "phase"), alike=(("result", "void", "stands"),))


def _player_turn_diffs(expect: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """docs/cases-standard.md: each Player-Turn of a case that plays several, in order."""
    diffs: list[str] = []
    played = actual.get("player_turns") or []
    for number, wanted in enumerate(expect.get("player_turns") or [], 1):
        if number > len(played):
            diffs.append(f"player_turns: {len(played)} played, entry {number} expected")
            break
        got = played[number - 1]
        wanted = wanted or {}
        diffs += [f"player_turns.{number}.{key}: expected {wanted[key]}, got {got.get(key)}"
                  for key in ("turn", "phase", "phasing", "dice_used")
                  if key in wanted and wanted[key] != got.get(key)]
        diffs += [f"player_turns.{number}: {diff}" for diff in compare(wanted, got)]
    return diffs


def _solitaire_diffs(expect: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """docs/cases-solitaire.md: the paths and leader die each as listed; every `log` text
    found in a line of the log (the automaton's explanations)."""
    diffs: list[str] = []
    kept = actual.get("solitaire") or {}
    for key, value in (expect.get("solitaire") or {}).items():
        if key == "paths":
            for unit, path in (value or {}).items():
                have = (kept.get("paths") or {}).get(str(unit))
                if list(path) != list(have or []):
                    diffs.append(f"solitaire.paths.{unit}: expected {path}, got {have}")
        elif kept.get(key) != value:
            diffs.append(f"solitaire.{key}: expected {value}, got {kept.get(key)}")
    for text in expect.get("log") or []:
        if not any(str(text) in line for line in actual["log"]):
            diffs.append(f"log: no line says {text!r}")
    return diffs
