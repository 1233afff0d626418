"""Names and addresses as the GM gives them (`gm new`, `gm players --email`, the [mail] table),
checked at the door (ruling R84): they go into reports, answers, HTML and mail headers, where a
control character or markup would at best show as garbage. Today's output is safe either way
(headers are put on one line, HTML escaped); nothing is let in that would need it.

- A name is printable text: no control character (C0, C1, DEL; so no CR, LF or TAB), no
  other invisible or separating character but the space, and none of `<`, `>`, `&`, `"`.
- An address is a plain addr-spec, `local@domain`, in ASCII: the local part a dot-atom of
  letters, digits and ``!#$%'*+-/=?^_`{|}~`` (RFC 5322's atext but `&`), the domain two or
  more labels of letters, digits and inner hyphens. No display name, no angle brackets, no
  quoted local part, no comment."""

from __future__ import annotations

import re
import unicodedata

from gm.core.errors import GameError

MARKUP = '<>&"'
ATOM = r"[A-Za-z0-9!#$%'*+/=?^_`{|}~-]+"
LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
ADDR_SPEC = re.compile(rf"{ATOM}(?:\.{ATOM})*@{LABEL}(?:\.{LABEL})+")


def _shown(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" {name}" if name else "")


def _control(text: str) -> str | None:
    """The first character of `text` that is not printable (a space is), shown by its code."""
    for char in text:
        if char != " " and not char.isprintable():
            return _shown(char)
    return None


def name_problem(name: str) -> str | None:
    """What is wrong with a player's name, or None."""
    if not name.strip():
        return "it is empty"
    control = _control(name)
    if control:
        return f"it holds a control or invisible character ({control}); a name is printable text"
    markup = sorted({c for c in name if c in MARKUP}, key=MARKUP.index)
    if markup:
        shown = " and ".join(repr(c) for c in markup)
        return f"it holds {shown}, which a name may not hold (they make markup)"
    return None


def address_problem(address: str) -> str | None:
    """What is wrong with an e-mail address, or None."""
    if not address:
        return "it is empty"
    control = _control(address)
    if control:
        return f"it holds a control or invisible character ({control})"
    if ADDR_SPEC.fullmatch(address):
        return None
    if any(c in address for c in MARKUP + "()"):
        return ("write the address alone, local@domain: no name, angle brackets, quotes, "
                "comments or &")
    if " " in address:
        return "an address has no spaces"
    if not address.isascii():
        return "write the address in ASCII (a domain in its xn-- form)"
    if address.count("@") != 1:
        return "it is not an e-mail address (one @, as in anna@example.org)"
    return "it is not an e-mail address of the form local@domain.tld (anna@example.org)"


def check_name(name: str, field: str) -> str:
    """`name`, or a GameError that names the field and what is wrong."""
    problem = name_problem(name)
    if problem:
        raise GameError(f"{field}: the name {name!r} is refused: {problem}")
    return name


def check_address(address: str, field: str) -> str:
    """`address`, or a GameError that names the field and what is wrong."""
    problem = address_problem(address)
    if problem:
        raise GameError(f"{field}: the address {address!r} is refused: {problem}")
    return address
