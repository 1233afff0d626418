#!/usr/bin/env bash
# The whole test suite on a fresh machine: install what it needs, lint, type-check, test.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -e '.[test]'
.venv/bin/ruff check gm orders_grammar tests bench
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
