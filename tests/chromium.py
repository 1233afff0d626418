"""Headless Chromium for the tests that look at a report as a browser draws it: the browser
(installed, or the test skipped; required on CI), its flags (no network of its own), and a
page of a given width that notes every request it makes and everything it logs."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]


def chromium() -> str:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (scripts/test.sh installs it)")
        pytest.skip("chromium is not installed")
    return browser


@dataclass
class Watched:
    """A page, the URLs it requested and what it logged (console messages, page errors)."""

    page: Page
    requested: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    @property
    def fetched(self) -> list[str]:
        """What it requested beyond its own file and data: URLs (a report fetches nothing)."""
        return [u for u in self.requested if not u.startswith(("file:", "data:"))]


@contextmanager
def chromium_page(width: int, height: int = 900) -> Iterator[Watched]:
    """A page of headless Chromium `width` CSS px wide, watched; the browser closed after."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        watched = Watched(browser.new_page(viewport={"width": width, "height": height}))
        watched.page.on("request", lambda request: watched.requested.append(request.url))
        watched.page.on("console", lambda message: watched.console.append(
            f"{message.type}: {message.text}"))
        watched.page.on("pageerror", lambda error: watched.console.append(f"error: {error}"))
        try:
            yield watched
        finally:
            browser.close()
