"""Running a Great War in the East case and comparing it with its `expect:`
(docs/cases-gwe.md)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from gm.core.dice import ChanceError, ForcedDice
from gm.core.errors import GameError
from gm.games import system
from gm.games.case_files import cited, order_diffs, parse_case_orders
from gm.games.gwe.cases.load import CaseError, later_phases, load_case, replacement
from gm.games.gwe.cases.phases import play
from gm.games.gwe.cases.stages import run_stage, stage_diffs
from gm.games.gwe.data.hexes import HexError, parse_hex
from gm.games.gwe.grammar.messages import parse_message
from gm.games.gwe.grammar.names import Names
from gm.games.gwe.rules.exclusive import Games
from gm.games.gwe.state import GweState

QUALIFIER = re.compile(r"^gwe(-[a-z][a-z0-9-]*)?:")  # the game a citation names (G7)
UNIT_FIELDS = ("place", "hex", "steps_lost", "entrained", "out_of_supply", "out_of_command",
               "off_map_points", "off_map_to", "delayed_to", "delayed_until")


class CaseFailed(system.CaseFailed):
    """The case ran but cannot be completed as written (its dice)."""


def _units_json(state: GweState) -> dict[str, dict[str, Any]]:
    return {u: {k: v for k, v in unit.model_dump(mode="json").items()
                if k in UNIT_FIELDS and (v or k in ("place", "steps_lost"))}
            for u, unit in sorted(state.units.items())}


def run_case(path: Path, games: Games) -> dict[str, Any]:
    """The case's Phase (or scenario stage) adjudicated, its game one of `games`; the outcome
    as docs/cases-gwe.md's JSON object."""
    case, data, state, sides = load_case(path, games)
    dice = ForcedDice(list(case.dice), [], [])
    if case.stage != "phase":
        if case.orders:
            raise CaseError(f"{path}: a {case.stage} case takes no orders")
        try:
            after, own = run_stage(case, data, state, dice)
        except ChanceError as exc:
            raise CaseFailed(str(exc)) from None
        _all_dice_used(dice)
        return {"case": case.case, "game": "gwe", "stage": case.stage, "turn": case.turn,
                **_outcome(state, after, dice), "orders": [], **own}
    names = Names(data)
    steps = [(turn, phase, *parse_case_orders(written, lambda text: parse_message(text, names),
                                              CaseError))
             for turn, phase, written in [(case.turn, case.phase, case.orders),
                                          *later_phases(case)]]
    try:
        done = play(state, data, sides, steps, dice, replacement(case))
    except ChanceError as exc:
        raise CaseFailed(str(exc)) from None
    except GameError as exc:  # a Phase the game has not (4.0's Game-Turn 1): the case's fault
        raise CaseError(f"{path}: {exc}") from None
    _all_dice_used(dice)
    return {
        "case": case.case, "game": "gwe", "turn": case.turn, "phase": case.phase,
        "phasing": done.phases[0]["phasing"], **_outcome(state, done.state, dice),
        "orders": done.results, "vp": done.state.vp, "log": done.events,
        **({"played": done.phases} if case.then else {}),
    }


def _all_dice_used(dice: ForcedDice) -> None:
    left = dice.unused()
    if left:
        raise CaseFailed(f"the case forces more chance than its Phases used: {left} unused")


def _outcome(before: GweState, after: GweState, dice: ForcedDice) -> dict[str, Any]:
    """The position after, what was eliminated, and the dice: as every kind of case has it."""
    position: dict[str, list[str]] = {}
    for unit_id, where in sorted(after.on_map()):
        position.setdefault(str(where), []).append(unit_id)
    return {
        "units": _units_json(after),
        "position": dict(sorted(position.items())),
        "eliminated": sorted(u for u, s in after.units.items() if s.place == "eliminated"
                             and before.units[u].place != "eliminated"),
        "fortresses": dict(sorted(after.fortress_steps_lost.items())),
        "tracks": dict(sorted(after.tracks.items())),
        "dice": [{"purpose": r.purpose, "value": int(r.value)} for r in dice.log],
        "dice_used": len(dice.log),
    }


def _hex(text: Any) -> str:
    try:
        return str(parse_hex(str(text)))
    except HexError:
        return str(text)


def _unit_diffs(expect: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    diffs: list[str] = []
    for unit_id, wanted in (expect.get("units") or {}).items():
        got = actual["units"].get(unit_id)
        if got is None:
            diffs.append(f"units.{unit_id}: no such unit")
            continue
        if not isinstance(wanted, dict):  # "0505", or a place word
            word = str(wanted)
            wanted = {"place": word} if word in ("eliminated", "pending", "off_map") else \
                {"hex": _hex(word)}
        for key, value in wanted.items():
            have = got.get(key, 0 if key in ("steps_lost", "off_map_points") else
                           False if key in ("entrained", "out_of_supply", "out_of_command")
                           else None)
            if key in ("hex", "off_map_to", "delayed_to") and value is not None:
                value = _hex(value)
            if have != value:
                diffs.append(f"units.{unit_id}.{key}: expected {value}, got {have}")
    return diffs


def compare(expect: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """Every difference between what the case expects and what came out."""
    diffs = _unit_diffs(expect, actual)
    for where, units in (expect.get("position") or {}).items():
        got = actual["position"].get(_hex(where), [])
        if sorted(units or []) != sorted(got):
            diffs.append(f"position.{_hex(where)}: expected {sorted(units or [])}, got {got}")
    if "eliminated" in expect and Counter(expect["eliminated"] or []) != \
            Counter(actual["eliminated"]):
        diffs.append(f"eliminated: expected {sorted(expect['eliminated'] or [])}, got "
                     f"{actual['eliminated']}")
    for where, lost in (expect.get("fortresses") or {}).items():
        have = actual["fortresses"].get(_hex(where), 0)
        if have != lost:
            diffs.append(f"fortresses.{_hex(where)}: expected {lost} Steps lost, got {have}")
    for track, points in (expect.get("tracks") or {}).items():
        have = actual["tracks"].get(track)
        if have != points:
            diffs.append(f"tracks.{track}: expected {points}, got {have}")
    if "dice_used" in expect and expect["dice_used"] != actual["dice_used"]:
        diffs.append(f"dice_used: expected {expect['dice_used']}, got {actual['dice_used']}")
    diffs += order_diffs(expect.get("orders") or [], actual["orders"], _rule_found,
                         within=("turn", "phase"), found_in=("detail", "text"))
    diffs += stage_diffs(expect, actual)
    for text in expect.get("log") or []:
        if not any(str(text) in line for line in actual["log"]):
            diffs.append(f"log: no line says {text!r}")
    return diffs


def _rule_found(rule: str, cites: Any) -> bool:
    """A case's `rule` among those the order cites, written with or without `gwe:` (or a
    game's `gwe-<game>:`, which an order's rule names as written or bare)."""
    found = cited(cites)
    return rule.removeprefix("gwe:") in found or QUALIFIER.sub("", rule) in found


def check_case(path: Path, games: Games) -> tuple[str, list[str]]:
    case = load_case(path, games)[0]
    return case.case, compare(case.expect, run_case(path, games))
