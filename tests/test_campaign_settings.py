"""The campaign.toml `gm new` writes (issue 26, 8): every setting a GM may change, at its
default, commented out, each said in a line; taken out of their comments they read, and give
the settings a campaign has without them."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path

from gm.app.publish import publicity
from gm.app.schedule import Schedule, load_schedule
from gm.app.settings import (
    SECTIONS,
    MailConfig,
    PressConfig,
    PublishConfig,
    load_mail_config,
    load_press_config,
    mail_config_or_none,
)
from tests.conftest import gm

PLAYERS = ["-p", "A:Anna:anna@example.org", "-p", "B:Boris:boris@example.org",
           "-p", "C:Clara:clara@example.org"]
COMMENTED = re.compile(r"(?m)^# (\[\w+\]|\w+ = .*)$")  # a header or a setting, commented out


def _written(folder: Path) -> str:
    return (folder / "campaign.toml").read_text(encoding="utf-8")


def _tables(text: str) -> dict[str, list[str]]:
    """Each commented table's settings, in the order written."""
    tables: dict[str, list[str]] = {}
    current = None
    for found in COMMENTED.finditer(text):
        line = found.group(1)
        if line.startswith("["):
            current = tables.setdefault(line.strip("[]"), [])
        else:
            assert current is not None, line
            current.append(line.split(" = ")[0])
    return tables


def test_gm_new_writes_every_setting_commented_out_at_its_default(tmp_path: Path) -> None:
    folder = tmp_path / "camp"
    gm("new", str(folder), "--seed", "settings", *PLAYERS)
    text = _written(folder)
    assert _tables(text) == {table: [f.name for f in dataclasses.fields(model)]
                             for table, model in SECTIONS.items()}
    assert set(SECTIONS) >= {"mail", "schedule", "press", "publish"}
    for line in text.splitlines():  # each setting said in a line of its own
        if COMMENTED.fullmatch(line) and " = " in line:
            assert re.search(r" {2,}# \S", line.split(" = ", 1)[1]), line
    # As written, nothing changes: no mail, no deadlines, the defaults of press and publish.
    assert tomllib.loads(text) == {"name": "camp", "database": "campaign.sqlite", "data": ""}
    assert mail_config_or_none(folder) is None and load_schedule(folder) is None
    assert load_press_config(folder) == PressConfig()
    assert publicity(folder) == PublishConfig().during_play
    assert "Game-Turn 1" in gm("end-trading", str(folder)) + gm("start", str(folder))


def test_every_setting_taken_out_of_its_comment_reads_as_its_default(tmp_path: Path) -> None:
    folder = tmp_path / "camp"
    gm("new", str(folder), "--seed", "settings", *PLAYERS)
    (folder / "campaign.toml").write_text(COMMENTED.sub(r"\1", _written(folder)),
                                          encoding="utf-8")
    read = tomllib.loads(_written(folder))
    for table, model in SECTIONS.items():
        assert read[table] == {f.name: f.default for f in dataclasses.fields(model)
                               if f.default is not dataclasses.MISSING} | (
            {"gm_address": "gm@example.org"} if table == "mail" else {}), table
    mail = load_mail_config(folder)
    assert mail.timezone == Schedule().timezone  # "" is [schedule]'s, now there
    assert dataclasses.replace(mail, timezone="") == MailConfig(gm_address="gm@example.org")
    assert load_schedule(folder) == Schedule()
    assert load_press_config(folder) == PressConfig()
    assert publicity(folder) == PublishConfig().during_play
    assert "Game-Turn 1" in gm("end-trading", str(folder)) + gm("start", str(folder))


def test_a_hosted_campaign_is_told_its_mail_is_the_host_s(tmp_path: Path) -> None:
    host = tmp_path / "judge"
    gm("host", str(host))
    gm("new", str(host / "rcw1"), "--seed", "settings", *PLAYERS)
    text = _written(host / "rcw1")
    assert "# [mail]" not in text and "host.toml" in text
    assert set(_tables(text)) == set(SECTIONS) - {"mail"}
    assert load_mail_config(host / "rcw1").gm_address == "judge@example.org"
