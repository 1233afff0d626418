"""WCAG AA contrast (4.5:1 for text) of every colour pair the reports write text in: the
players' colours and their letters, the sides' counters and their strengths, the province codes
on every area tint, and the HTML page's text in its light and dark schemes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gm.games.rcw.reports.mapview import CONTESTED, CONTESTED_SHADE, MIXED, SIDES
from gm.reporting.palette import NOBODY, PALETTE

AA = 4.5
TEMPLATE = Path(__file__).resolve().parents[1] / "reports" / "report.html.j2"
LABEL_INK = "#1A1A1A"  # reports/map.svg.j2, the province codes


def _luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula() -> None:
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)  # WCAG's example


def test_players_colours_and_their_letters() -> None:
    for colour in (*PALETTE, NOBODY):
        assert contrast(colour.fill, colour.ink) >= AA, colour
    assert len({c.fill for c in PALETTE}) == len(PALETTE)


def test_counters_and_their_strengths() -> None:
    for fill, ink, name in (*SIDES.values(), MIXED):
        assert contrast(fill, ink) >= AA, name


def test_province_codes_on_every_area() -> None:
    for tint in [c.tint for c in (*PALETTE, NOBODY)] + [CONTESTED]:
        assert contrast(tint, LABEL_INK) >= AA, tint


def test_province_codes_on_every_area_in_the_dark_scheme() -> None:
    css = TEMPLATE.read_text(encoding="utf-8")
    ink = re.search(r"g\.labels \{ fill: (#[0-9a-f]{6}); \}", css)
    assert ink is not None
    for shade in [c.shade for c in (*PALETTE, NOBODY)] + [CONTESTED_SHADE]:
        assert contrast(shade, ink.group(1)) >= AA, shade


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_text_in_both_schemes(scheme: str) -> None:
    css = TEMPLATE.read_text(encoding="utf-8")
    blocks = re.findall(r":root \{([^}]*)\}", css)
    assert len(blocks) == 2
    variables = dict(re.findall(r"--(\w+): (#[0-9a-fA-F]{6})", blocks[scheme == "dark"]))
    for ink in ("ink", "good", "bad", "half"):
        assert contrast(variables[ink], variables["paper"]) >= AA, (scheme, ink)
        assert contrast(variables[ink], variables["soft"]) >= AA, (scheme, ink)
