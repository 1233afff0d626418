"""What a command takes from the cache folder instead of making it (gm/core/cachedir.py): the
checked data set, the grammar's parser tables, the compiled templates. Each is keyed by what
it was made from, so a change is never hidden by an old entry, and a damaged one is made again.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from lark import Lark

from gm.core import cachedir
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.grammar import parser
from gm.games.rcw.grammar.names import Names


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GM_CACHE_DIR", str(folder))
    cachedir.cache_dir.cache_clear()
    yield folder
    cachedir.cache_dir.cache_clear()


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
