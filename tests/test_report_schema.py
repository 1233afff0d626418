"""The JSON report for other programs: its JSON Schema is published in docs/ and kept current,
and the reports the program writes conform to it.

To accept a deliberate change of the model: GM_UPDATE_GOLDEN=1 pytest tests/test_report_schema.py
(and raise SCHEMA_VERSION in gm/reporting/model.py when a field changes or goes)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema

from gm.games.rcw.reports.model import Report
from gm.reporting.model import SCHEMA_VERSION, report_schema

ROOT = Path(__file__).resolve().parents[1]
PUBLISHED = ROOT / "docs" / "report.schema.json"
GOLDEN = ROOT / "tests" / "golden"


def test_the_published_schema_is_the_models() -> None:
    text = json.dumps(report_schema(Report), indent=2, sort_keys=True) + "\n"
    if os.environ.get("GM_UPDATE_GOLDEN"):
        PUBLISHED.write_text(text, encoding="utf-8")
    assert PUBLISHED.read_text(encoding="utf-8") == text


def test_the_reports_conform_to_the_published_schema() -> None:
    schema = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    for name in ("report-t2p2.json", "report-t2p2-A.json"):
        report = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
        jsonschema.validate(report, schema, cls=jsonschema.Draft202012Validator)
        assert report["schema_version"] == SCHEMA_VERSION


def test_a_report_that_breaks_the_schema_is_caught() -> None:
    schema = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    report = json.loads((GOLDEN / "report-t2p2-A.json").read_text(encoding="utf-8"))
    report["regions"][0]["provinces"][0]["stacks"][0]["units"][0]["id"] = [1]
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(report))
    assert errors
