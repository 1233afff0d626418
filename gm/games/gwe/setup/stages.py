"""How the set-up stages of a Great War in the East campaign are named: in a message's phase
line (`PHASE SETUP`), at `gm status` and in `gm history` (a scenario's deployments)."""

from __future__ import annotations

from gm.games.gwe.rules.game_values import Scenario
from gm.games.gwe.rules.sequence import PLAYER_TURN, PLAYER_TURNS
from gm.games.gwe.setup.orders import open_deployment
from gm.games.gwe.state import GweState
from orders_grammar.message import OpenPhase, PhaseForms

SETUP = "SETUP"
PHASES = tuple(str(n) for n in range(1, len(PLAYER_TURN) * PLAYER_TURNS + 1))  # ruling G17
PHASE_LINE = "write `PHASE SETUP` during the set-up, `TURN <n> PHASE <1-6>` in play"
SETUP_FORMS = PhaseForms(PHASES, (SETUP,), PHASES, PHASE_LINE, "REPORT TURN <n> PHASE <1-6>")


def setup_open_phase(state: GweState, scenario: Scenario) -> OpenPhase:
    open_deployment(state, scenario)  # refused when none is open
    return OpenPhase(None, SETUP)


def setup_title(state: GweState, scenario: Scenario) -> str:
    """`<scenario>, before Game-Turn 7: the <side> deployment (<its case>)`."""
    return (f"{scenario.title}, before Game-Turn {state.turn}: "
            f"{open_deployment(state, scenario).title} ({scenario.setup_rule})")


def setup_player(state: GweState, scenario: Scenario) -> str:
    """The player whose DEPLOY orders the open deployment waits for."""
    return open_deployment(state, scenario).player
