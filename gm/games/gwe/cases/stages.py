"""The cases of a scenario's own stages (docs/cases-gwe.md): a side's set-up checked and its
attrition rolled, and the Game-Turn Record Interphase (4.0 C, with the scenario's end), as
the case's game has them (ExclusiveRules.setup_problems, setup_attrition, interphase)."""

from __future__ import annotations

from typing import Any

from gm.core.dice import Dice
from gm.games.gwe.cases.load import CaseError, CaseFile
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.setup.closing import setup_problems
from gm.games.gwe.state import GweState


def run_stage(case: CaseFile, data: GweData, state: GweState, dice: Dice
              ) -> tuple[GweState, dict[str, Any]]:
    """The stage carried out; the state after and the stage's own output keys."""
    if case.stage == "setup":
        return _setup(case, data, state, dice)
    game = exclusive_rules(data)
    scenario = game.scenario_of(state)
    done = game.interphase(state, data, scenario.last_turn if scenario else state.turn)
    return done.state, {"vp": done.state.vp, "victory": done.victory, "log": list(done.events)}


def _setup(case: CaseFile, data: GweData, state: GweState, dice: Dice
           ) -> tuple[GweState, dict[str, Any]]:
    side, game = case.side, exclusive_rules(data)
    scenario = game.scenario_of(state)
    deployments = {d.side: d for d in scenario.deployments} if scenario else {}
    if side not in deployments or side not in data.counters.sides:
        raise CaseError(f"a setup case names the side whose set-up it checks: side: "
                        f"{' or '.join(deployments) or '(none: its game deploys no side)'} "
                        f"(got {side})")
    problems = setup_problems(state, data, side)
    if problems:  # the set-up checked first: one that fails it is not rolled for
        return state, {"setup": problems, "vp": state.vp, "log": problems}
    state, rolls = game.setup_attrition(state, data, deployments[side].nationality, dice)
    return state, {"setup": "ok", "vp": state.vp, "log": list(rolls)}


def stage_diffs(expect: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """`setup` (ok, or phrases each found in a problem, every problem matched by one),
    `vp` and `victory` compared."""
    diffs: list[str] = []
    if "setup" in expect:
        wanted, got = expect["setup"], actual.get("setup")
        if wanted == "ok" or got == "ok":
            if wanted != got:
                diffs.append(f"setup: expected {wanted}, got {got}")
        else:
            phrases = [str(p) for p in (wanted if isinstance(wanted, list) else [wanted])]
            diffs += [f"setup: no problem says {p!r} (got {got})" for p in phrases
                      if not any(p in problem for problem in got or [])]
            diffs += [f"setup: a problem the case does not expect: {problem}"
                      for problem in got or [] if not any(p in problem for p in phrases)]
    for key in ("vp", "victory"):
        if key in expect and expect[key] != actual.get(key):
            diffs.append(f"{key}: expected {expect[key]}, got {actual.get(key)}")
    return diffs
