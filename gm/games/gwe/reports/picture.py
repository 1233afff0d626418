"""The report's hex map as drawn (gm/games/gwe/reports/board.py), and as a whole SVG document
with its caption band for the picture (the PNG, gm/reporting/picture.py)."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from gm.games.gwe.reports.mapsheet import TEMPLATES
from gm.reporting.render import render


@dataclass(frozen=True)
class Drawn:
    body: str
    width: float
    height: float  # the legend's included
    windows: list[list[float]]  # x, y, width, height


def picture_svg(drawn: Drawn, title: str, caption: str) -> str:
    """The map as a whole SVG document with its caption band, for the picture (PNG)."""
    body = Markup(drawn.body)  # board.svg.j2's, escaped already
    return render("board-picture.svg.j2", TEMPLATES, body=body, width=drawn.width,
                  height=drawn.height, title=title, caption=caption)
