"""The report's hex map as drawn (gm/games/gwe/reports/board.py), and its picture (the PNG,
gm/reporting/picture.py) in two layers: what every reader's picture of a Phase shares (the map,
every counter, the moves, the attacks, the legend, an empty caption band), rendered once a
Phase; and the reader's own (his counters outlined, the legend's word for them, his caption),
tiles on a small canvas pasted over it. Drawn whole for each reader, the map cost ~0.7 s."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup
from pydantic import BaseModel, ConfigDict

from gm.games.gwe.reports.mapsheet import TEMPLATES
from gm.reporting.model import Layers
from gm.reporting.render import render

CAPTION = 30  # px: the caption band above the map (board-picture.svg.j2)


class PictureParts(BaseModel):
    """The hex map's picture in two layers: the map's body every reader's picture of the Phase
    shares, and the reader's own parts as tiles on a small canvas (SVG, pieces.py), each (x, y)
    there, (x, y) on the map, width, height."""

    model_config = ConfigDict(frozen=True)

    shared: str
    own: str
    own_height: int
    tiles: list[tuple[int, int, int, int, int, int]]


@dataclass(frozen=True)
class Drawn:
    body: str
    width: float
    height: float  # the legend's included
    windows: list[list[float]]  # x, y, width, height
    picture: PictureParts | None = None


def layers(parts: PictureParts, width: float, height: float, title: str, caption: str
           ) -> Layers:
    """The picture's two SVG documents: the shared, captioned with nothing, and the reader's
    canvas, his caption band on top, his tiles under it; and where each goes."""
    shared = render("board-picture.svg.j2", TEMPLATES, body=Markup(parts.shared), width=width,
                    height=height, title=title, caption="")
    own = render("board-picture.svg.j2", TEMPLATES, body=Markup(parts.own), width=width,
                 height=parts.own_height, title=title, caption=caption)
    band = (0, 0, int(f"{width:.0f}"), CAPTION, 0, 0)
    return Layers(shared, own, (band, *((x, y + CAPTION, w, h, left, top + CAPTION)
                                        for x, y, left, top, w, h in parts.tiles)))
