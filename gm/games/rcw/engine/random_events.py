"""Random events (12.0, postal 17.0 [4.2] and [12.0]): one roll of two dice per two players,
rounded down in the First Phase and up in the Second."""

from __future__ import annotations

from gm.core.dice import Dice
from gm.games.rcw.data.dataset import UnitId
from gm.games.rcw.data.tables import tables
from gm.games.rcw.engine.board import Board
from gm.games.rcw.engine.facts import RandomEvent
from gm.games.rcw.state import FIRST_PHASE, NON_RED


def rolls_due(players: int, phase: int) -> int:
    """Random Events Phase rolls: half the players, rounded down in the First Phase and up
    in the Second (17.0 [4.2])."""
    return players // 2 if phase == FIRST_PHASE else (players + 1) // 2


def apply(board: Board, dice: Dice, count: int, active: list[str],
          phasing: str | None = None) -> None:
    """`count` random events. A draw goes to a player chosen at random (17.0 [12.0]), or in
    the standard game to the Phasing Player, who rolled (12.13)."""
    for number in range(1, count + 1):
        row = dice.die(f"random event {number}: row")
        column = dice.die(f"random event {number}: column")
        event = tables()["random_events"][row][column - 1]
        kind = event["event"]
        if kind == "epidemic":
            epidemic(board, event["provinces"], (row, column))
        elif kind == "subversive_doubled":
            # 12.12: this Player-Turn's Combat Phase; 17.0 [12.0]: the next Second Phase
            board.update_pending(subversive_doubled=True)
            board.note(f"random event {row}-{column}: Subversive Attacks Doubled (12.12)",
                       RandomEvent(event="subversive attacks doubled", dice=(row, column)))
        else:
            recipient = phasing or dice.recipient(active, f"random event {number}: who draws")
            rule = "12.13" if phasing else "12.13, 17.0 [12.0]"
            board.note(f"random event {row}-{column}: Draw from the Randomizer, player "
                       f"{recipient} ({rule})")
            draw(board, dice, recipient, f"random event {number}", (row, column))


def epidemic(board: Board, names: list[str], dice: tuple[int, int]) -> None:
    """12.11: the strongest combat unit of each Red, Green and White stack (topmost on a tie)
    goes to the unassigned section; Blue, Imperial units and leaders are immune."""
    data = board.data
    codes = [data.province_by_name[name.casefold()].code for name in names]
    lost: list[str] = []
    victims_all: list[UnitId] = []
    where: list[str] = []
    for code in codes:
        for pile in list(board.position.get(code, [])):
            victims = [u for u in pile.units if data.is_combat(u)
                       and data.color(u) in ("red", "green", "white")]
            if not victims:
                continue
            strongest = max(data.combat_units[int(u)].strength for u in victims)
            victim = next(u for u in victims if data.combat_units[int(u)].strength == strongest)
            pile.units.remove(victim)
            board.section(None).units.append(victim)
            victims_all.append(victim)
            where.append(code)
            lost.append(f"{data.describe(victim)} in {code}")
        board._tidy(code)
    board.note(f"random event {dice[0]}-{dice[1]}: Epidemic in {', '.join(codes)} (12.11): "
               + (", ".join(lost) or "no unit affected"),
               RandomEvent(event="epidemic", dice=dice, provinces=tuple(codes),
                           lost=tuple(victims_all), lost_in=tuple(where)))


def _gone(board: Board, nationality: str) -> bool:
    """Is every unit of a nationality off the map (withdrawn or eliminated)?"""
    data = board.data
    units = {u.id for u in data.combat_units.values() if u.nationality == nationality}
    return not any(u in units for piles in board.position.values() for pile in piles
                   for u in pile.units)


def draw(board: Board, dice: Dice, recipient: str, purpose: str,
         event: tuple[int, int] | None = None) -> None:
    """One chit from the Auxiliary Forces Randomizer for `recipient` (12.13); `event`: the
    random event's roll that called for it, told with what was drawn."""
    data = board.data

    def drew(chit: str | None) -> RandomEvent | None:
        return None if event is None else RandomEvent(event="draw", dice=event,
                                                      player=recipient, drawn=chit)
    while board.randomizer:
        chit = dice.draw(sorted(board.randomizer), f"{purpose}: chit for {recipient}")
        board.randomizer.remove(chit)
        section = board.section(recipient)
        if chit in ("ASSASSIN", "POLITBURO"):
            if chit == "ASSASSIN":
                section.assassin += 1
            else:
                section.politburo += 1
            board.note(f"player {recipient} draws {chit}", drew(chit))
            return
        kind, nationality = chit.split(":", 1)
        if kind == "CTRL" and board.state.mode == "solitaire" and recipient != NON_RED:
            board.note(f"player {recipient} draws {chit}: it goes to the non-Red Player (20.12)")
            recipient, section = NON_RED, board.section(NON_RED)
        blue = data.counters.nationalities[nationality].color == "blue"
        if _gone(board, nationality) and blue:
            board.note(f"player {recipient} draws {chit}, a force no longer on the map, and "
                       "draws again (12.13)")
            continue
        if kind == "CTRL":
            section.markers.append(chit)
            taken = _take_control(board, recipient, nationality)
            board.note(f"player {recipient} draws {chit}: {taken} (5.61, 5.71, 12.13)",
                       drew(chit))
            return
        removed = _withdraw(board, nationality, recipient)
        board.note(f"player {recipient} draws {chit}: {removed} (5.66, 12.13)", drew(chit))
        return
    board.note(f"the Auxiliary Forces Randomizer is empty: player {recipient} draws nothing",
               drew(None))


def _take_control(board: Board, player: str, nationality: str) -> str:
    data = board.data
    taken: list[UnitId] = []
    for piles in board.position.values():
        for pile in piles:
            units = [u for u in pile.units if isinstance(u, int) and data.is_combat(u)
                     and data.units[u].nationality == nationality]
            if units and pile.player is None and units[0] == pile.units[0]:
                pile.player = player  # 7.23; units under another player's leader stay (13.26)
                taken += units
    return "controls " + (" ".join(map(str, taken)) or "no unit on the map")


def _withdraw(board: Board, nationality: str, recipient: str) -> str:
    """5.66, 12.13: every unit of the nationality leaves the map for good; Czechoslovak units
    in Vladivostok go face down to the chart of the player controlling them (5.66 note, 14.45;
    docs/rulings.md R20)."""
    data = board.data
    gone: list[str] = []
    for province in list(board.position):
        for pile in list(board.position[province]):
            for unit in [u for u in pile.units if isinstance(u, int) and data.is_combat(u)
                         and data.units[u].nationality == nationality]:
                pile.units.remove(unit)
                if nationality == "CZ" and province == "VLAD":
                    board.section(pile.player).face_down.append(unit)
                else:
                    board.removed.append(unit)
                gone.append(str(unit))
        board._tidy(province)
    return "removes " + (" ".join(gone) or "nothing")
