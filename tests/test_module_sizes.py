"""The Great War in the East's rules and engine read in small modules, one concern each
(docs/architecture.md: under ~250 lines), so that a case is found where its concern lives."""

from __future__ import annotations

from pathlib import Path

import pytest

GWE = Path(__file__).resolve().parents[1] / "gm" / "games" / "gwe"
MOST_LINES = 250


@pytest.mark.parametrize("package", ["rules", "engine"])
def test_the_gwe_rules_and_engine_modules_stay_under_250_lines(package: str) -> None:
    long = {str(path.relative_to(GWE)): lines for path in sorted((GWE / package).rglob("*.py"))
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}
