"""Colours a player is known by on the map and in the tables: the Okabe-Ito palette, told apart
by the colour-blind too; with each, the text colour that reads on it (WCAG AA, 4.5:1 or more)
a light tint for the areas he controls, and a dark shade of it for the dark scheme (each told
from the others, and from a contested or empty area's, by a clear difference of colour:
tests/test_report_colours.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerColour:
    fill: str
    ink: str  # text on `fill`
    tint: str  # an area he controls
    shade: str  # the same, in the dark scheme


PALETTE = (
    PlayerColour("#E69F00", "#000000", "#F5D9A0", "#7A5600"),  # orange
    PlayerColour("#56B4E9", "#000000", "#C4E4F7", "#1F6386"),  # sky blue
    PlayerColour("#009E73", "#000000", "#A6DCC9", "#0B4D3A"),  # bluish green
    PlayerColour("#F0E442", "#000000", "#F8F1A6", "#5E6A12"),  # yellow
    PlayerColour("#0072B2", "#FFFFFF", "#A3C9E3", "#0F2F5E"),  # blue
    PlayerColour("#D55E00", "#000000", "#EEBE99", "#5C1F06"),  # vermillion
    PlayerColour("#CC79A7", "#000000", "#EBCADC", "#63304D"),  # reddish purple
)
NOBODY = PlayerColour("#9E9E9E", "#000000", "#ECE6D6", "#3B382F")  # uncontrolled, and land


def player_colours(players: tuple[str, ...] | list[str]) -> dict[str, PlayerColour]:
    """Each player's colour, by his place in the campaign's list of players."""
    return {player: PALETTE[index % len(PALETTE)] for index, player in enumerate(players)}
