"""Rendering a report model: text/plain, HTML with its map, or the model as JSON."""

from __future__ import annotations

from typing import Literal

from gm.report import render
from gm.reporting.model import Report

Format = Literal["text", "html", "json"]


def render_report(report: Report, fmt: Format) -> str:
    if fmt == "json":
        return report.model_dump_json(indent=2) + "\n"
    return render("report.html.j2" if fmt == "html" else "report.txt.j2", report=report)
