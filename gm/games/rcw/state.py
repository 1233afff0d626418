"""The state of a Russian Civil War game: the common state (gm.core.state) with the chart, the
hands, the randomizers and everything pending.

Functions that change the game take a state and return a new one (`model_copy(update=...)`);
nothing mutates a state in place. `to_json` and `from_json` round-trip exactly.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from gm.core.state import Frozen, GameStateBase, Stack, UnitId

UNASSIGNED = "unassigned"  # the chart section of units no player earned (8.46, 12.11)

Stage = Literal["trading", "deployment", "play", "ended"]
Mode = Literal["postal", "standard", "solitaire"]  # 17.0's two Phases, 4.2's Player-Turns, 19.2
PLAYER_TURNS = ("standard", "solitaire")  # the modes played one Player-Turn at a time
NON_RED = "N"  # the solitaire game's non-Red Player, played by the program (18.0)
RED = "R"  # the solitaire game's one human player (18.0)
Victory = Literal["red", "white",  # 14.1
                  "red decisive", "red substantive", "red marginal", "non-red decisive",
                  "draw"]  # 28.12, 28.13, 28.15
PostalPhase = Literal[0, 1, 2]  # 17.0 [4.2]: the First and Second Phases; 0 before the game
FIRST_PHASE: PostalPhase = 1
SECOND_PHASE: PostalPhase = 2
PHASE_NAMES: dict[int, str] = {FIRST_PHASE: "First Phase", SECOND_PHASE: "Second Phase"}


class ChartSection(Frozen):
    """A section of the Victory Point Chart (14.5) and the markers kept on it (15.34, 12.13)."""

    politburo: int = 0
    assassin: int = 0
    units: tuple[UnitId, ...] = ()  # face up: eliminated (8.45, 10.21, 12.11), executed Czar
    face_down: tuple[UnitId, ...] = ()  # removed for Victory Points (14.45, 14.46)
    markers: tuple[str, ...] = ()  # Blue and Green control markers: "CTRL:FR"


class Hand(Frozen):
    """What a player was dealt and traded before the markers go to the chart (15.31-15.34)."""

    units: tuple[int, ...] = ()
    politburo: int = 0
    assassin: int = 0


class DeployOrder(Frozen):
    """A player's chosen stack for the Initial Deployment (15.5, 15.54), top to bottom."""

    player: str
    province: str
    units: tuple[UnitId, ...]


class Pending(Frozen):
    subversive_doubled: bool = False  # 12.12, postal 12.0: applies to the next Second Phase
    red_replacements_suspended: int = 0  # Replacement Phases left without Red replacements (9.14)
    permanently_eliminated: tuple[int, ...] = ()  # assassinated leaders (10.21)
    quit_players: tuple[str, ...] = ()  # 14.2
    purged_this_turn: tuple[str, ...] = ()  # players who took part in a Purge (11.13)
    red_leaders_lost_this_turn: tuple[int, ...] = ()  # Lenin, Trotsky killed this turn (9.14)
    czar_execution_ordered: bool = False  # 13.5 postal: awaiting the holder's answer
    moved_this_turn: tuple[UnitId, ...] = ()  # standard: leaders, Blue and Green units (5.28)


class Solitaire(Frozen):
    """What the solitaire game keeps besides the common state (18.0-28.0)."""

    paths: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # unit: target path (21.24)
    leader_die: int | None = None  # this Red Leader Determination's die (24.0)
    leaders_allowed: int = 0  # Red leaders he may deploy now besides Lenin and Trotsky (24.12)
    # the Game-Turns whose Red Leader Determination Phase Lenin's or Trotsky's death passes
    # over (24.14-24.17, ruling R67); kept once passed, so that 24.17 can tell which came first
    determinations_passed_over: tuple[int, ...] = ()


class GameState(GameStateBase):
    """`sequence` is the Player-Turn order of the Game-Turn (4.2, 15.62). `phase`: in the
    postal game the First or Second Phase (17.0); in the standard game the Player-Turn under
    way, counted from 1 in `sequence` (4.2 A), its player the Phasing Player."""

    game: Literal["rcw"] = "rcw"
    mode: Mode = "postal"
    stage: Stage
    phase: int = Field(default=0, ge=0, le=6)
    hands: dict[str, Hand] = Field(default_factory=dict)
    chart: dict[str, ChartSection] = Field(default_factory=dict)
    deploy_orders: tuple[DeployOrder, ...] = ()
    initial_randomizer: tuple[str, ...] = ()  # "151", "POLITBURO", "ASSASSIN" (15.22)
    auxiliary_randomizer: tuple[str, ...] = ()  # "CTRL:FR", "WITHDRAW:FR", "ASSASSIN" (15.23)
    player_turn_randomizer: tuple[str, ...] = ()  # player letters (15.21)
    removed: tuple[UnitId, ...] = ()  # out of play: withdrawn Blue units (5.66, 12.13)
    pending: Pending = Field(default_factory=Pending)
    victory: Victory | None = None  # 14.1 or 28.0, once the game has ended
    solitaire: Solitaire | None = None  # the solitaire game's own (18.0-28.0)

    @model_validator(mode="before")
    @classmethod
    def _skips_as_game_turns(cls, data: Any) -> Any:
        """A solitaire state saved before issue 23 counted the Determination Phases still to
        pass over (`determinations_skipped`). A saved state awaits the Red Player's orders, its
        own Game-Turn's Determination behind it: they are those of the Game-Turns after it."""
        kept = data.get("solitaire") if isinstance(data, dict) else None
        if not isinstance(kept, dict) or "determinations_skipped" not in kept:
            return data
        kept = dict(kept)
        skipped, turn = int(kept.pop("determinations_skipped")), int(data.get("turn", 0))
        kept.setdefault("determinations_passed_over", tuple(range(turn + 1, turn + 1 + skipped)))
        return {**data, "solitaire": kept}

    def phasing_player(self) -> str | None:
        """The Phasing Player of the standard or solitaire game (4.1, 19.2); None in the
        postal game or out of play."""
        if self.mode not in PLAYER_TURNS or self.stage != "play" or \
                not 0 < self.phase <= len(self.sequence):
            return None
        return self.sequence[self.phase - 1]

    def players_in_game(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.pending.quit_players)


__all__ = ["NON_RED", "PLAYER_TURNS", "RED", "UNASSIGNED", "ChartSection", "DeployOrder",
           "GameState", "Hand", "Pending", "Solitaire", "Stack", "Stage", "UnitId"]
