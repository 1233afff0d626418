#!/usr/bin/env bash
# The whole test suite on a fresh machine: install what it needs, lint, type-check, test.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { echo "== $(date +%H:%M:%S) $*"; }
# What the tests start themselves: PostgreSQL on loopback (the store's hosted backend),
# dovecot's IMAP and LMTP servers (the campaign's mailbox; aiosmtpd relays SMTP into it) and
# headless Chromium (the HTML report's map).
missing=""
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$missing postgresql"
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v dovecot >/dev/null 2>&1 || missing="$missing dovecot-imapd dovecot-lmtpd"
[ -e /usr/lib/dovecot/lmtp ] || missing="$missing dovecot-lmtpd"
command -v openssl >/dev/null 2>&1 || missing="$missing openssl"
if [ -n "$missing" ]; then
    step "installing Debian packages:$missing"
    apt-get -o DPkg::Lock::Timeout=300 update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
        $missing >/dev/null
fi
step "installing the Python packages (venv .venv)"
python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -e '.[test]'
step "ruff"
.venv/bin/ruff check gm orders_grammar tests bench
step "mypy --strict (the program, the tests, the benchmarks)"
.venv/bin/mypy
step "import-linter (the house plan's layers, docs/architecture.md)"
.venv/bin/lint-imports --no-logo --no-cache
step "pytest on $(nproc) workers, a test file each at a time (each starts its own PostgreSQL, dovecot and SMTP relay on loopback)"
.venv/bin/python -m pytest -n "$(nproc)" --dist loadfile --durations=10 "$@"
step "done"
