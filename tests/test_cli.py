"""The GM's commands end to end: set-up on a real campaign folder, errors on one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gm.app.campaign import open_campaign
from gm.app.passwords import check_password
from gm.cli import cli
from tests.rcw import state_of

PLAYERS = ["-p", "A:Anna:anna@example.org", "-p", "B:Boris:boris@example.org",
           "-p", "C:Clara:clara@example.org"]


def gm(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def run_gm(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The installed entry point, in a fresh process, as the GM runs it."""
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, "PYTHONIOENCODING": "utf-8"},
                          check=False)


def test_a_campaign_from_deal_to_first_turn(tmp_path: Path) -> None:
    folder = tmp_path / "camp"
    result = gm("new", str(folder), "--seed", "s1", *PLAYERS)
    assert result.exit_code == 0, result.output
    assert "player A password:" in result.output and "trading session" in result.output
    campaign = open_campaign(folder)
    hands = state_of(campaign).hands
    password = result.output.split("player A password: ")[1].split()[0]
    assert check_password(password, campaign.players()[0].password_hash)
    giver_unit = hands["A"].units[0]
    assert gm("trade", str(folder), "A", "B", "--give", str(giver_unit)).exit_code == 0
    assert giver_unit in state_of(folder).hands["B"].units
    assert gm("end-trading", str(folder)).exit_code == 0
    lenin_owner = next(p for p, h in state_of(folder).hands.items()
                       if 151 in h.units)
    assert gm("deploy", str(folder), lenin_owner, "Lenin", "101", "IN", "Petrograd"
              ).exit_code == 0
    result = gm("start", str(folder))
    assert result.exit_code == 0 and "Game-Turn 1 begins" in result.output
    shown = gm("show", str(folder)).output
    assert "Game-Turn 1, First Phase" in shown
    assert f"[{lenin_owner}] 151 Lenin (1), 101 RD 3" in shown
    assert "[-] 317 PO 2, 318 PO 2, 319 PO 1" in shown
    history = gm("history", str(folder)).output.splitlines()
    assert len(history) == 5
    assert "dealt the Initial Forces to A, B, C" in history[0]
    assert f"trade: A gives {giver_unit} to B for -" in history[1]
    assert "the trading session ended (15.34)" in history[2]
    assert f"deployment of {lenin_owner}: Lenin 101 IN Petrograd" in history[3]
    assert "the game started" in history[4] and "1 draw(s)/roll(s)" in history[4]
    raw = [json.loads(line) for line in gm("history", str(folder), "--json").output.splitlines()]
    assert [entry["action"] for entry in raw] == ["deal", "trade", "end-trading", "deploy",
                                                  "start"]
    assert raw[4]["dice"][0]["purpose"].startswith("15.62")


def test_the_same_seed_gives_the_same_campaign(tmp_path: Path) -> None:
    for name in ("one", "two"):
        gm("new", str(tmp_path / name), "--seed", "same", *PLAYERS)
        gm("end-trading", str(tmp_path / name))
        gm("start", str(tmp_path / name))
    one = open_campaign(tmp_path / "one").latest().state
    two = open_campaign(tmp_path / "two").latest().state
    assert one.to_json() == two.to_json()


@pytest.mark.parametrize(("args", "message"), [
    (["show", "nowhere"], "no campaign at nowhere"),
    (["new", "X", "-p", "A:Anna:anna@example.org", "-p", "A:Al:al@example.org"],
     "player letter A given twice"),
    (["new", "X", "-p", "A:Anna:not-an-address", "-p", "B:B:b@example.org"],
     "is not an e-mail address"),
    (["new", "X", "-p", "AA:Anna:a@example.org"], "the letter must be one of A-Z"),
    (["new", "X", "-p", "A:Anna"], "write LETTER:NAME:ADDRESS"),
    (["data", "check", "no-such-folder"], "not a folder"),
])
def test_bad_input_gets_one_line_and_an_exit_code(tmp_path: Path, args: list[str],
                                                  message: str) -> None:
    result = run_gm(*args, cwd=tmp_path)
    assert result.returncode == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert len(result.stderr.strip().splitlines()) == 1


# Issue 24, item 7 (ruling R84): names and addresses are refused at the door when they hold a
# control character or markup; each error names the field and what is wrong, on one line.
REFUSED_PLAYERS = [
    ("A:Anna\x07:anna@example.org", "the name 'Anna\\x07' is refused: it holds a control "
                                    "or invisible character (U+0007)"),
    ("A:Anna\nB:anna@example.org", "(U+000A)"),
    ("A:An\tna:anna@example.org", "(U+0009)"),
    ("A:\rAnna:anna@example.org", "(U+000D)"),
    ("A:Anna\x7f:anna@example.org", "(U+007F)"),
    ("A:Anna\x85:anna@example.org", "(U+0085)"),
    ("A:Anna\u202e:anna@example.org", "(U+202E RIGHT-TO-LEFT OVERRIDE)"),
    ("A:<b>Anna</b>:anna@example.org",
     "it holds '<' and '>', which a name may not hold (they make markup)"),
    ("A:Anna & Co:anna@example.org", "it holds '&', which a name may not"),
    ('A:"Anna":anna@example.org', 'it holds \'"\', which a name may not'),
    ("A: :anna@example.org", "it is empty"),
    ("A:Anna:Anna <anna@example.org>", "the address 'Anna <anna@example.org>' is refused: "
                                       "write the address alone, local@domain"),
    ("A:Anna:anna@example.org\r\nBcc: x@example.org", "(U+000D)"),
    ("A:Anna:anna\t@example.org", "(U+0009)"),
    ("A:Anna:anna&co@example.org", "write the address alone"),
    ('A:Anna:"anna"@example.org', "write the address alone"),
    ("A:Anna:anna (Anna)@example.org", "write the address alone"),
    ("A:Anna:анна@example.org", "write the address in ASCII"),
    ("A:Anna:anna @example.org", "an address has no spaces"),
    ("A:Anna:anna@localhost", "it is not an e-mail address of the form local@domain.tld"),
    ("A:Anna:anna@-example.org", "it is not an e-mail address of the form"),
    ("A:Anna:anna..p@example.org", "it is not an e-mail address of the form"),
    ("A:Anna:anna@@example.org", "it is not an e-mail address (one @"),
]


@pytest.mark.parametrize(("player", "message"), REFUSED_PLAYERS)
def test_gm_new_refuses_control_characters_and_markup_in_names_and_addresses(
        tmp_path: Path, player: str, message: str) -> None:
    result = run_gm("new", "X", "-p", player, "-p", "B:Boris:boris@example.org", cwd=tmp_path)
    assert result.returncode == 1
    assert f"player {player!r}: " in result.stderr, result.stderr
    assert message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "X").exists()


def test_names_and_addresses_that_are_plain_text_are_taken(tmp_path: Path) -> None:
    result = gm("new", str(tmp_path / "c"), "--seed", "s",
                "-p", "A:Анна Петрова:anna.petrova@example.org",
                "-p", "B:Seán O'Brien:o'brien+rcw@mail.example.ie",
                "-p", "C:Jean-Luc (Clara) 3rd:c_l.3@sub.example-mail.co.uk")
    assert result.exit_code == 0, result.output
    names = {p.letter: (p.name, p.email) for p in open_campaign(tmp_path / "c").players()}
    assert names == {"A": ("Анна Петрова", "anna.petrova@example.org"),
                     "B": ("Seán O'Brien", "o'brien+rcw@mail.example.ie"),
                     "C": ("Jean-Luc (Clara) 3rd", "c_l.3@sub.example-mail.co.uk")}


# Issue 24 review (R84): a name that shows as nothing, or with a blank in it, passes
# isprintable() when its letters are blank by design (Hangul fillers, the braille blank) or
# default-ignorable (variation selectors, tags).
@pytest.mark.parametrize(("name", "message"), [
    ("\u3164", "it shows as blank: only spaces, marks and characters that show as nothing "
              "(U+3164 HANGUL FILLER)"),
    ("\u115f\u1160", "it shows as blank: only spaces, marks and characters that show as "
                     "nothing (U+115F HANGUL CHOSEONG FILLER)"),
    ("\uffa0 \uffa0", "(U+FFA0 HALFWIDTH HANGUL FILLER)"),
    ("\u2800", "(U+2800 BRAILLE PATTERN BLANK)"),
    ("\u0301\u0301", "it shows as blank"),  # combining marks on nothing
    ("\U000e0041\U000e0042", "it shows as blank"),  # tag characters
    ("Anna\u3164", "it holds a character that shows as nothing or as a blank (U+3164 HANGUL "
                   "FILLER); a name is text that can be seen"),
    ("Anna\u2800Petrova", "(U+2800 BRAILLE PATTERN BLANK)"),
    ("Anna\ufe0f", "(U+FE0F VARIATION SELECTOR-16)"),
    ("Anna\u00ad", "it holds a control or invisible character (U+00AD SOFT HYPHEN)"),
    ("\u200b", "it shows as blank"),
])
def test_gm_new_refuses_names_that_show_as_blanks(tmp_path: Path, name: str,
                                                   message: str) -> None:
    result = run_gm("new", "X", "-p", f"A:{name}:anna@example.org",
                    "-p", "B:Boris:boris@example.org", cwd=tmp_path)
    assert result.returncode == 1
    assert message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "X").exists()


def test_names_in_letters_that_look_latin_are_taken(tmp_path: Path) -> None:
    """A Cyrillic А in "Аnna" looks like the Latin A; a name is a label, not an identity
    (R84): two players may look alike by name, never by password."""
    result = gm("new", str(tmp_path / "c"), "--seed", "s", "-p", "A:\u0410nna:anna@example.org",
                "-p", "B:Anna:boris@example.org", "-p", "C:Ren\u0065\u0301e:c@example.org")
    assert result.exit_code == 0, result.output
    names = {p.letter: p.name for p in open_campaign(tmp_path / "c").players()}
    assert names == {"A": "\u0410nna", "B": "Anna", "C": "Rene\u0301e"}


@pytest.mark.parametrize(("address", "message"), [
    ("<boris@new.org>", "--email 'B:<boris@new.org>': the address '<boris@new.org>' is "
                        "refused: write the address alone"),
    ("boris@new.org\n", "(U+000A)"),
    ("boris\x1b[31m@new.org", "(U+001B)"),  # a terminal's colour escape
])
def test_gm_players_email_refuses_what_gm_new_refuses(tmp_path: Path, address: str,
                                                      message: str) -> None:
    gm("new", str(tmp_path / "c"), "--seed", "s", *PLAYERS)
    result = run_gm("players", str(tmp_path / "c"), "--email", f"B:{address}")
    assert result.returncode == 1 and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert {p.letter: p.email for p in open_campaign(tmp_path / "c").players()}["B"] == \
        "boris@example.org"


@pytest.mark.parametrize(("setting", "message"), [
    ('gm_address = "GM <gm@example.org>"', "[mail] gm_address: the address "
                                           "'GM <gm@example.org>' is refused"),
    ('gm_address = "gm@example.org"\ngm_copy_to = "me@example.org\\r\\nBcc: x@example.org"',
     "[mail] gm_copy_to: the address 'me@example.org\\r\\nBcc: x@example.org' is refused: "
     "it holds a control or invisible character (U+000D)"),
    ('gm_address = "gm@example.org"\nprocessed = "trash"',
     "[mail]: processed is 'keep' or 'delete', not 'trash'"),
])
def test_the_mail_table_s_addresses_and_processed_setting_are_checked(
        tmp_path: Path, setting: str, message: str) -> None:
    gm("new", str(tmp_path / "c"), "--seed", "s", *PLAYERS)
    with (tmp_path / "c" / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write(f"[mail]\n{setting}\n")
    result = run_gm("send", str(tmp_path / "c"))
    assert result.returncode == 1 and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_rule_errors_name_their_case(tmp_path: Path) -> None:
    gm("new", str(tmp_path / "c"), "--seed", "s", *PLAYERS)
    result = run_gm("deploy", str(tmp_path / "c"), "A", "Lenin", "IN", "PETR")
    assert result.returncode == 1 and "(15.4, 15.5)" in result.stderr
    gm("end-trading", str(tmp_path / "c"))
    result = run_gm("trade", str(tmp_path / "c"), "A", "B", "--give", "POLITBURO")
    assert result.returncode == 1 and "(15.33)" in result.stderr


def test_a_broken_campaign_config_is_reported(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "campaign.toml").write_text("name = [", encoding="utf-8")
    result = run_gm("show", str(tmp_path / "c"))
    assert result.returncode == 1 and "unreadable campaign config" in result.stderr


def test_help_and_version() -> None:
    result = run_gm("--help")
    assert result.returncode == 0 and "trade" in result.stdout and "data" in result.stdout
    assert run_gm("--version").stdout.startswith("gm ")
    assert "Validate a data set" in run_gm("data", "check", "--help").stdout


def test_data_json_outputs() -> None:
    import json

    provinces = json.loads(gm("data", "map", "--json").output)["provinces"]
    assert len(provinces) == 78
    assert set(provinces[0]) == {"code", "name", "region", "adjacent", "rail", "port", "lat",
                                 "lon", "source"}
    counters = json.loads(gm("data", "counters", "--json").output)
    kinds = {u["kind"] for u in counters["units"]}
    assert kinds == {"combat", "leader", "imperial"}
    trotsky = next(u for u in counters["units"] if u["id"] == 152)
    assert (trotsky["value"], trotsky["home"], trotsky["asterisk"]) == (3, "TVER", True)
    assert counters["markers"]["politburo"] == 15


def test_demo_runs_on_embedded_defaults(tmp_path: Path) -> None:
    result = run_gm("demo", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Game-Turn 1, First Phase" in result.stdout
    assert "[D] 151 Lenin (1), 101 RD 3" in result.stdout  # Lenin traded F -> D, then deployed


def test_the_demo_keeps_its_campaign_to_go_on_with(tmp_path: Path) -> None:
    """Issue 26, 1: `gm demo` leaves ./gm-demo, its campaign and reports, says what to try
    next, and each thing it names works on it; a second run refuses the folder unless
    --force."""
    result = run_gm("demo", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    demo = tmp_path / "gm-demo"
    assert (demo / "demo" / "campaign.toml").is_file()
    assert {p.name for p in (demo / "reports").iterdir()} >= {"report-GM.html", "report-B.txt"}
    assert "kept in gm-demo/demo" in result.stdout and "Try next:" in result.stdout
    tried = [line.split("#")[0].split() for line in result.stdout.splitlines()
             if line.startswith("  gm ") and "&&" not in line]
    assert {words[1] for words in tried} >= {"show", "history", "status", "report", "publish",
                                             "adjudicate"}
    for words in tried:
        done = run_gm(*words[1:], cwd=tmp_path)
        assert done.returncode == 0, (words, done.stderr)
    assert (demo / "site" / "index.html").is_file()
    again = run_gm("demo", cwd=tmp_path)
    assert again.returncode == 1 and "--force" in again.stderr and "Traceback" not in again.stderr
    (demo / "mine.txt").write_text("the GM's own", encoding="utf-8")
    forced = run_gm("demo", "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert "Game-Turn 1, First Phase adjudicated" in forced.stdout
    assert (demo / "mine.txt").read_text(encoding="utf-8") == "the GM's own"
    elsewhere = run_gm("demo", str(tmp_path / "other"), cwd=tmp_path)
    assert elsewhere.returncode == 0 and (tmp_path / "other" / "demo").is_dir()


def test_a_campaign_on_a_broken_data_set_is_refused_in_one_line(tmp_path: Path) -> None:
    import shutil

    from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR

    shutil.copytree(DEFAULT_DATA_DIR, tmp_path / "data")
    (tmp_path / "data" / "map.yaml").write_text("provinces: [", encoding="utf-8")
    result = run_gm("new", str(tmp_path / "c"), "--data", str(tmp_path / "data"), *PLAYERS)
    assert result.returncode == 1 and "run `gm data check`" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "c").exists()


def test_a_campaign_kept_in_postgresql(tmp_path: Path, postgres_url: str) -> None:
    from tests.servers import fresh_database

    url = fresh_database(postgres_url)
    folder = tmp_path / "hosted"
    assert gm("new", str(folder), "--seed", "pg", "--database", url, *PLAYERS).exit_code == 0
    assert not (folder / "campaign.sqlite").exists()
    assert gm("end-trading", str(folder)).exit_code == 0
    assert gm("start", str(folder)).exit_code == 0
    assert "Game-Turn 1, First Phase" in gm("show", str(folder)).output
    assert len(open_campaign(folder).store.history(open_campaign(folder).row)) == 3


def test_adjudicate_the_first_phase_dry_run_then_for_real(tmp_path: Path) -> None:
    from gm.app.campaign import open_campaign

    folder = tmp_path / "camp"
    gm("new", str(folder), "--seed", "adj", "-p", "A:A:a@x.org:pa", "-p", "B:B:b@x.org:pb",
       "-p", "C:C:c@x.org:pc")
    gm("end-trading", str(folder))
    gm("start", str(folder))
    state = open_campaign(folder).latest().state
    leader = next(s for s in state.position.get("TVER", ()) if 152 in s.units)
    assert leader.player is not None
    orders = tmp_path / "o.txt"
    orders.write_text(f"GAME camp\nPLAYER {leader.player}\nPASSWORD p{leader.player.lower()}\n"
                      f"MOVE {' '.join(map(str, leader.units))}: TVER-RYAZ\n", encoding="utf-8")
    dry = gm("adjudicate", str(folder), "--dry-run", str(orders))
    assert "dry run: nothing stored" in dry.output
    assert open_campaign(folder).latest().state.phase == 1
    real = gm("adjudicate", str(folder), str(orders))
    assert "Second Phase is open" in real.output
    outcome = [line for line in real.output.splitlines() if line.startswith(leader.player)]
    assert outcome == [line for line in dry.output.splitlines() if line.startswith(
        leader.player)]  # the same dice: the same result
    after = open_campaign(folder).latest().state
    assert after.phase == 2 and any(152 in s.units for s in after.position["RYAZ"])
    stranger = tmp_path / "x.txt"
    stranger.write_text("GAME camp\nPLAYER A\nPASSWORD wrong\nQUIT\n", encoding="utf-8")
    other_game = tmp_path / "other.txt"
    other_game.write_text(f"GAME another\nPLAYER {leader.player}\nPASSWORD "
                          f"p{leader.player.lower()}\nQUIT\n", encoding="utf-8")
    result = run_gm("adjudicate", str(folder), "--skip-refused", str(stranger),
                    str(other_game))
    assert result.returncode == 0
    assert "x.txt: Your message was refused: the PASSWORD is not player A's" in result.stderr
    assert ("other.txt: Your message was refused: it is for game another, and this is game "
            "camp") in result.stderr
    assert "QUIT" not in result.stdout  # neither message's orders were carried out
    assert "Game-Turn 2, First Phase is open" in result.stdout
    assert open_campaign(folder).latest().state.sequence  # the sequencing draw (4.2 B)


def test_a_copied_campaign_folder_is_a_campaign_of_its_own(tmp_path: Path) -> None:
    """Issue 15: the folder names its database relative to itself, so a copy (a GM trying a
    ruling on a copy, or moving the campaign) writes its own file, not the original's."""
    import shutil

    original, copy = tmp_path / "camp", tmp_path / "elsewhere" / "camp-copy"
    assert gm("new", str(original), "--seed", "s1", *PLAYERS).exit_code == 0
    assert 'database = "campaign.sqlite"' in (original / "campaign.toml").read_text()
    shutil.copytree(original, copy)
    assert gm("end-trading", str(copy)).exit_code == 0
    assert [r.action for r in open_campaign(copy).store.entries(open_campaign(copy).row)] == [
        "deal", "end-trading"]
    assert [r.action for r in open_campaign(original).store.entries(
        open_campaign(original).row)] == ["deal"]


def test_a_copy_that_names_the_originals_database_is_refused(tmp_path: Path) -> None:
    """A folder copied before issue 15 names the original's file by its absolute path."""
    import shutil

    original, copy = tmp_path / "camp", tmp_path / "camp-copy"
    assert gm("new", str(original), "--seed", "s1", *PLAYERS).exit_code == 0
    config = original / "campaign.toml"
    config.write_text(config.read_text().replace(
        '"campaign.sqlite"', f'"sqlite:///{(original / "campaign.sqlite").resolve()}"'))
    assert gm("show", str(original)).exit_code == 0  # its own file, named absolutely: fine
    shutil.copytree(original, copy)
    result = run_gm("end-trading", str(copy))
    assert result.returncode == 1
    assert "another folder's" in result.stderr and 'database = "campaign.sqlite"' in \
        result.stderr and "Traceback" not in result.stderr
    assert len(open_campaign(original).store.entries(open_campaign(original).row)) == 1


def test_orders_check_answers_requests_without_acting_on_them(tmp_path: Path) -> None:
    """Issue 15: the answer a player would get, with nothing sent and nothing changed."""
    folder = tmp_path / "camp"
    assert gm("new", str(folder), "--seed", "s1", *[*PLAYERS[:4], "-p",
                                                    "C:Clara:clara@example.org:clara-pw"]
              ).exit_code == 0
    message = tmp_path / "message.txt"
    message.write_text("GAME camp\nPLAYER C\nPASSWORD clara-pw\nSTATUS\nUNITS\nREPORT\n"
                       "PASSWORD clara-new-pw\nPRESS TO A\nhello\nENDPRESS\n")
    before = open_campaign(folder).players()
    result = run_gm("orders", "check", "--campaign", str(folder), str(message))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "STATUS of game camp" in out and "Not yet from: A (Anna), B (Boris), C (Clara)" in out
    assert "UNITS of player C" in out
    assert "REPORT (line 6): the last report would be sent" in out
    assert "PASSWORD (line 7): your password would not change yet: a code would be mailed to " \
           "the address on file for player C, to be sent back as PASSWORD CONFIRM <code>." in out
    assert "clara-new-pw" not in out
    assert "PRESS TO A (line 8): would be sent to A." in out
    assert open_campaign(folder).players() == before


def test_a_solitaire_game_has_no_press(tmp_path: Path) -> None:
    """One player against the program (18.0): there is nobody to write to, signed or not
    (the program's non-Red Player is no player's address)."""
    folder = tmp_path / "alone"
    assert gm("new", str(folder), "--mode", "solitaire", "-p", "R:Ivan:ivan@example.org:ivan-pw"
              ).exit_code == 0
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[press]\nmode = "anonymous"\n')
    message = tmp_path / "message.txt"
    message.write_text("GAME alone\nPLAYER R\nPASSWORD ivan-pw\nPRESS TO ALL ANONYMOUS\nhello\n"
                       "ENDPRESS\nPRESS TO ALL\nhi\nENDPRESS\nPRESS TO N\nhey\nENDPRESS\n")
    out = run_gm("orders", "check", "--campaign", str(folder), str(message)).stdout
    assert "PRESS TO ALL ANONYMOUS (line 4): this game has no other player to write to; " \
        "nothing was sent" in out
    assert "PRESS TO ALL (line 7): this game has no other player to write to" in out
    assert "PRESS TO N (line 10): no other player N in this game; nothing was sent" in out


def test_the_demos_suggestions_run_as_printed_without_the_venv_on_path(tmp_path: Path) -> None:
    """README's first command runs .venv/bin/gm without activating the venv: the commands the
    demo suggests then name gm as it was run, and each runs, pasted into a shell as printed
    (a review found `gm show ...`: command not found)."""
    gm_path = Path(sys.executable).parent / "gm"
    bare = {**os.environ, "PATH": "/usr/bin:/bin"}
    made = subprocess.run([str(gm_path), "demo"], capture_output=True, text=True, cwd=tmp_path,
                          env=bare, check=False)
    assert made.returncode == 0, made.stderr
    suggested = [line.split("#")[0].strip() for line in made.stdout.splitlines()
                 if line.startswith(f"  {gm_path} ")]
    assert len(suggested) == 8 and f". {gm_path.parent}/activate" in made.stdout
    for line in suggested:
        done = subprocess.run(["bash", "-c", line], capture_output=True, text=True,
                              cwd=tmp_path, env=bare, check=False)
        assert done.returncode == 0, (line, done.stderr)
    assert (tmp_path / "gm-demo" / "alone" / "campaign.toml").is_file()
