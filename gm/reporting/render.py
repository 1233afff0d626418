"""Rendering through the Jinja templates in reports/: a report model as text/plain, HTML with
its map, or the model as JSON; and the other texts the program sends (answers, positions)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Literal

import jinja2

from gm.reporting.model import Report, UnitView

Format = Literal["text", "html", "json"]


def templates_dir() -> Path:
    gm_dir = Path(__file__).resolve().parent.parent
    packaged = gm_dir / "_reports"  # in a wheel (pyproject force-include)
    return packaged if packaged.is_dir() else gm_dir.parent / "reports"


@cache
def environment(html: bool = False) -> jinja2.Environment:
    """One Jinja environment per kind (HTML escapes, text does not), so that each template
    is compiled once per process."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir()),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=html,
    )
    env.filters["held"] = held
    env.filters["labels"] = labels
    return env


def held(counts: Mapping[str, int]) -> str:
    """Markers held, as a report lists them: `<kind> <count>, <kind> <count>`."""
    return ", ".join(f"{kind} {count}" for kind, count in counts.items())


def labels(units: list[UnitView]) -> str:
    """Units as the reports list them: `152 Trotsky (3), 111 RD 3`."""
    return ", ".join(unit.label for unit in units)


def render(template: str, **context: Any) -> str:
    escaped = template.endswith((".html.j2", ".svg.j2"))
    return environment(escaped).get_template(template).render(**context)


def render_report(report: Report, fmt: Format) -> str:
    if fmt == "json":
        return report.model_dump_json(indent=2) + "\n"
    return render("report.html.j2" if fmt == "html" else "report.txt.j2", report=report,
                  map=report.map, title=f"Map: {report.title}")


def render_map(report: Report) -> str | None:
    """The report's map alone, as an SVG document (None: the data set has no areas)."""
    if report.map is None:
        return None
    return render("map.svg.j2", map=report.map, title=f"Map: {report.title}")
