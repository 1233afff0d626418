"""What the receiving server says of a message's sender (RFC 8601, Authentication-Results),
read only when the GM names the server he trusts ([mail] authserv_id): whether the domain of
the From address is proven, by DMARC for that domain, by a DKIM signature of that domain, or by
SPF for an envelope sender of that very domain (ruling R86).

Only one field counts: the topmost Authentication-Results field with the trusted authserv-id.
A receiving server puts its own fields on top of the message as it takes it in (RFC 8601,
section 5: "at the top of the existing header"), above everything the sender wrote; where its
Received line goes depends on the server. Postfix with OpenDKIM and OpenDMARC, for one, puts
its Received line first and each milter's field under it, the last milter's (OpenDMARC's, in
the usual order) topmost: `Received`, `Authentication-Results` (dmarc), `Authentication-Results`
(spf), `DKIM-Filter`, `Authentication-Results` (dkim), then the sender's own header fields;
Gmail writes one field with all three results under its Received line. A field the sender
wrote himself, with the trusted authserv-id, stands right below the server's: reading more
than the topmost one would let it join them, so no second field is read. What the server must
do for this to hold: add its results on top of every message it takes in, and delete any
field arriving with its own authserv-id (RFC 8601, section 5); a message to which it added
none is read by the sender's field. A server that writes several fields proves a sender here
by the topmost alone (DMARC's, as OpenDMARC writes it): a pass only in a field below it is not
read. That fails safe: a message not proven is only taken as from another address (R86).

Within that field, a `dmarc=fail` for the From domain outweighs any pass beside it; a pass
proves only for the From domain itself: `dmarc=pass` with `header.from` that domain,
`dkim=pass` with `header.d` that domain (or the domain of `header.i`, as Gmail writes it:
`header.i=@example.org`), `spf=pass` with `smtp.mailfrom` of that domain (not one under it:
whoever controls a subdomain's SPF does not prove the domain).

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
        return _domain(result.properties.get("header.from", "")) == domain
    if result.method == "dkim":
        signer = result.properties.get("header.d") or result.properties.get("header.i", "")
        return _domain(signer) == domain
    if result.method == "spf":
        return _domain(result.properties.get("smtp.mailfrom", "")) == domain
    return False


def _refutes(result: Result, domain: str) -> bool:
    """DMARC's own verdict that the From domain is not proven."""
    return result.method == "dmarc" and result.result == "fail" and \
        _domain(result.properties.get("header.from", domain)) == domain


def sender_proven(fields: Sequence[tuple[int, str]], authserv_id: str, sender: str | None
                  ) -> bool:
    """Whether the server named `authserv_id` proves the domain of `sender` (the From
    address): `fields` are the message's Authentication-Results values, each with its place
    among the header fields (0 the topmost). Only the topmost field with that authserv-id is
    read (the module's docstring says why)."""
    if not sender or "@" not in sender or not authserv_id:
        return False
    domain = _domain(sender)
    wanted = authserv_id.strip().lower()
    for _, value in sorted(fields):
        parsed = parse(value)
        if parsed is None or parsed[0] != wanted:
            continue
        results = parsed[1]
        return not any(_refutes(r, domain) for r in results) and \
            any(_proves(r, domain) for r in results)
    return False
