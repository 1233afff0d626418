"""What a command takes from the cache folder instead of making it (gm/core/cachedir.py): the
checked data set, the grammar's parser tables, the compiled templates. Each is keyed by what
it was made from, so a change is never hidden by an old entry, and a damaged one is made again.
Each is code when read back (pickles, compiled templates), so none is read that another user
could have put there (issue 24): not from a cache folder that is a symbolic link or another's
(one of the user's that others may write is made 0700 first); not from an entry that is a
link, another's, or others may write.
"""

from __future__ import annotations

import os
import pickle
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import suppress
from pathlib import Path

import jinja2
import lark
import pytest
from jinja2.bccache import Bucket
from lark import Lark

from gm.core import cachedir
from gm.games.rcw.data import cache as data_cache
from gm.games.rcw.data import load
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.grammar import parser
from gm.games.rcw.grammar.names import Names
from gm.reporting import render


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GM_CACHE_DIR", str(folder))
    cachedir.cache_dir.cache_clear()
    render.environment.cache_clear()
    yield folder
    cachedir.cache_dir.cache_clear()
    render.environment.cache_clear()  # none compiles to this folder once it is gone


def test_the_checked_data_set_is_taken_from_the_cache(cache: Path, tmp_path: Path) -> None:
    first = load_game_data()
    [entry] = cache.glob("rcw-data-*.pickle")
    again = load_game_data()
    assert again.map == first.map and again.counters == first.counters
    entry.write_bytes(b"damaged")
    assert load_game_data().map == first.map  # made again, not trusted
    assert entry.read_bytes() != b"damaged"


def test_a_changed_data_set_is_read_and_checked_afresh(cache: Path, tmp_path: Path) -> None:
    load_game_data()
    folder = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, folder)
    path = folder / "counters.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("{id: 401, kind: combat, nationality: JA, strength: 2,",
                                 "{id: 401, kind: combat, nationality: JA, strength: 3,", 1),
                    encoding="utf-8")
    changed = load_game_data(folder)
    assert changed.combat_units[401].strength == 3
    assert load_game_data().combat_units[401].strength == 2
    assert len(list(cache.glob("rcw-data-*.pickle"))) == 2


def test_a_gwe_data_set_is_taken_checked_from_the_cache_and_bound_again(
        cache: Path, tmp_path: Path) -> None:
    """Great War in the East's data set too (issue 37: every command read its YAML again): the
    second load reads no YAML, binds it to its game, and a changed file or charts miss."""
    from gm.games.gwe.data.dataset import GweData
    from gm.games.gwe.rules.exclusive import exclusive_rules
    from gm.games.gwe.system import GreatWarInTheEast

    system = GreatWarInTheEast()
    shipped = system.default_data_dir()

    def load(folder: Path) -> GweData:
        data = system.load_data(folder)
        assert isinstance(data, GweData)
        return data

    first = load(shipped)
    [entry] = cache.glob("gwe-data-*.pickle")
    again = load(shipped)
    assert (again.map, again.counters, again.charts) == (first.map, first.counters, first.charts)
    assert exclusive_rules(again).name == exclusive_rules(first).name
    entry.write_bytes(b"damaged")
    assert load(shipped).counters == first.counters  # made again, not trusted
    folder = tmp_path / "data"
    shutil.copytree(shipped, folder)
    assert load(folder).directory == folder  # the same files: the same entry
    assert len(list(cache.glob("gwe-data-*.pickle"))) == 1
    charts = first.charts_path.read_text(encoding="utf-8")
    (folder / "charts.yaml").write_text(charts + "# his own\n", encoding="utf-8")
    assert load(folder).charts_path == folder / "charts.yaml"
    assert len(list(cache.glob("gwe-data-*.pickle"))) == 2  # his own charts: another entry


def test_a_phase_s_rendered_map_is_kept_and_taken_back(cache: Path) -> None:
    """The layers every picture of a phase shares are rendered by resvg once and kept, keyed
    by the drawing (issue 37: half a PNG's time); a damaged entry is rendered again; only the
    newest KEPT_MAPS are kept."""
    from gm.reporting import picture

    def drawing(n: int) -> str:
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
                f'<rect x="{n % 30}" y="2" width="8" height="8" fill="#a03"/></svg>')

    first = picture._kept_pixels(drawing(1))
    [entry] = cache.glob("map-*.png")
    assert picture._kept_pixels(drawing(1)).tobytes() == first.tobytes()
    entry.write_bytes(b"damaged")
    assert picture._kept_pixels(drawing(1)).tobytes() == first.tobytes()
    assert entry.read_bytes().startswith(b"\x89PNG")
    for n in range(2, picture.KEPT_MAPS + 4):
        picture._kept_pixels(drawing(n))
    assert len(list(cache.glob("map-*.png"))) == picture.KEPT_MAPS


def test_the_cached_parser_reads_as_the_fresh_one(cache: Path) -> None:
    names = Names(load_game_data())
    lines = ["MOVE Trotsky 111 112: TVER-RYAZ-TULA", "ATTACK 201 WITH 152 111, 160 120",
             "PURGE D WITH B C POLITBURO 4 SPLIT EQUALLY", "GIVE 2 POLITBURO TO A"]
    parser.parse_line(lines[0], 1, names)  # builds the parser: writes the cache
    assert list(cache.glob("orders-lark-*.cache"))
    cached = parser.line_reader(Names(load_game_data()))  # a second parser: from the cache
    for number, line in enumerate(lines, 1):
        transformer = parser._ToOrder(names, number)
        fresh = Lark(parser.GRAMMAR.read_text(encoding="utf-8"), parser="lalr",
                     maybe_placeholders=False, transformer=transformer)
        assert cached(line, number) == fresh.parse(line), line


def test_no_cache_folder_is_no_failure(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("GM_CACHE_DIR", str(blocked / "cache"))
    cachedir.cache_dir.cache_clear()
    try:
        assert cachedir.cache_dir() is None
        assert load_game_data().combat_units[401].strength == 2
    finally:
        cachedir.cache_dir.cache_clear()


def test_the_last_call_is_remembered_and_only_it() -> None:
    from gm.core.memo import last_call

    calls: list[tuple[int, ...]] = []

    @last_call
    def total(numbers: list[int]) -> int:
        calls.append(tuple(numbers))
        return sum(numbers)

    assert total([1, 2]) == 3 and total([1, 2]) == 3  # equal arguments: made once
    assert total([2, 2]) == 4 and total([1, 2]) == 3  # another, then the first again
    assert calls == [(1, 2), (2, 2), (1, 2)]


NOBODY = 65534  # another user's id, for the files "another user" plants (as root only)


class _Planted:
    """What another user would put in a cache entry: code, run if the entry is unpickled."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Callable[[str], None], tuple[str]]:
        return os.mkdir, (str(self.marker),)


def _another_user() -> None:
    if os.geteuid() != 0:
        pytest.skip("only root can make a file that is another user's")


def _data_entry(marker: Path) -> tuple[Path, bytes, Callable[[], None]]:
    entry = data_cache.entry_for(DEFAULT_DATA_DIR)
    assert entry is not None
    load_game_data()  # the genuine entry made

    def use() -> None:
        load._LOADED.clear()
        assert load_game_data().combat_units[401].strength == 2

    return entry, pickle.dumps(_Planted(marker)), use


def _parser_entry(marker: Path) -> tuple[Path, bytes, Callable[[], None]]:
    folder = cachedir.cache_dir()
    assert folder is not None
    entry = folder / f"orders-lark-{lark.__version__}.cache"

    def use() -> None:
        parser.lark_parser.cache_clear()
        assert parser.lark_parser().parse("QUIT") is not None

    use()  # the genuine entry made
    return entry, b"0" * 64 + b"\n" + pickle.dumps(_Planted(marker)), use


def _templates_entry(marker: Path) -> tuple[Path, bytes, Callable[[], None]]:
    folder = cachedir.cache_dir()
    assert folder is not None
    kept = render.environment(False).bytecode_cache  # what the reports are compiled to
    assert isinstance(kept, jinja2.FileSystemBytecodeCache)
    source = "hello {{ who }}"

    def environment() -> jinja2.Environment:
        return jinja2.Environment(loader=jinja2.DictLoader({"t.txt.j2": source}),
                                  bytecode_cache=type(kept)(str(folder)))

    def use() -> None:
        assert environment().get_template("t.txt.j2").render(who="Anna") == "hello Anna"

    use()  # the genuine entry made
    [entry] = folder.glob("__jinja2_*.cache")
    bucket = Bucket(environment(), "", kept.get_source_checksum(source))
    with entry.open("rb") as genuine:
        bucket.load_bytecode(genuine)
    assert bucket.code is not None
    bucket.code = compile(f"import os\nos.mkdir({str(marker)!r})\n", "planted", "exec")
    return entry, bucket.bytecode_to_string(), use


ENTRIES = {"data set": _data_entry, "parser": _parser_entry, "templates": _templates_entry}


def _plant(entry: Path, planted: bytes, how: str, elsewhere: Path) -> None:
    """`planted` put in the entry's place: `how` it is there."""
    entry.unlink()
    if how == "link":  # a link to a file of the user's, in a folder of his, with that in it
        elsewhere.mkdir(mode=0o700, exist_ok=True)
        (elsewhere / "planted").write_bytes(planted)
        os.chmod(elsewhere / "planted", 0o600)
        os.symlink(elsewhere / "planted", entry)
        return
    entry.write_bytes(planted)
    os.chmod(entry, {"group-writable": 0o620, "world-writable": 0o602}.get(how, 0o600))
    if how == "another's":
        os.chown(entry, NOBODY, NOBODY)


@pytest.mark.parametrize("kind", list(ENTRIES))
@pytest.mark.parametrize("how", ["link", "group-writable", "world-writable", "another's"])
def test_an_entry_another_could_have_put_there_is_never_read(
        cache: Path, tmp_path: Path, kind: str, how: str) -> None:
    if how == "another's":
        _another_user()
    marker = tmp_path / "ran"
    entry, planted, use = ENTRIES[kind](marker)
    _plant(entry, planted, how, tmp_path / "elsewhere")
    use()  # a miss: made afresh, and put in the entry's place
    assert not marker.exists()
    found = entry.lstat()
    assert stat.S_ISREG(found.st_mode) and found.st_uid == os.getuid()
    assert oct(stat.S_IMODE(found.st_mode)) == oct(0o600)
    assert entry.read_bytes() != planted
    use()  # and taken from there now
    assert not marker.exists()


@pytest.mark.parametrize("kind", list(ENTRIES))
def test_the_users_own_entry_is_read(cache: Path, tmp_path: Path, kind: str) -> None:
    """What the tests above plant would run from an entry of the user's own (so that they
    show what they say): his own entries are the cache."""
    marker = tmp_path / "ran"
    entry, planted, use = ENTRIES[kind](marker)
    _plant(entry, planted, "own", tmp_path / "elsewhere")
    with suppress(Exception):  # what was planted is no template; it ran all the same
        use()
    assert marker.is_dir()


def _check_orders(tmp_path: Path, cache: Path, umask: int = 0o022
                  ) -> subprocess.CompletedProcess[str]:
    """`gm orders check` in a process of its own (with `umask`): the data set, the parser and
    the templates taken from the cache folder `cache`, if it is used."""
    mail = tmp_path / "orders.txt"
    mail.write_text("GAME x\nPLAYER A\nPASSWORD p\nMOVE 152: TVER-RYAZ\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "gm", "orders", "check", str(mail)],
                            capture_output=True, text=True, check=False, timeout=300,
                            umask=umask, env={**os.environ, "GM_CACHE_DIR": str(cache)})
    assert result.returncode == 0 and "The order was accepted." in result.stdout, result
    return result


@pytest.mark.parametrize("how", ["link", "another's"])
def test_a_cache_folder_another_could_have_put_there_is_not_used(tmp_path: Path,
                                                                 how: str) -> None:
    """The review's attack: the cache folder renamed aside and another put in its place, with
    a pickle at the data set's entry (its name is computable), here even a file of the
    user's own. The folder is not used (said once, on stderr), nothing in it is read, and the
    command does its work without a cache."""
    if how == "another's":
        _another_user()
    elsewhere, marker = tmp_path / "elsewhere", tmp_path / "ran"
    _check_orders(tmp_path, elsewhere)  # a folder of the user's, with every entry in it
    [entry] = elsewhere.glob("rcw-data-*.pickle")
    entry.write_bytes(pickle.dumps(_Planted(marker)))
    cache = elsewhere
    if how == "link":
        cache = tmp_path / "cache"
        os.symlink(elsewhere, cache)
    else:
        os.chown(elsewhere, NOBODY, NOBODY)
    before = sorted(p.name for p in elsewhere.iterdir())
    result = _check_orders(tmp_path, cache)
    assert not marker.exists()
    [said] = result.stderr.splitlines()
    assert said.startswith(f"gm: the cache folder {cache} is not used (") and \
        said.endswith("): nothing is cached"), said
    assert sorted(p.name for p in elsewhere.iterdir()) == before  # nothing written there


@pytest.mark.parametrize("mode", [0o755, 0o770, 0o777, 0o707])
def test_a_cache_folder_of_the_users_that_others_may_read_or_write_is_made_private(
        tmp_path: Path, mode: int) -> None:
    """A folder of the user's own, open to others' reading or writing (an older version's, or
    one he made under a loose umask): made 0700 and used, each entry of his own read from it
    (nothing made again, nothing said); one another user put there (as root only) is his,
    never read, and made again in its place."""
    cache = tmp_path / "cache"
    _check_orders(tmp_path, cache, umask=0)
    made = {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}
    os.chmod(cache, mode)  # as an older version, or the user, made it
    marker = tmp_path / "ran"
    planted = None
    if os.geteuid() == 0 and mode & 0o022:  # another's entry, put there while others could
        [planted] = cache.glob("rcw-data-*.pickle")
        planted.unlink()
        planted.write_bytes(pickle.dumps(_Planted(marker)))
        os.chown(planted, NOBODY, NOBODY)
        made.pop(planted.name)
    result = _check_orders(tmp_path, cache, umask=0)
    assert result.stderr == "" and not marker.exists()
    assert oct(stat.S_IMODE(cache.stat().st_mode)) == oct(0o700)
    assert {name: (cache / name).stat().st_mtime_ns for name in made} == made  # read, kept
    if planted is not None:
        found = planted.stat()
        assert (found.st_uid, oct(stat.S_IMODE(found.st_mode))) == (os.getuid(), oct(0o600))
