#!/usr/bin/env bash
# The whole test suite on a fresh machine: install what it needs, lint, type-check, test.
set -euo pipefail
cd "$(dirname "$0")/.."
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
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -e '.[test]'
.venv/bin/ruff check gm orders_grammar tests bench
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
