"""The house plan (docs/architecture.md) that import-linter cannot check: no import hidden in
a function outside the command line's lazy loading, and no game system's names outside its
own package."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path
from typing import get_args

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = [*sorted((ROOT / "gm").rglob("*.py")), *sorted((ROOT / "orders_grammar").rglob("*.py"))]
# `gm --help` stays quick; a game system's facade loads each part of its game when asked
LAZY_LOADING = (ROOT / "gm" / "commands", ROOT / "gm" / "cli.py",
                *sorted((ROOT / "gm" / "games").glob("*/system.py")))
# An import a function makes so that the commands that never call it start without it (a native
# library few commands need, the reading a cache spares) says so: `# lazy: why` on its line.
LAZY = re.compile(r"#\s*lazy:\s*\S")
RCW = ROOT / "gm" / "games" / "rcw"
# Russian Civil War's words that no other game shares, whole or as the stem of a word: its
# rules' own (8.3 subversion, 10.0 assassination, 11.0 the Purge, 12.0 the randomizers and
# epidemics); with its data's names (vocabulary()).
RCW_STEMS = ("subvers", "assassin", "randomizer", "purge", "epidemic")


def _inside(path: Path, *folders: Path) -> bool:
    return any(path == folder or folder in path.parents for folder in folders)


def _function_imports(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    tree, lines = ast.parse(text), text.splitlines()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found += [f"{path.name}:{inner.lineno}" for inner in ast.walk(node)
                      if isinstance(inner, ast.Import | ast.ImportFrom)
                      and not LAZY.search(lines[inner.lineno - 1])]
    return found


def test_no_import_inside_a_function_but_the_command_lines_lazy_loading() -> None:
    hidden = [where for path in PROGRAM if not _inside(path, *LAZY_LOADING)
              for where in _function_imports(path)]
    assert hidden == []


def test_the_function_import_check_sees_one(tmp_path: Path) -> None:
    sample = ROOT / "gm" / "cli.py"  # the CLI's lazy loading imports inside `main`
    assert _function_imports(sample)
    code = tmp_path / "code.py"
    code.write_text("def f():\n    import json  # lazy: for f alone\n\n\ndef g():\n"
                    "    import csv\n", encoding="utf-8")
    assert _function_imports(code) == ["code.py:6"]  # the one that does not say why


@cache
def vocabulary() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Russian Civil War's words (issue 27), from its data and rules: its leaders' names, the
    Imperial units (the Czar, the Gold), the markers of its chart, its side colours that are no
    mere colour (Blue, Green, Imperial), its provinces' and regions' names, RCW_STEMS; and its
    province codes (`TVER`, in capitals only)."""
    from gm.games.rcw.data.models import Color
    from gm.games.rcw.reports.chart import held_markers
    from gm.games.rcw.state import ChartSection
    from gm.games.rcw.system import RUSSIAN_CIVIL_WAR
    from tests.rcw import rcw_data

    data = rcw_data(RUSSIAN_CIVIL_WAR.load_data())
    words = {leader.name for leader in data.leaders.values()}
    words |= {unit.name for unit in data.imperial.values()} | {"Imperial"}
    words |= set(held_markers(ChartSection())) | set(get_args(Color)) - {"red", "white"}
    words |= {p.name for p in data.map.provinces} | set(data.map.regions.values())
    whole = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    stems = "|".join(RCW_STEMS)
    return (re.compile(rf"(?<![A-Za-z])(?:{whole})(?![A-Za-z])|{stems}", re.IGNORECASE),
            re.compile(rf"\b(?:{'|'.join(sorted(p.code for p in data.map.provinces))})\b"))


def _rcw_word(text: str) -> str | None:
    found = [m.group(0) for pattern in vocabulary() if (m := pattern.search(text))]
    return found[0] if found else None


def _named_outside_comments(text: str) -> list[int]:
    """Lines where RCW's words appear in code or text (docstrings too), not in a comment."""
    lines = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type != tokenize.COMMENT:
            lines |= {token.start[0] + i for i, part in enumerate(token.string.split("\n"))
                      if _rcw_word(part)}
    return sorted(lines)


# The lines with RCW's words left in the shared layers, by file: how many, and why. The issue's
# target is 5 at most; none is left (issue 27: the GM's commands of the game's own, what he
# resolves at once and the table's HELP words are asked of the game).
LEFT: dict[str, tuple[int, str]] = {}


def test_no_game_systems_names_outside_its_package() -> None:
    """Issue 12, issue 27: only gm/games/rcw speaks Russian Civil War's words; the shared layers
    (gm/ outside it, orders_grammar/) and the core's templates (reports/) hold none but LEFT."""
    found: dict[str, int] = {}
    for path in (p for p in PROGRAM if not _inside(p, RCW)):
        if lines := _named_outside_comments(path.read_text(encoding="utf-8")):
            found[str(path.relative_to(ROOT))] = len(lines)
    for path in sorted((ROOT / "reports").glob("*.j2")):
        if lines := [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines())
                     if _rcw_word(line)]:
            found[str(path.relative_to(ROOT))] = len(lines)
    assert found == {name: count for name, (count, _) in LEFT.items()}


def test_the_names_check_sees_rcws_words_only() -> None:
    assert _named_outside_comments("x = 1  # the Czar\n") == []
    assert _named_outside_comments('x = "POLITBURO"\n') == [1]
    for text in ("Trotsky", "the Gold", "TVER", "Petrograd", "Siberia", "subversive", "Green",
                 "an assassination", "Counterpurge", "randomizers", "Lenin", "Imperial"):
        assert _rcw_word(text), text
    for text in ("permission", "TVERS", "golden", "white-space", "red", "a province",
                 "a region", "Victory Points"):
        assert _rcw_word(text) is None, text


def _literals(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module's code, its docstrings left out."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


def test_set_up_stages_and_history_words_are_the_games() -> None:
    """Issue 27: the application and the command line ask the game system for its set-up
    stages (their names, the commands that end them, their words) and for the words of its
    own history entries; none of them is named there."""
    from gm.games.rcw.system import RUSSIAN_CIVIL_WAR

    words = [re.compile(rf"\b{re.escape(stage.name)}\b") for stage in
             RUSSIAN_CIVIL_WAR.setup_stages] + [re.compile(r"Initial Forces|trading session")]
    commands = {stage.command for stage in RUSSIAN_CIVIL_WAR.setup_stages}  # the CLI's names
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
             for folder in ("app", "commands") for path in sorted((ROOT / "gm" / folder).glob(
                 "*.py")) for line, text in _literals(path)
             if text not in commands and any(word.search(text) for word in words)]
    assert found == []


GWE = ROOT / "gm" / "games" / "gwe"
# Great War in the East's games: each one's package, and the catalogue that names them. All the
# rest of gm/games/gwe is the Standard Rules and the system they make, shared by the four.
GWE_GAMES = (GWE / "exclusive", GWE / "games.py")
# A game's name, whole or as the stem of its own words (Galician), in any case: Brusilov,
# Caporetto, Serbia/Galicia, Von Hindenburg (and its Tannenberg, which the Terrain Key names),
# and every game the catalogue holds, by its name and title (a fifth is policed as it comes).
FOUR = ("serbia", "galicia", "brusilov", "caporetto", "hindenburg", "tannenberg")


@cache
def game_names() -> re.Pattern[str]:
    from gm.games.gwe.games import GAMES

    words = {*FOUR, *(w for game in GAMES.values() for w in re.findall(
        r"[a-z]{4,}", f"{game.name} {game.title}".lower()))}
    return re.compile("|".join(sorted(words)), re.IGNORECASE)


def _games_names_outside_comments(text: str) -> list[int]:
    lines = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type != tokenize.COMMENT:
            lines |= {token.start[0] + i for i, part in enumerate(token.string.split("\n"))
                      if game_names().search(part)}
    return sorted(lines)


def test_the_standard_rules_name_no_game() -> None:
    """Issue 35: no module of the Standard Rules (gm/games/gwe but its games' packages and
    their catalogue) names one of the four games that share them, in its code, its strings or
    its docstrings (a comment may say where an example comes from), nor does a template; what
    varies by game is asked of its Exclusive Rules (gm.games.gwe.rules.exclusive). That none
    imports a game's package is the "game-system-gwe" import contract's."""
    found: dict[str, list[int]] = {}
    for path in (p for p in sorted(GWE.rglob("*.py")) if not _inside(p, *GWE_GAMES)):
        if lines := _games_names_outside_comments(path.read_text(encoding="utf-8")):
            found[str(path.relative_to(ROOT))] = lines
    for path in sorted(GWE.rglob("*.j2")):
        if lines := [n + 1 for n, line in enumerate(path.read_text(encoding="utf-8")
                                                     .splitlines()) if game_names().search(line)]:
            found[str(path.relative_to(ROOT))] = lines
    assert found == {}


def test_the_game_names_check_sees_them() -> None:
    assert _games_names_outside_comments("x = 1  # Serbia/Galicia 17.11\n") == []
    assert _games_names_outside_comments('x = "gwe-serbia-galicia:18.1"\n') == [1]
    assert _games_names_outside_comments('"""The Galician map."""\n') == [1]
    assert _games_names_outside_comments("if name == 'brusilov':\n    pass\n") == [1]


def test_a_command_on_one_game_loads_no_other_game() -> None:
    """The registry loads a game system when it is named (issue 37: a Russian Civil War
    command spent 0.3 s loading Great War in the East's rules)."""
    import subprocess
    import sys

    probe = ("import sys; from gm.games.registry import system_for; system_for('{0}'); "
             "print(sorted({{m.split('.')[2] for m in sys.modules if m.startswith('gm.games.') "
             "and m.split('.')[2] in ('rcw', 'gwe')}}))")
    for game, other in (("rcw", "gwe"), ("gwe", "rcw")):
        loaded = subprocess.run([sys.executable, "-c", probe.format(game)], capture_output=True,
                                text=True, check=True).stdout
        assert game in loaded and other not in loaded, (game, loaded)
