"""The project documents its own order language (docs/orders.md) and case format
(docs/cases.md, with docs/cases-standard.md and docs/cases-solitaire.md), and points at nothing
outside the repository (issue 26): every example parses or runs, and every form the program
knows is shown, so that a new order kind, request or case key left undocumented fails here."""

from __future__ import annotations

import re
import subprocess
import typing
from pathlib import Path

import pytest
from click.testing import CliRunner
from lark import Token, Tree
from pydantic import BaseModel

from gm.cli import cli
from gm.games.rcw.cases import load
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.grammar.parser import lark_parser, parse_line
from gm.games.rcw.orders import model as m
from gm.games.rcw.state import ChartSection, Pending
from orders_grammar import message, requests
from orders_grammar.message import Envelope, parse_orders, read_envelope
from orders_grammar.problem import Problem

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FENCE = re.compile(r"^ *```(\w+)\n(.*?)^ *```", re.MULTILINE | re.DOTALL)


def blocks(path: Path, kind: str) -> list[str]:
    """The fenced blocks of a page marked `kind` (```orders, ```message, ```yaml)."""
    found = [body for marked, body in FENCE.findall(path.read_text(encoding="utf-8"))
             if marked == kind]
    indent = [min(len(line) - len(line.lstrip()) for line in body.splitlines() if line.strip())
              for body in found]
    return ["\n".join(line[cut:] for line in body.splitlines()) for body, cut in
            zip(found, indent, strict=True)]


# --- docs/orders.md ---------------------------------------------------------------------

def order_lines() -> list[str]:
    lines = [line.split("#", 1)[0].strip() for body in blocks(DOCS / "orders.md", "orders")
             for line in body.splitlines()]
    return [line for line in lines if line]


def envelopes() -> list[Envelope]:
    return [read_envelope(body) for body in blocks(DOCS / "orders.md", "message")]


def grammar_forms() -> set[tuple[str, str]]:
    """Every order form of the grammar: (its rule or alias, the keyword it starts with)."""
    rules = lark_parser().rules
    kinds = {symbol.name for rule in rules if rule.origin.name == "order"
             for symbol in rule.expansion}
    return {(str(rule.alias or rule.origin.name), str(rule.expansion[0].name))
            for rule in rules if rule.origin.name in kinds}


def form_of(line: str) -> tuple[str, str]:
    tree = lark_parser().parse(line)
    order = tree.children[0]
    assert isinstance(order, Tree) and isinstance(order.children[0], Token)
    return str(order.data), order.children[0].type


def test_every_order_example_of_the_doc_parses(data: GameData) -> None:
    names = Names(data)
    lines = order_lines()
    assert len(lines) >= 30
    for number, line in enumerate(lines, 1):
        assert not isinstance(parse_line(line, number, names), Problem), line


def test_every_order_form_of_the_grammar_is_documented(data: GameData) -> None:
    names = Names(data)
    shown = {form_of(line) for line in order_lines()}
    assert grammar_forms() - shown == set()
    kinds = {typing.get_args(kind.model_fields["kind"].annotation)[0]
             for kind in m.Order.__subclasses__()}
    parsed = {parse_line(line, 1, names) for line in order_lines()}
    assert kinds - {order.kind for order in parsed if isinstance(order, m.Order)} == set()


def test_every_message_example_of_the_doc_is_read_without_a_problem(data: GameData) -> None:
    names = Names(data)
    found = envelopes()
    assert len(found) >= 8
    for envelope in found:
        parsed = parse_orders(envelope, lambda text, line: parse_line(text, line, names))
        assert parsed.problems == (), parsed.problems


def test_every_header_line_and_request_is_documented() -> None:
    found = envelopes()
    headers = re.match(r"\^\(([A-Z|]+)\)", message.HEADER.pattern)
    assert headers is not None
    given = {"GAME", "PLAYER", "PASSWORD"} & {key for e in found for key, value in (
        ("GAME", e.game), ("PLAYER", e.player), ("PASSWORD", e.password)) if value}
    given |= {"SALT"} if any(e.salt for e in found) else set()
    given |= {"TURN"} if any(e.declared and e.declared.turn for e in found) else set()
    phases = {e.declared.phase for e in found if e.declared and e.declared.turn is None}
    given |= {"PHASE"} if phases >= {"SETUP", "TRADING"} else set()
    assert set(headers.group(1).split("|")) - given == set()
    asked = {(r.kind, r.turn is not None, r.confirm) for e in found for r in e.requests}
    assert {kind for kind, _, _ in asked} >= set(requests.KINDS)
    assert ("REPORT", True, False) in asked and ("PASSWORD", False, True) in asked
    press = [p for e in found for p in e.press]
    assert {p.anonymous for p in press} == {True, False}
    assert any(p.to == (requests.ALL,) for p in press)
    ends = {e.end.reason == "END" for e in found if e.end is not None}
    assert ends == {True, False}  # END, and a marker such as the signature line
    assert any(e.help_only for e in found)


# --- docs/cases.md ----------------------------------------------------------------------

CASE_DOCS = [DOCS / "cases.md", DOCS / "cases-standard.md", DOCS / "cases-solitaire.md"]


def keys_of(model: type[BaseModel]) -> set[str]:
    return set(model.model_fields)


def case_keys() -> dict[str, set[str]]:
    """Every key the case reader accepts, by where it stands, and the words of its lists."""
    chart = keys_of(ChartSection)
    fields = load.CaseFile.model_fields
    return {
        "file": keys_of(load.CaseFile),
        "units": keys_of(load.CaseUnit),
        "stack": keys_of(load.CaseStack),
        "chart": chart,
        "pending": keys_of(Pending),
        "solitaire": keys_of(load.CaseSolitaire),
        "player_turns": keys_of(load.CasePlayerTurn),
        "expect": set(load.EXPECT_KEYS),
        "expect.player_turns": set(load.PLAYER_TURN_KEYS),
        "skip": set(typing.get_args(typing.get_args(fields["skip"].annotation)[0])),
        "step": set(typing.get_args(fields["step"].annotation)),
        "mode": set(typing.get_args(fields["mode"].annotation)),
    }


def documented(key: str, text: str) -> bool:
    """Named in back-quotes, or as a YAML key (`key:`)."""
    return bool(re.search(rf"`{re.escape(key)}`|(?<![\w.-]){re.escape(key)}:(?!\w)", text))


def test_every_key_the_case_reader_accepts_is_documented() -> None:
    text = "\n".join(path.read_text(encoding="utf-8") for path in CASE_DOCS)
    missing = {where: sorted(key for key in keys if not documented(key, text))
               for where, keys in case_keys().items()}
    assert {where: keys for where, keys in missing.items() if keys} == {}


def test_an_unknown_key_of_expect_is_refused(tmp_path: Path) -> None:
    case = blocks(DOCS / "cases.md", "yaml")[0]
    misspelt = tmp_path / "misspelt.yaml"
    misspelt.write_text(case.replace("expect:\n", "expect:\n  postion: {}\n", 1),
                        encoding="utf-8")
    result = CliRunner().invoke(cli, ["case", "check", str(misspelt)])
    assert result.exit_code == 2 and "postion" in result.output, result.output


def test_the_example_case_of_the_doc_runs_and_passes(tmp_path: Path) -> None:
    case = tmp_path / "example.yaml"
    case.write_text(blocks(DOCS / "cases.md", "yaml")[0], encoding="utf-8")
    result = CliRunner().invoke(cli, ["case", "check", str(case)])
    assert result.exit_code == 0 and "1 passed" in result.output, result.output
    result = CliRunner().invoke(cli, ["case", "run", str(case), "--json"])
    assert result.exit_code == 0, result.output


# --- nothing outside the repository -----------------------------------------------------

OUTSIDE = ("shared/spec", "../shared", "shared/rules")


def tracked_files() -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                                check=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in listed if name and (ROOT / name).is_file()]


def test_no_tracked_file_points_outside_the_repository() -> None:
    here = Path(__file__).resolve()
    pointing = []
    for path in tracked_files():
        if path == here:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        pointing += [f"{path.relative_to(ROOT)}: {word}" for word in OUTSIDE if word in text]
    assert pointing == []


PLAYER_GUIDES = (DOCS / "player-guide.md", DOCS / "player-guide-gwe.md")
NAMED_PATH = re.compile(r"`((?:docs|gm|tests|fixtures|scripts|reports|orders_grammar)/[^`\s]*)`")
LINK = re.compile(r"https?://|www\.|\]\(")


@pytest.mark.parametrize("guide", PLAYER_GUIDES, ids=lambda p: p.name)
def test_a_player_guide_names_only_what_the_repository_holds(guide: Path) -> None:
    """A player reads the guide as it is: no link out, nothing outside the repository, and
    every file or folder it names is there."""
    text = guide.read_text(encoding="utf-8")
    assert LINK.findall(text) == []
    assert [word for word in OUTSIDE if word in text] == []
    named = NAMED_PATH.findall(text)
    assert named
    assert [path for path in named if not (ROOT / path.rstrip("/")).exists()] == []
