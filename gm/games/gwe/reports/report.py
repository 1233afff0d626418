"""A Great War in the East report on the neutral core (gm.reporting.model): its title, the
next Phase, the players, the reader's orders and their results, and the events with their
cases. A minimal one while the game's own report is built (it is replaced then)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gm.core.state import ENDED, PLAY
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.rules.serbia_galicia.play import phase_title
from gm.games.gwe.state import GweState
from gm.reporting.model import Event, OrderView, PlayerPart, PlayerView, Report
from gm.reporting.palette import player_colours


def build_report(campaign: str, before: GweState | None, after: GweState, data: GweData,
                 events: list[Event], player: str | None = None, deadline: str | None = None,
                 names: Mapping[str, str] | None = None, sent: Sequence[str] | None = None,
                 drawn: bool = True) -> Report:
    """The report of what led from `before` to `after` (None: of `after` alone)."""
    names = names or {}
    adjudicated = before is not None and before.stage == PLAY
    kind = "final" if after.stage == ENDED else "phase" if adjudicated else after.stage
    title = (f"{campaign}: {phase_title(before)}" if before is not None and adjudicated
             else f"{campaign}: the position before {phase_title(after)}")
    colours = player_colours(after.players)
    players = [PlayerView(letter=p, name=names.get(p, ""), colour=colours[p].fill,
                          in_game=True, sent_orders=None if sent is None else p in sent)
               for p in after.players]
    part = None
    if player is not None:
        orders = sorted((OrderView(line=e.line or 0, text=e.order or "", result=e.result or "",
                                   rule=e.rule, detail=e.detail or "")
                         for e in events if e.player == player and e.order),
                        key=lambda o: o.line)
        part = PlayerPart(letter=player, orders=orders, template=[])
    return Report(kind=kind, campaign=campaign, title=title,
                  next_phase=None if after.stage == ENDED else phase_title(after),
                  deadline=deadline, events=events, player=part, players=players)
