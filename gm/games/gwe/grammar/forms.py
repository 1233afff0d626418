"""What a Great War in the East message may name as its phase, and the forms of order HELP
sends (docs/orders-gwe.md)."""

from __future__ import annotations

from pathlib import Path

from gm.core.state import ENDED, PLAY
from gm.games.gwe.state import GweState
from orders_grammar.message import OpenPhase, PhaseForms

PHASES = tuple(str(n) for n in range(1, 7))  # a Game-Turn's six Phases (4.0, ruling G17)
PHASE_LINE = "write `TURN <n> PHASE <1-6>` (the Phase of the Game-Turn: 4.0, ruling G17)"
FORMS = Path(__file__).with_name("forms.txt")


def in_play(state: GweState) -> bool:
    return state.stage in (PLAY, ENDED)


def open_phase_of(state: GweState) -> OpenPhase:
    """`TURN 7 PHASE 1`: the Game-Turn and the Phase of it open now."""
    return OpenPhase(state.turn, str(state.phase))


def phase_forms_of() -> PhaseForms:
    return PhaseForms(PHASES, (), PHASES, PHASE_LINE, "REPORT TURN <n> PHASE <1-6>")


def order_forms() -> str:
    return FORMS.read_text(encoding="utf-8")
