"""The cases of a scenario's own stages (docs/cases-gwe.md): a side's set-up checked and its
attrition rolled (Serbia/Galicia 26.31, 26.32), and the Game-Turn Record Interphase (25.13,
with 26.3's end)."""

from __future__ import annotations

from typing import Any

from gm.core.dice import Dice
from gm.games.gwe.cases.load import CaseError, CaseFile
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.rules.serbia_galicia.attrition import pre_play_attrition
from gm.games.gwe.rules.serbia_galicia.interphase import record_interphase
from gm.games.gwe.rules.serbia_galicia.setup import setup_problems
from gm.games.gwe.state import GweState

# 26.32: who rolls for a side's set-up (Serbia/Galicia's two nationalities in Galicia)
ATTRITION_NATIONALITY = {"central": "AH", "allied": "RU"}


def run_stage(case: CaseFile, data: GweData, state: GweState, dice: Dice
              ) -> tuple[GweState, dict[str, Any]]:
    """The stage carried out; the state after and the stage's own output keys."""
    if case.stage == "setup":
        return _setup(case, data, state, dice)
    done = record_interphase(state, data)
    return done.state, {"vp": done.state.vp, "victory": done.victory,
                        "log": list(done.events())}


def _setup(case: CaseFile, data: GweData, state: GweState, dice: Dice
           ) -> tuple[GweState, dict[str, Any]]:
    side = case.side
    if side not in ATTRITION_NATIONALITY or side not in data.counters.sides:
        raise CaseError(f"a setup case names the side whose set-up it checks: side: "
                        f"{' or '.join(ATTRITION_NATIONALITY)} (got {side})")
    problems = setup_problems(state, data, side)
    if problems:  # 26.31 first: a set-up that fails it is not rolled for
        return state, {"setup": problems, "vp": state.vp, "log": problems}
    state, rolls = pre_play_attrition(state, data, ATTRITION_NATIONALITY[side], dice)
    return state, {"setup": "ok", "vp": state.vp, "log": [str(r) for r in rolls]}


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
