"""Rendering through the Jinja templates in reports/: a report model as text/plain, HTML with
its map, or the model as JSON; and the other texts the program sends (answers, positions)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

import jinja2
from markupsafe import Markup, escape

from gm.core.cachedir import cache_dir
from gm.core.memo import last_call
from gm.engine.results import line_label
from gm.reporting.compiled import OwnBytecodeCache

if TYPE_CHECKING:  # the models are the callers': `gm show` renders without loading them
    from gm.reporting.model import MapView, Report

Format = Literal["text", "html", "json"]


class Labelled(Protocol):  # a unit as a game's report lists it
    @property
    def label(self) -> str: ...


class Way(Protocol):  # a route a game's report offers a force
    @property
    def way(self) -> str: ...


def templates_dir() -> Path:
    gm_dir = Path(__file__).resolve().parent.parent
    packaged = gm_dir / "_reports"  # in a wheel (pyproject force-include)
    return packaged if packaged.is_dir() else gm_dir.parent / "reports"


@cache
def environment(html: bool = False, game: Path | None = None) -> jinja2.Environment:
    """One Jinja environment per kind (HTML escapes, text does not) and game, so that each
    template is compiled once per process; `game`: the folder of a game's own templates,
    searched before the core's (reports/)."""
    folder = cache_dir()
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([*([game] if game else []), templates_dir()]),
        # compiled once across commands; a template's checksum picks its entry
        bytecode_cache=OwnBytecodeCache(str(folder)) if folder else None,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=html,
    )
    env.filters["held"] = held
    env.filters["labels"] = labels
    env.filters["line_label"] = line_label  # a standing order is on no line (issue 26)
    env.filters["wrap"] = wrap
    env.filters["ways"] = ways
    env.filters["cited"] = cited
    return env


def cited(text: str, rule: str | None) -> str:
    """`text (rule)`: the rule case cited once, not again after a text that ends citing it
    (a stopped move's detail ends "(5.27)"; its rule is 5.27, or "5.27, 5.52" by rail)."""
    if not rule:
        return text
    head, bracket, last = text.rstrip().rpartition(" (")
    if bracket and last.endswith(")") and {c.strip() for c in last[:-1].split(",")} <= {
            c.strip() for c in rule.split(",")}:
        return f"{head} ({rule})"
    return f"{text} ({rule})"


PAGE = 72  # columns of the text reports: no line is longer, whatever its indentation


def wrap(text: str, width: int, first: int, rest: int) -> str:
    """Words to lines of at most `width` characters (and never past PAGE columns with their
    indentation), the first indented by `first` spaces and the others by `rest`: textwrap's
    greedy filling, without its cost (the reports wrap thousands of lines a phase). A word no
    line holds whole (a long path: `AAAA-BBBB-...`) is broken after hyphens, its first piece
    filling the line it starts on (`13: AAAA-BBBB-`, never `13:` alone); one with no hyphen to
    break at stands alone."""
    words = text.split()
    whole = " ".join(words)
    if len(whole) <= min(width, PAGE - first):  # most lines: one, as it is
        return " " * first + whole
    lines: list[str] = []
    line = ""
    for word in words:
        while word:
            room = min(width, PAGE - (rest if lines else first))
            if len(line) + bool(line) + len(word) <= room:
                line = f"{line} {word}" if line else word
                break
            if line and len(word) <= min(width, PAGE - rest):  # whole, on the next line
                lines.append(line)
                line = ""
                continue
            cut = word.rfind("-", 0, room - len(line) - bool(line)) + 1
            if cut <= 0 and line:
                lines.append(line)
                line = ""
                continue
            if cut <= 0:  # no hyphen to break at: it stands alone
                cut = len(word)
            lines.append(f"{line} {word[:cut]}" if line else word[:cut])
            line, word = "", word[cut:]
    lines.append(line)
    return "\n".join(" " * (first if i == 0 else rest) + part for i, part in enumerate(lines))


def ways(routes: Sequence[Way]) -> Markup:
    """Routes' paths as the HTML report writes them, each kept whole on a line where it can
    be: one filter call, not a template loop (a report holds hundreds)."""
    return Markup(" ".join(f'<span class="route">{escape(r.way)}</span>' for r in routes))


def held(counts: Mapping[str, int]) -> str:
    """Markers held, as a report lists them: `<kind> <count>, <kind> <count>`."""
    return ", ".join(f"{kind} {count}" for kind, count in counts.items())


def labels(units: Sequence[Labelled]) -> str:
    """Units as the reports list them, each by its label: `<label>, <label>`."""
    return ", ".join(unit.label for unit in units)


def render(template: str, game_templates: Path | None = None, **context: Any) -> str:
    """`template` found in a game's folder of templates, then in reports/; a report in the
    context brings its game's folder (gm.reporting.model.Report.templates)."""
    escaped = template.endswith((".html.j2", ".svg.j2"))
    folder = game_templates or getattr(context.get("report"), "templates", None)
    return environment(escaped, folder).get_template(template).render(**context)


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


@last_call
def _legend(view: MapView) -> Markup:
    """The HTML report's legend of its map, the same for every reader."""
    return Markup(render("report-legend.html.j2", map=view))


_tails: dict[tuple[str, type[Report]], tuple[tuple[object, ...], str]] = {}


def _tail(template: str, report: Report) -> str:
    """The part of a report every reader's holds alike (report-tail.*.j2: from what was held
    to the dice), rendered once for a phase's readers: again only when one of the fields it
    is made of (its game's `Report.shared`) is another."""
    key = tuple(getattr(report, name) for name in report.shared)
    known = _tails.get((template, type(report)))
    if known is not None and all(a is b or a == b for a, b in zip(known[0], key, strict=True)):
        return known[1]
    text = render(template, report=report)
    _tails[template, type(report)] = (key, text)
    return text


def render_report(report: Report, fmt: Format, map_image: str | None = None,
                  nav: Sequence[tuple[str, str]] = (), paths: bool = True) -> str:
    """`map_image`: the address of the map as a picture (`cid:...` in mail), shown in the HTML
    instead of the inline SVG; `nav`: links (label, address) above the HTML report; `paths`:
    False, the HTML's YOUR FORCES says where each stack can go, not by what path."""
    if fmt == "json":
        return report.model_dump_json(indent=2) + "\n"
    title = f"Map: {report.title}"
    html = fmt == "html"
    svg = _body(report.map) if report.map is not None and html else None
    tail = _tail("report-tail.html.j2" if html else "report-tail.txt.j2", report)
    return render("report.html.j2" if html else "report.txt.j2", report=report, map_svg=svg,
                  title=title, map_image=map_image, nav=nav, paths=paths,
                  tail=Markup(tail) if html else tail,
                  legend=_legend(report.map) if svg is not None and report.map else "")


MAILED_HTML = 100_000  # bytes, as sent (quoted-printable): Gmail shows 102 kB (104,448)
# of a message's HTML and clips the rest (the template of orders is at the end)


def mailed_html(report: Report, map_image: str | None) -> str:
    """The HTML part of a mailed report: the whole report where it fits MAILED_HTML as sent;
    else YOUR FORCES without its paths (they are in the text part, the template and the page
    attached)."""
    import quopri  # lazy: mail only

    html = render_report(report, "html", map_image=map_image)
    if len(quopri.encodestring(html.encode("utf-8"))) <= MAILED_HTML:
        return html
    return render_report(report, "html", map_image=map_image, paths=False)


def caption_of(report: Report) -> str:
    """The caption of a reader's picture of the map: campaign, Game-Turn, phase, reader."""
    return caption_for(report, report.player.letter if report.player else None)


def caption_for(report: Report, letter: str | None) -> str:
    """The caption of player `letter`'s picture of the report's map (None: the GM's)."""
    if letter is None:
        return f"{report.title} (the GM's copy)"
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
