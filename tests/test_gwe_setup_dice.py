"""Decision in Galicia's set-up dice are verifiable as a phase's (issue 29, docs/dice.md): the
attrition rolled as each deployment closes (Serbia/Galicia 26.32) comes from a seed the
set-up report commits to while the deployment is open, with the players' SALT words; the
next report reveals it, and `gm verify` re-rolls both closes."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from tests.conftest import gm

PLAYERS = ("-p", "C:Conrad:conrad@example.org:pwc", "-p", "E:Ivanov:ivanov@example.org:pwe")


def dice_lines(report: str) -> tuple[str | None, str | None, str | None]:
    """(the seed revealed, its salts, the commitment) of a text report's DICE section."""
    seed = re.search(r"the seed of this phase, revealed:\n\s+([0-9a-f]{64})", report)
    salts = re.search(r"salts: (.*)", report)
    committed = re.search(r"committed to, SHA-256:\n\s+([0-9a-f]{64})", report)
    return (seed.group(1) if seed else None, salts.group(1) if salts else None,
            committed.group(1) if committed else None)


@pytest.mark.rules("gwe-serbia-galicia:26.32")
def test_the_attrition_of_each_deployment_is_committed_revealed_and_verified(
        tmp_path: Path) -> None:
    folder = tmp_path / "east"
    gm("new", str(folder), "--game", "gwe", "--seed", "g29", *PLAYERS)
    _, _, committed_ah = dice_lines(gm("report", str(folder)))
    assert committed_ah is not None  # announced before the Austro-Hungarian close rolls
    salted = tmp_path / "c.txt"
    salted.write_text("GAME east\nPLAYER C\nPASSWORD pwc\nPHASE SETUP\nSALT brusilov\n"
                      "DEPLOY AH-1-I g0223\nEND\n", encoding="utf-8")
    assert "recorded" in gm("orders", "record", str(folder), str(salted))
    gm("end-deployment", str(folder))
    revealed, salts, committed_ru = dice_lines(gm("report", str(folder)))
    assert revealed is not None and committed_ru is not None
    assert hashlib.sha256(revealed.encode()).hexdigest() == committed_ah
    assert salts == hashlib.sha256(b"brusilov").hexdigest()[:16]  # the word's, not the word
    gm("start", str(folder))
    opening, salts, _ = dice_lines(gm("report", str(folder)))
    assert opening is not None and hashlib.sha256(opening.encode()).hexdigest() == committed_ru
    assert salts == "none"
    verified = gm("verify", str(folder))
    assert "set-up ah-deployment, closed: seed " + revealed in verified
    assert "set-up ru-deployment, closed: seed " + opening in verified
    assert "0 phase(s) and 2 set-up close(s) checked, 0 mismatch(es)" in verified
    assert re.search(r"ah-deployment, closed: .*, [1-9]\d* rolls: verified", verified)
