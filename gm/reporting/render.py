"""Rendering through the Jinja templates in reports/: a report model as text/plain, HTML with
its map, or the model as JSON; and the other texts the program sends (answers, positions)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import jinja2
from markupsafe import Markup

from gm.core.cachedir import cache_dir
from gm.core.memo import last_call
from gm.reporting.compiled import OwnBytecodeCache

if TYPE_CHECKING:  # the models are the callers': `gm show` renders without loading them
    from gm.reporting.model import MapView, Report, UnitView

Format = Literal["text", "html", "json"]


def templates_dir() -> Path:
    gm_dir = Path(__file__).resolve().parent.parent
    packaged = gm_dir / "_reports"  # in a wheel (pyproject force-include)
    return packaged if packaged.is_dir() else gm_dir.parent / "reports"


@cache
def environment(html: bool = False) -> jinja2.Environment:
    """One Jinja environment per kind (HTML escapes, text does not), so that each template
    is compiled once per process."""
    folder = cache_dir()
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir()),
        # compiled once across commands; a template's checksum picks its entry
        bytecode_cache=OwnBytecodeCache(str(folder)) if folder else None,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=html,
    )
    env.filters["held"] = held
    env.filters["labels"] = labels
    env.filters["wrap"] = wrap
    return env


def wrap(text: str, width: int, first: int, rest: int) -> str:
    """Words to lines of at most `width` characters, the first indented by `first` spaces and
    the others by `rest`: textwrap's greedy filling, without its cost (the reports wrap
    thousands of lines a phase). A longer word stands alone, broken after a hyphen where it
    has one (a long path: `RYAZ-TULA-...`)."""
    lines: list[str] = []
    line = ""
    for word in (part for whole in text.split() for part in _hyphenated(whole, width)):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(" " * (first if i == 0 else rest) + part for i, part in enumerate(lines))


def _hyphenated(word: str, width: int) -> list[str]:
    """A word longer than `width` in pieces that fit, each broken after a hyphen (a piece with
    no hyphen to break at stays whole)."""
    pieces: list[str] = []
    while len(word) > width and "-" in word[:width]:
        cut = word.rindex("-", 0, width) + 1
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word]


def held(counts: Mapping[str, int]) -> str:
    """Markers held, as a report lists them: `<kind> <count>, <kind> <count>`."""
    return ", ".join(f"{kind} {count}" for kind, count in counts.items())


def labels(units: list[UnitView]) -> str:
    """Units as the reports list them: `152 Trotsky (3), 111 RD 3`."""
    return ", ".join(unit.label for unit in units)


def render(template: str, **context: Any) -> str:
    escaped = template.endswith((".html.j2", ".svg.j2"))
    return environment(escaped).get_template(template).render(**context)


@last_call
def _body(view: MapView) -> Markup:
    """The map's layers drawn once for all the reports of a phase, their HTML and picture."""
    parts: Any = environment(True).get_template("map-parts.svg.j2").module
    return Markup(parts.body(view))


@last_call
def _svg(view: MapView, title: str, caption: str) -> str:
    """The map as a picture: its caption band (`caption`, or left empty), the map, its legend
    and the key of its attacks."""
    return render("map.svg.j2", map=view, body=_body(view), title=title, caption=caption)


def render_report(report: Report, fmt: Format, map_image: str | None = None,
                  nav: Sequence[tuple[str, str]] = ()) -> str:
    """`map_image`: the address of the map as a picture (`cid:...` in mail), shown in the HTML
    instead of the inline SVG; `nav`: links (label, address) above the HTML report."""
    if fmt == "json":
        return report.model_dump_json(indent=2) + "\n"
    title = f"Map: {report.title}"
    svg = _body(report.map) if report.map is not None and fmt == "html" else None
    return render("report.html.j2" if fmt == "html" else "report.txt.j2", report=report,
                  map_svg=svg, title=title, map_image=map_image, nav=nav)


def caption_of(report: Report) -> str:
    """The caption of a reader's picture of the map: campaign, Game-Turn, phase, reader."""
    if report.player is None:
        return f"{report.title} (the GM's copy)"
    letter = report.player.letter
    name = next((p.name for p in report.players if p.letter == letter and p.name), "")
    return f"{report.title}, player {letter}" + (f" ({name})" if name else "")


def render_map(report: Report, caption: str | None = None) -> str | None:
    """The report's map alone, as an SVG document (None: the data set has no areas), captioned
    with `caption` (None: the report's title; "": the band left empty, for a picture's shared
    layers)."""
    if report.map is None:
        return None
    return _svg(report.map, f"Map: {report.title}",
                report.title if caption is None else caption)
