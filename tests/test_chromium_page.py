"""The tests' one headless Chromium page (tests/chromium.py) notes what a page fetches and
logs, so that a report test can say it fetched nothing and logged nothing."""

from __future__ import annotations

from pathlib import Path

from tests.chromium import chromium_page


def test_a_watched_page_notes_what_it_fetches_and_every_error(tmp_path: Path) -> None:
    page_file = tmp_path / "page.html"
    page_file.write_text('<img src="http://127.0.0.1:9/none.png">'
                         '<script>console.log("said"); throw new Error("broken")</script>',
                         encoding="utf-8")
    with chromium_page(390) as watched:
        watched.page.goto(page_file.as_uri())
        width = watched.page.evaluate("() => innerWidth")
    assert width == 390
    assert watched.fetched == ["http://127.0.0.1:9/none.png"]
    assert watched.requested[0] == page_file.as_uri()
    assert "log: said" in watched.console
    assert any(line.startswith("error: ") and "broken" in line for line in watched.console)
