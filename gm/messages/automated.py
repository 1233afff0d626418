"""Mail that must not be answered (RFC 3834, RFC 3464, RFC 2369): auto-replies, bounces and
delivery reports, bulk and list mail. Answering them is how mail loops begin."""

from __future__ import annotations

from email.message import Message

BULK = {"bulk", "junk", "list"}
DAEMONS = {"mailer-daemon", "postmaster", "mail-daemon", "mailerdaemon"}
# What vacation responders that ignore RFC 3834 put in instead (Exchange, older sieve, vacation).
AUTOREPLY_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Auto-Reply")


def automated_reason(message: Message) -> str | None:
    """Why this message gets no answer, or None when it may be answered."""
    auto = _value(message, "Auto-Submitted")
    if auto and auto.lower().split(";")[0].strip() != "no":
        return f"automatic message (Auto-Submitted: {auto})"
    if message.get_content_type() == "multipart/report":
        return "delivery or read report (multipart/report)"
    return_path = _value(message, "Return-Path")
    if return_path is not None and return_path.strip("<> ") == "":
        return "bounce (null Return-Path)"
    sender = (_value(message, "From") or "").lower()
    local = sender.rsplit("<", 1)[-1].split("@", 1)[0].strip(' "<>')
    if local in DAEMONS:
        return f"bounce (from {local})"
    precedence = (_value(message, "Precedence") or "").lower()
    if precedence in BULK:
        return f"bulk mail (Precedence: {precedence})"
    for name in ("List-Id", "List-Unsubscribe"):
        if _value(message, name):
            return f"list mail ({name})"
    for name in AUTOREPLY_HEADERS:
        if _value(message, name):
            return f"automatic reply ({name})"
    return None


def _value(message: Message, name: str) -> str | None:
    try:
        value = message.get(name)
    except (ValueError, IndexError, TypeError):
        return None
    return None if value is None else " ".join(str(value).split())
