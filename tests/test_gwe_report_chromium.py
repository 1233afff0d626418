"""A Great War in the East report's hex map as headless Chromium draws it, on a desktop (1400
CSS px) and a phone (390): no counter outside its hex, no hex id or place name covered by a
counter, no counter over another; on a phone the windows around the reader's front shown, each
with some of his counters, their smallest text 11 CSS px or more; the page no wider than the
screen, nothing fetched, nothing logged (issue 29)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.reporting.render import render_report
from tests.chromium import chromium_page
from tests.test_gwe_reports import fought, report_of

MEASURE = (Path(__file__).resolve().parent / "gwe_board_measure.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("width", [1400, 390])
def test_the_gwe_map_in_headless_chromium(tmp_path: Path, width: int) -> None:
    page_file = tmp_path / "report.html"
    page_file.write_text(render_report(report_of(fought(), "A", drawn=True), "html"),
                         encoding="utf-8")
    with chromium_page(width) as watched:
        page = watched.page
        page.goto(page_file.as_uri())
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        measured = page.evaluate(MEASURE)
        page.screenshot(path=str(tmp_path / f"report-{width}.png"), full_page=True)
    assert overflow <= 0, "wider than the screen"
    assert measured["stacks"] > 25 and measured["labels"] > 1000
    assert measured["outside"] == []
    assert measured["covered"] == []
    assert measured["overlaps"] == 0
    windows = measured["windows"]
    assert windows
    if width == 390:
        assert all(w["shown"] for w in windows)
        assert min(w["size"] for w in windows) >= 11, windows
        assert all(w["own"] > 0 for w in windows), windows
    else:
        assert not any(w["shown"] for w in windows)  # a desktop shows the whole map only
    assert watched.fetched == []
    assert watched.console == []
