"""`--game` on the commands that come before any campaign names its game (issue 27): `gm new`,
`gm data`, `gm case`; rcw unless named, an unknown name refused with the games known, and
Great War in the East's data set checked while it cannot be played yet."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import gm
from tests.gwe import FIXTURE
from tests.test_cli import run_gm


def test_gm_data_check_checks_a_great_war_in_the_east_data_set() -> None:
    done = run_gm("data", "check", "--game", "gwe", str(FIXTURE))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == f"{FIXTURE}: data set OK"
    assert "warning: " in done.stdout and "provisional" in done.stdout  # ruling G3's cells
    bare = run_gm("data", "check", "--game", "gwe")  # the embedded Galician set (issue 28)
    assert bare.returncode == 0, bare.stderr
    assert bare.stdout.splitlines()[-1].endswith("serbia_galicia/dataset/galicia: data set OK")
    assert "Traceback" not in bare.stderr


def test_gm_data_check_of_a_broken_great_war_in_the_east_data_set(tmp_path: Path) -> None:
    for name in ("map.yaml", "counters.yaml"):
        (tmp_path / name).write_text((FIXTURE / name).read_text(encoding="utf-8"),
                                     encoding="utf-8")
    (tmp_path / "counters.yaml").write_text("units: 3\n", encoding="utf-8")
    done = run_gm("data", "check", "--game", "gwe", str(tmp_path))
    assert done.returncode == 1 and "counters.yaml" in done.stdout


def test_an_unknown_game_is_refused_with_the_games_known(tmp_path: Path) -> None:
    for args in (["data", "check"], ["data", "counters", "--json"], ["case", "coverage"],
                 ["case", "list"], ["new", str(tmp_path / "c"), "-p", "A:A:a@x.org"]):
        done = run_gm(*args, "--game", "chess")
        assert done.returncode == 1, args
        assert "no game system 'chess'" in done.stderr and "gwe (Great War in the East)" in \
            done.stderr and "rcw (Russian Civil War 1918-1922)" in done.stderr
        assert "Traceback" not in done.stderr
    assert not (tmp_path / "c").exists()


def test_gm_new_names_its_game_and_refuses_players_it_does_not_have(
        tmp_path: Path) -> None:
    players = ["-p", "A:A:a@x.org", "-p", "B:B:b@x.org", "-p", "C:C:c@x.org"]
    refused = run_gm("new", str(tmp_path / "east"), "--game", "gwe", *players)
    assert refused.returncode == 1 and "Decision in Galicia has two players, C (central) " \
        "and E (allied)" in refused.stderr
    assert not (tmp_path / "east").exists()
    assert "campaign civil created" in gm("new", str(tmp_path / "civil"), "--game", "rcw",
                                          *players)


def test_gm_case_and_gm_data_name_the_default_game_or_another() -> None:
    assert gm("case", "list", "--game", "rcw", "--rule", "5.27") == gm("case", "list",
                                                                       "--rule", "5.27")
    assert gm("data", "counters", "--json", "--game", "rcw") == gm("data", "counters",
                                                                   "--json")
    refused = run_gm("case", "run", "--game", "gwe", str(FIXTURE / "map.yaml"))  # no case
    assert refused.returncode == 1 and "game: Field required" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_gm_case_list_takes_a_rule_case_qualified_by_its_game() -> None:
    """`gm case list --game gwe --rule gwe:8.4` lists the cases naming gwe's 8.4, as `--rule
    8.4` does (ruling G7's citation form); the form names its game, so without `--game gwe`
    it is refused, saying so, rather than listing Russian Civil War's 8.4."""
    qualified = run_gm("case", "list", "--game", "gwe", "--rule", "gwe:8.4")
    bare = run_gm("case", "list", "--game", "gwe", "--rule", "8.4")
    assert qualified.returncode == 0 and "0 case(s)" not in qualified.stdout
    assert qualified.stdout.replace("gwe:8.4", "8.4") == bare.stdout
    other = run_gm("case", "list", "--rule", "gwe:8.4")
    assert other.returncode == 2 and "add --game gwe" in other.stderr
