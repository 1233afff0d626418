"""Decision in Galicia's set-up reports (issue 29): titled as the set-up stage they are, not a
Combat Phase; a unit still to set up listed as such, not as a reinforcement; the start line's
army sectors with their hexes and a commented DEPLOY line per unit at its default hex (26.31),
which a player may send as it is; 26.32's dice under ROLLS as attrition."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gm.games.gwe.data.deployment import read_deployment
from gm.games.gwe.system import GreatWarInTheEast
from tests.conftest import gm

PLAYERS = ("-p", "C:Conrad:conrad@example.org:pwc", "-p", "E:Ivanov:ivanov@example.org:pwe")


@pytest.mark.rules("gwe-serbia-galicia:26.31", "gwe-serbia-galicia:26.32")
def test_the_set_up_report_says_what_a_player_deploys_by(tmp_path: Path) -> None:
    folder = tmp_path / "east"
    gm("new", str(folder), "--game", "gwe", "--seed", "g29", *PLAYERS)
    report = gm("report", str(folder), "--player", "C")
    head = " ".join(report.splitlines()[:3])
    assert "east: the set-up of Decision in Galicia, before Game-Turn 7" in head
    assert "Next: the Austro-Hungarian deployment (Serbia/Galicia 26.31)" in report
    assert "Phase" not in head
    assert "AH-1-I 4-6-5, 4 of 4 Steps -- to set up (26.31)" in report
    assert "RU-3-XI 4-8-4, 4 of 4 Steps -- to set up (26.31)" in report
    assert re.search(r"RU-9-HQ .* -- to arrive \(14\.0\)", report)  # a reinforcement, still
    assert "START LINE (Serbia/Galicia 26.31)" in report
    assert "1 September 1914: AH 1st Army / RU 4th Army: g0223 g0123 g0222" in report
    defaults = read_deployment(GreatWarInTheEast().default_data_dir())
    assert defaults is not None
    template = [line for line in report.splitlines() if line.startswith("# DEPLOY ")]
    assert f"# DEPLOY AH-1-I {defaults.hexes['AH-1-I']}" in template
    assert len(template) == sum(1 for u in defaults.hexes if u.startswith("AH-"))
    html = gm("report", str(folder), "--player", "C", "--format", "html")
    assert "to set up (26.31)" in html and "<h2>Start line (Serbia/Galicia 26.31)</h2>" in html
    # the template sent as it is, uncommented: every line accepted
    sent = tmp_path / "c.txt"
    sent.write_text("GAME east\nPLAYER C\nPASSWORD pwc\nPHASE SETUP\n" + "".join(
        line[2:] + "\n" for line in template) + "END\n", encoding="utf-8")
    answer = gm("orders", "record", str(folder), str(sent))
    assert f"All {len(template)} orders accepted." in answer
    gm("end-deployment", str(folder))
    russian = gm("report", str(folder), "--player", "E")
    assert "Next: the Russian deployment (Serbia/Galicia 26.31)" in russian
    assert "ROLLS\n  attrition: AH-" in russian and "supply: AH-" not in russian
    gm("start", str(folder))
    opening = gm("report", str(folder), "--player", "C")
    assert "Next: Game-Turn 7, Russian Player-Turn, Movement Phase" in opening
    assert "attrition: RU-" in opening and "START LINE" not in opening
    assert "to set up" not in opening
