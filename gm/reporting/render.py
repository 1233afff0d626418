"""Rendering through the Jinja templates in reports/: a report model as text/plain, HTML with
its map, or the model as JSON; and the other texts the program sends (answers, positions)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Literal

import jinja2

from gm.reporting.model import Report

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
    return env


def held(counts: Mapping[str, int]) -> str:
    """Markers held, as a report lists them: `<kind> <count>, <kind> <count>`."""
    return ", ".join(f"{kind} {count}" for kind, count in counts.items())


def render(template: str, **context: Any) -> str:
    return environment(template.endswith(".html.j2")).get_template(template).render(**context)


def render_report(report: Report, fmt: Format) -> str:
    if fmt == "json":
        return report.model_dump_json(indent=2) + "\n"
    return render("report.html.j2" if fmt == "html" else "report.txt.j2", report=report)
