"""Rendering a report model: text/plain, HTML with its map, or the model as JSON."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Literal

from gm.report import templates_dir
from gm.reporting.model import Report

if TYPE_CHECKING:
    import jinja2

Format = Literal["text", "html", "json"]


@cache
def _environment(html: bool) -> jinja2.Environment:
    """One environment per kind, so each template is compiled once per process."""
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir()),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=html,
    )


def render_report(report: Report, fmt: Format) -> str:
    if fmt == "json":
        return report.model_dump_json(indent=2) + "\n"
    template = "report.html.j2" if fmt == "html" else "report.txt.j2"
    return _environment(fmt == "html").get_template(template).render(report=report)
