"""What the receiving server says of a message's sender (RFC 8601, Authentication-Results),
read only when the GM names the server he trusts ([mail] authserv_id): whether the domain of
the From address is proven, by DMARC, by a DKIM signature of that domain, or by SPF for an
envelope sender in it (ruling R86).

Only the server's own header counts: the topmost run of Authentication-Results header fields
with its authserv-id (the fields it put at the top of the message, one after another). A sender
may write such fields himself, with any authserv-id; they stand below the fields and the
Received line the receiving server adds, so they never join that run. The server should also
delete any arriving with its authserv-id (RFC 8601, section 5).

This proves the domain, not the mailbox: another user of the same domain, whose server lets him
put any From, is not told apart by it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

HEADER = "authentication-results"
TOKEN = re.compile(r'\s*([^\s=;"]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s;"]*)')


@dataclass(frozen=True)
class Result:
    """One method's result (`dkim=pass header.d=example.org`): its properties, lower case."""

    method: str
    result: str
    properties: dict[str, str]


def _without_comments(value: str) -> str:
    """The value with its comments (nested parentheses) taken out, quoted strings kept."""
    out: list[str] = []
    depth = 0
    quoted = escaped = False
    for char in value:
        if escaped:
            escaped = False
            if depth == 0:
                out.append(char)
            continue
        if char == "\\":
            escaped = True
            if depth == 0:
                out.append(char)
            continue
        if quoted:
            quoted = char != '"'
            out.append(char)
        elif char == '"' and depth == 0:
            quoted = True
            out.append(char)
        elif char == "(":
            depth += 1
        elif char == ")" and depth:
            depth -= 1
            if depth == 0:
                out.append(" ")
        elif depth == 0:
            out.append(char)
    return "".join(out)


def _split(value: str) -> list[str]:
    """The value cut at each `;` outside a quoted string."""
    parts: list[str] = []
    current: list[str] = []
    quoted = escaped = False
    for char in value:
        if escaped:
            escaped = False
        elif char == "\\" and quoted:
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif char == ";" and not quoted:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return parts


def _unquoted(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return re.sub(r"\\(.)", r"\1", value[1:-1])
    return value


def parse(value: str) -> tuple[str, list[Result]] | None:
    """(authserv-id, its results) of one Authentication-Results value; None if unreadable."""
    parts = _split(" ".join(_without_comments(value).split()))
    head = parts[0].split()
    if not head:
        return None
    results: list[Result] = []
    for part in parts[1:]:
        tokens = [(key.lower(), _unquoted(found)) for key, found in TOKEN.findall(part)]
        if not tokens:
            continue  # "none", or nothing
        method, result = tokens[0]
        results.append(Result(method.split("/")[0], result.lower(),
                              {key: found.lower() for key, found in tokens[1:]}))
    return head[0].lower(), results


def _domain(value: str) -> str:
    """The domain of an address or of a bare domain, lower case."""
    return value.strip().strip("<>").rpartition("@")[2].strip(".").lower()


def _proves(result: Result, domain: str) -> bool:
    if result.result != "pass":
        return False
    if result.method == "dmarc":
        named = result.properties.get("header.from")
        return named is None or _domain(named) == domain
    if result.method == "dkim":
        return _domain(result.properties.get("header.d", "")) == domain
    if result.method == "spf":
        mailfrom = _domain(result.properties.get("smtp.mailfrom", ""))
        return mailfrom == domain or mailfrom.endswith("." + domain)
    return False


def sender_proven(fields: Sequence[tuple[int, str]], authserv_id: str, sender: str | None
                  ) -> bool:
    """Whether the server named `authserv_id` proves the domain of `sender` (the From
    address): `fields` are the message's Authentication-Results values, each with its place
    among the header fields (0 the topmost). Only the topmost run of the server's own counts:
    its first field and those right after it."""
    if not sender or "@" not in sender or not authserv_id:
        return False
    domain = _domain(sender)
    wanted = authserv_id.strip().lower()
    run: list[list[Result]] = []
    last = -2
    for place, value in fields:
        parsed = parse(value)
        if parsed is None or parsed[0] != wanted:
            if run:
                break
            continue
        if run and place != last + 1:
            break
        run.append(parsed[1])
        last = place
    return any(_proves(result, domain) for results in run for result in results)
