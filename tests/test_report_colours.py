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


def _lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
               for c in (int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


CLEAR = 20.0  # CIE76 distance: two fills told apart at a glance, by hue or by lightness


def test_every_area_fill_is_told_from_every_other_in_the_dark_scheme() -> None:
    """Issue 25, second review: a contested area and an empty one were 1.32:1 apart in the
    dark scheme, players A and F's shades 1.23:1. Every pair of dark fills (each player's,
    contested, no player's) is now a clear difference of colour apart, and a contested area
    is lighter than an empty one by 2:1 or more (told apart by lightness alone)."""
    import itertools
    import math

    fills = {**{f"player {i + 1}": c.shade for i, c in enumerate(PALETTE)},
             "contested": CONTESTED_SHADE, "no player's": NOBODY.shade}
    for (a, one), (b, other) in itertools.combinations(fills.items(), 2):
        assert math.dist(_lab(one), _lab(other)) >= CLEAR, (a, b)
    assert contrast(CONTESTED_SHADE, NOBODY.shade) >= 2.0
    assert contrast(PALETTE[0].shade, PALETTE[5].shade) >= 1.5


def test_the_legend_names_areas_by_their_role_not_their_colour() -> None:
    """The legend is read in both schemes: no area is called by a colour the dark scheme does
    not show ("grey", "beige")."""
    from gm.games.rcw.reports.mapview import _legend

    texts = [e.text for e in _legend({}, lambda p: str(p)) if e.kind == "area"]
    assert texts and not any(re.search(r"\b(grey|gray|beige)\b", t) for t in texts)
    assert any(t.startswith("contested") for t in texts)
