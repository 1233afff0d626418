"""Issue 29: a Decision in Galicia report's picture (the PNG) is made once a Phase, not once a
reader: the layers every reader shares rendered once, each reader's own parts (his counters
outlined, the legend's word for them, his caption) pasted over them; and it looks as the map
drawn whole for him."""

from __future__ import annotations

import io
import math

from markupsafe import Markup
from PIL import Image, ImageChops

from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.reports.board import COUNTER, LIFT, ground
from gm.games.gwe.reports.mapsheet import TEMPLATES
from gm.games.gwe.reports.model import Report
from gm.games.gwe.reports.picture import CAPTION
from gm.reporting import picture as pictures
from gm.reporting.render import caption_of, render
from tests.test_gwe_reports import DATA, fought, report_of

READERS = (None, "A", "B")  # the GM, Austria-Hungary, the Allies


def _reports() -> dict[str | None, Report]:
    played = fought()
    return {r: report_of(played, r, drawn=True) for r in READERS}


def _pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _outline_at(image: Image.Image, where: str) -> tuple[int, int, int]:
    """The pixel on the left edge of the counter in hex `where`, halfway down: black where
    the reader's own (3 px outline), its side's colour or its fill where not."""
    at = ground(DATA).grid.centre(parse_hex(where))
    pixel = image.getpixel((math.floor(at.x - COUNTER[0] / 2),
                            round(at.y - LIFT + CAPTION)))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def _black(pixel: tuple[int, int, int]) -> bool:
    return max(pixel) < 64


def test_the_map_is_rendered_once_for_every_reader_of_a_phase() -> None:
    reports = _reports()
    pictures._base.cache_clear()
    made = [pictures.picture(reports[r]) for r in READERS]
    assert all(p is not None and p.startswith(b"\x89PNG") for p in made)
    info = pictures._base.cache_info()
    assert (info.misses, info.hits) == (1, 2)


def test_each_reader_has_his_own_outlined_and_his_caption() -> None:
    reports = _reports()
    made = {r: pictures.picture(reports[r]) for r in READERS}
    images = {r: _pixels(p) for r, p in made.items() if p is not None}
    central = "g0221"  # AH-1-V and AH-1-X, who attacked (A's)
    allied = next(h.hex for h in reports[None].position if h.units[0].side == "allied")
    assert _black(_outline_at(images["A"], central))
    assert not _black(_outline_at(images["A"], allied))
    assert _black(_outline_at(images["B"], allied))
    assert not _black(_outline_at(images["B"], central))
    assert not any(_black(_outline_at(images[None], h)) for h in (central, allied))
    for reader in READERS:
        caption = caption_of(reports[reader])
        assert pictures.caption_in(made[reader] or b"") == caption
    assert "player A (Conrad)" in caption_of(reports["A"])
    bands = {r: images[r].crop((0, 0, images[r].width, CAPTION)).tobytes() for r in READERS}
    assert len(set(bands.values())) == 3  # each reader's caption is drawn, not another's


def test_the_picture_looks_as_the_map_drawn_whole_for_its_reader() -> None:
    """Only antialiasing and the 256 colours may differ: the edges of the reader's counters
    and of the attack over one of them are drawn twice, and the picture is given in the 256
    colours nearest the map's (median cut: most pixels exact, the rest within a few levels of
    grey, a fifth of a level on average)."""
    report = _reports()["A"]
    assert report.board is not None and report.attacks
    width, height = report.board_size
    whole = render("board-picture.svg.j2", TEMPLATES, body=Markup(report.board), width=width,
                   height=height, title="", caption=caption_of(report))
    made = pictures.picture(report)
    assert made is not None
    difference = ImageChops.difference(_pixels(pictures.png_of(whole)), _pixels(made))
    histogram = difference.convert("L").histogram()
    assert max(i for i, n in enumerate(histogram) if n) <= 64
    assert sum(i * n for i, n in enumerate(histogram)) / sum(histogram) < 0.25
    assert histogram[0] / sum(histogram) > 0.9  # most pixels exactly as drawn whole
    assert Image.open(io.BytesIO(made)).mode == "P"
