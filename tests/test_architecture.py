"""The house plan (docs/architecture.md) that import-linter cannot check: no import hidden in
a function outside the command line's lazy loading, and no game system's names outside its
own package."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = [*sorted((ROOT / "gm").rglob("*.py")), *sorted((ROOT / "orders_grammar").rglob("*.py"))]
# `gm --help` stays quick; a game system's facade loads each part of its game when asked
LAZY_LOADING = (ROOT / "gm" / "commands", ROOT / "gm" / "cli.py",
                *sorted((ROOT / "gm" / "games").glob("*/system.py")))
# An import a function makes so that the commands that never call it start without it (a native
# library few commands need, the reading a cache spares) says so: `# lazy: why` on its line.
LAZY = re.compile(r"#\s*lazy:\s*\S")
RCW = ROOT / "gm" / "games" / "rcw"
RCW_NAMES = re.compile(r"czar|politburo|lenin", re.IGNORECASE)


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


def _named_outside_comments(text: str) -> list[int]:
    """Lines where the names appear in code or text, not in a comment."""
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return sorted({token.start[0] for token in tokens if token.type != tokenize.COMMENT
                   and RCW_NAMES.search(token.string)})


def test_no_game_systems_names_outside_its_package() -> None:
    """Issue 12: only gm/games/rcw names the Czar, the Politburo or Lenin."""
    found = [f"{path.relative_to(ROOT)}:{line}" for path in PROGRAM if not _inside(path, RCW)
             for line in _named_outside_comments(path.read_text(encoding="utf-8"))]
    found += [f"{path.relative_to(ROOT)}" for path in sorted((ROOT / "reports").glob("*.j2"))
              if RCW_NAMES.search(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_names_check_skips_comments_only() -> None:
    assert _named_outside_comments("x = 1  # the Czar\n") == []
    assert _named_outside_comments('x = "POLITBURO"\n') == [1]


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
