"""The checks of the Combat Phase's orders and of the standing orders a player gives for when
he is attacked or may withdraw: ATTACK (8.1, 8.2, 8.7, 8.9, 10.2), DEFEND (8.6, 8.9) and
WITHDRAW (12.1)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.data.values import current_values
from gm.games.gwe.orders.checks import own_units, retreat_shape, starts_at
from gm.games.gwe.orders.context import Context
from gm.games.gwe.rules.attack_costs import shortfall
from gm.games.gwe.rules.cavalry import WITHDRAWAL_HEXES, may_try
from gm.games.gwe.rules.combat import gives_shift
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.hq_shifts import parenthesized
from gm.games.gwe.rules.steps import enemy_units_in
from gm.orders.refusal import Breach

RETREAT_HEXES = 2  # 8.9: one or two hexes
DEFENDER_RESULTS = ("1", "2", "3")  # 8.9: E leaves no choice


def _defended(ctx: Context, where: Hex) -> bool:
    """An Enemy unit stands there, or an undestroyed Enemy fortress (11.13's example attacks
    one unoccupied)."""
    fortress = ctx.data.fortress(where)
    return bool(enemy_units_in(ctx.state, ctx.data, where, ctx.side)) or (
        fortress is not None and fortress.side != ctx.side
        and not ctx.state.fortress_destroyed(where))


def _attackers(ctx: Context, hexes: Sequence[Hex], units: Sequence[str]) -> Iterator[Breach]:
    for unit_id in units:
        at = ctx.hex_of(unit_id)
        values = current_values(ctx.data.units[unit_id], ctx.state.unit(unit_id).steps_lost)
        if unit_id in ctx.attacking:
            yield Breach(f"{unit_id} attacks twice", "8.14")
        elif values.attack == 0:
            yield Breach(f"{unit_id} has no Attack Strength", "8.12, 10.51")
        elif ctx.is_entrained(unit_id):
            yield Breach(f"{unit_id} is entrained and may not attack", "5.36")
        elif at is not None and any(h not in ctx.data.neighbours(at) for h in hexes):
            yield Breach(f"{unit_id} in {at} is not next to every hex attacked", "8.11, 8.23")


def _shifts(ctx: Context, units: Sequence[str], shifts: Sequence[str]) -> Iterator[Breach]:
    levels: set[str] = set()
    game = exclusive_rules(ctx.data)
    passed: list[str] = []  # the HQs shifting it, through which a parenthesized shift goes
    for hq_id in sorted(shifts, key=lambda u: parenthesized(ctx.data, u)):
        rating = ctx.data.units[hq_id].hq
        problem = None if rating is None or not rating.parenthesized else \
            game.parenthesized_shift(ctx.state, ctx.data, hq_id, passed, units)
        if rating is None:
            yield Breach(f"{hq_id} is not a HQ unit", "10.11")
        elif hq_id in ctx.shifting and rating.parenthesized:
            yield Breach(f"{hq_id}'s Attack Shift goes to one attack a Game-Turn",
                         game.parenthesized_shift_rule)
        elif hq_id in ctx.shifting:
            yield Breach(f"{hq_id} gives its Attack Shift to one attack a Combat Phase", "10.11")
        elif rating.level in levels:
            yield Breach(f"a second {rating.level} HQ's Attack Shift for one attack", "10.22")
        elif rating.heroic and hq_id in ctx.attacking:
            yield Breach(f"the Heroic leader {hq_id} attacks in another combat", "10.24")
        elif rating.parenthesized:
            if problem is not None:
                yield Breach(problem, game.parenthesized_shift_rule)
        elif not gives_shift(ctx.state, ctx.data, hq_id, tuple(units)):
            yield Breach(f"fewer than half the attacking Steps are within {hq_id}'s Command "
                         "Radius", "10.21")
        elif not game.army_integrity(ctx.state, ctx.data, hq_id, units):
            yield Breach(f"not over half the attacking Steps are of {hq_id}'s army",
                         game.army_integrity_rule)
        else:
            passed.append(hq_id)
        if rating is not None:
            levels.add(rating.level)
    for unit_id in units:
        rating = ctx.data.units[unit_id].hq
        if rating is not None and rating.heroic and unit_id in ctx.heroic_shifts:
            yield Breach(f"the Heroic leader {unit_id} gave its Attack Shift to another "
                         "combat", "10.24")


def _cost(ctx: Context, units: Sequence[str]) -> Iterator[Breach]:
    """What the attack spends from a track of its game's own (ExclusiveRules.attack_cost),
    after the attacks written before it in the message: each is made in the written order,
    and one carried out spends no more than it is judged to here."""
    game = exclusive_rules(ctx.data)
    cost = game.attack_cost(ctx.data, units)
    if cost is None:
        return
    track, points = cost
    short = shortfall(ctx.data, track, points,
                      ctx.state.tracks.get(track, 0) - ctx.spent.get(track, 0))
    if short is not None:
        after = " after the attacks written before it" if ctx.spent.get(track) else ""
        yield Breach(f"this attack {short}{after}", game.attack_cost_rule)


def _flotilla(ctx: Context, hexes: Sequence[Hex], units: Sequence[str],
              shifts: Sequence[str]) -> Iterator[Breach]:
    """MONITOR: the game's flotilla (ExclusiveRules.flotilla), its side's, once a Game-Turn
    (the side's one Combat Phase), on hexes beside a hexside of its feature on its map; alone,
    with no HQ's shift."""
    game = exclusive_rules(ctx.data)
    flotilla = game.flotilla
    if flotilla is None:
        yield Breach("there is no flotilla in this game's rules (MONITOR)", "8.11")
        return
    if ctx.side != flotilla.side:
        yield Breach(f"{flotilla.name} is the {game.side_words.get(flotilla.side, '')} "
                     "Player's", flotilla.rule)
        return
    if ctx.flotilla:
        yield Breach(f"{flotilla.name} adds its strength to one attack a Game-Turn",
                     flotilla.rule)
    feature = flotilla.feature.replace("_", " ")
    for where in hexes:
        if where.map != flotilla.map or not any(
                flotilla.feature in ctx.data.features(where, beside)
                for beside in ctx.data.neighbours(where)):
            yield Breach(f"{where} is beside no {feature} hexside of map {flotilla.map}",
                         flotilla.rule)
    if not units and shifts:
        yield Breach(f"{flotilla.name} attacking alone takes no HQ's shift", flotilla.rule)


def check_attack(ctx: Context, hexes: Sequence[Hex], units: Sequence[str],
                 shifts: Sequence[str], chosen: Sequence[tuple[str, Sequence[str]]],
                 advances: Sequence[tuple[Hex | None, Sequence[str]]],
                 monitor: bool = False) -> Iterator[Breach]:
    """8.11-8.23: the player's units, each next to every hex attacked, each hex holding an
    Enemy unit or fortress; no unit attacks and no hex is attacked twice a Combat Phase (8.14);
    the HQ units that shift it (10.21-10.24); the units he names as affected or losing Steps
    (8.9) and advancing (8.71) are among the attackers. The odds (8.8) are judged when it is
    carried out."""
    found = [*own_units(ctx, units, "8.11"), *own_units(ctx, shifts, "10.21")]
    for where in hexes:
        if where in ctx.attacked:
            found.append(Breach(f"{where} is attacked twice", "8.14"))
        elif not _defended(ctx, where):
            found.append(Breach(f"{where} holds no Enemy unit", "8.11"))
    if not found and monitor:
        found += _flotilla(ctx, hexes, units, shifts)
    if not found:
        found += _attackers(ctx, hexes, units)
        found += _shifts(ctx, units, shifts)
    if not found:
        found += _cost(ctx, units)
    for clause, named in chosen:
        found += [Breach(f"{u} ({clause}) does not take part in this attack", "8.9")
                  for u in named if u not in units]
    advancing: set[str] = set()
    for into, named in advances:
        if into is None and len(hexes) > 1:
            found.append(Breach("this attack is on several hexes: ADVANCE ... INTO names the "
                                "hex", "8.71"))
        elif into is not None and into not in hexes:
            found.append(Breach(f"{into} is not a hex of this attack", "8.71"))
        for unit_id in named:
            if unit_id not in units or unit_id in advancing:
                found.append(Breach(f"{unit_id} does not attack here, or advances twice",
                                    "8.71"))
            advancing.add(unit_id)
    yield from found
    if not found:
        cost = exclusive_rules(ctx.data).attack_cost(ctx.data, units)
        if cost is not None:
            ctx.spent[cost[0]] = ctx.spent.get(cost[0], 0) + cost[1]
        ctx.attacking.update(units)
        ctx.attacked.update(hexes)
        ctx.flotilla = ctx.flotilla or monitor
        ctx.shifting.update(shifts)
        ctx.heroic_shifts.update(h for h in shifts if (r := ctx.data.units[h].hq) and r.heroic)


def check_defend(ctx: Context, where: Hex, options: Sequence[tuple[str, int]],
                 retreat: Sequence[Hex], affected: Sequence[str], losses: Sequence[str],
                 shift: Sequence[str] = ()) -> Iterator[Breach]:
    """8.9: for each result 1-3 an option the Option Table has; a retreat path from the hex,
    one or two hexes each farther from it (8.61, ruling G9); the units named as affected or
    losing Steps are the player's. Which hex is attacked, and with whom, is the attacker's:
    a DEFEND stands until it is needed."""
    table = ctx.data.charts.options.defender
    for result, option in options:
        entries = table.get(result)  # type: ignore[call-overload]
        if result not in DEFENDER_RESULTS or entries is None:
            yield Breach(f"result {result} leaves no option: 1, 2 or 3 do", "8.9")
        elif not 1 <= option <= len(entries):
            yield Breach(f"result {result} has options 1 to {len(entries)}", "8.9")
    if retreat:
        if retreat[0] != where:
            yield Breach(f"a retreat path begins in the hex defended, {where}", "8.62")
        else:
            yield from retreat_shape(ctx, retreat, RETREAT_HEXES, False, "8.61")
    yield from own_units(ctx, affected, "8.9", on_map=False)
    yield from own_units(ctx, losses, "8.9", on_map=False, once=False)  # one for each Step
    yield from defensive_shift_breaches(ctx, shift)


def defensive_shift_breaches(ctx: Context, shift: Sequence[str]) -> Iterator[Breach]:
    """The HQs named to shift a combat on the defense are the player's HQ units, and only a
    game whose Exclusive Rules give the shift (ExclusiveRules.defensive_shift_rule) has it."""
    rule = exclusive_rules(ctx.data).defensive_shift_rule
    if shift and not rule:
        yield Breach("no defensive HQ shift under these rules (10.51)", "10.51")
        return
    yield from own_units(ctx, shift, rule, on_map=False)
    for hq_id in shift:
        if ctx.data.units[hq_id].hq is None:
            yield Breach(f"{hq_id} is not a HQ unit", rule)


def check_withdraw(ctx: Context, unit_id: str, path: Sequence[Hex]) -> Iterator[Breach]:
    """12.11, 12.13: a cavalry unit of the player's, withdrawn by a path of exactly two hexes
    from where it stands (ruling G9's paths). In the Cavalry Withdrawal Phase itself it must
    be beside an Enemy unit (12.11)."""
    found = [*own_units(ctx, (unit_id,), "12.11")]
    if not found and not exclusive_rules(ctx.data).withdraws_before_combat(ctx.data, unit_id):
        found.append(Breach(f"{unit_id} is not a cavalry unit", "12.11"))
    if not found and path:
        found += starts_at(ctx, (unit_id,), path[0], "12.13")
        found += [] if found else retreat_shape(ctx, path, WITHDRAWAL_HEXES, True, "12.11")
    if not found and ctx.moment == "withdrawal" and not ctx.phasing and \
            not may_try(ctx.state, ctx.data, unit_id):
        found.append(Breach(f"{unit_id} is not beside an Enemy unit", "12.11"))
    yield from found
