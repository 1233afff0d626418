"""Names and addresses as the GM gives them (`gm new`, `gm players --email`, the [mail] table),
checked at the door (ruling R84): they go into reports, answers, HTML and mail headers, where a
control character or markup would at best show as garbage. Today's output is safe either way
(headers are put on one line, HTML escaped); nothing is let in that would need it.

- A name is printable text: no control character (C0, C1, DEL; so no CR, LF or TAB), no
  other invisible or separating character but the space, no character that shows as nothing
  (Unicode's Default_Ignorable_Code_Point: the Hangul fillers, variation selectors, tags ...;
  and the braille blank), something to see (not only spaces and combining marks), and none of
  `<`, `>`, `&`, `"`. Letters of other alphabets that look like Latin ones are taken: a name
  is a label, the password says who the player is.
- An address is a plain addr-spec, `local@domain`, in ASCII: the local part a dot-atom of
  letters, digits and ``!#$%'*+-/=?^_`{|}~`` (RFC 5322's atext but `&`), the domain two or
  more labels of letters, digits and inner hyphens. No display name, no angle brackets, no
  quoted local part, no comment."""

from __future__ import annotations

import re
import unicodedata

from gm.core.errors import GameError

MARKUP = '<>&"'
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt; Python's unicodedata does
# not have it): characters a renderer shows as nothing when it does not support them, and
# letters that are blank by design (HANGUL FILLER U+3164 and its kin, printable to Python).
# Reserved code points in the ranges are included, as the property includes them.
IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
             (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
             (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
             (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
             (0xE0000, 0xE0FFF))
BLANK = {0x2800}  # BRAILLE PATTERN BLANK: a symbol with no dots, printable, shows as a space
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


def _unseen(char: str) -> bool:
    """A character that shows as nothing or as a blank, printable or not."""
    code = ord(char)
    return code in BLANK or any(low <= code <= high for low, high in IGNORABLE)


def _seen(char: str) -> bool:
    """A character that shows by itself: not a space, a blank, or a combining mark."""
    return not (char.isspace() or _unseen(char) or unicodedata.category(char).startswith("M"))


def name_problem(name: str) -> str | None:
    """What is wrong with a player's name, or None."""
    if not name.strip():
        return "it is empty"
    if not any(_seen(char) for char in name):
        first = next(char for char in name if not char.isspace())
        return f"it shows as blank: only spaces, marks and characters that show as nothing " \
               f"({_shown(first)})"
    control = _control(name)
    if control:
        return f"it holds a control or invisible character ({control}); a name is printable text"
    unseen = next((char for char in name if _unseen(char)), None)
    if unseen:
        return f"it holds a character that shows as nothing or as a blank " \
               f"({_shown(unseen)}); a name is text that can be seen"
    markup = sorted({c for c in name if c in MARKUP}, key=MARKUP.index)
    if markup:
        shown = " and ".join(repr(c) for c in markup)
        return f"it holds {shown}, which a name may not hold (they make markup)"
    return None


CAMPAIGN_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9_. -]{0,62}[A-Za-z0-9_-])?")


def campaign_name_problem(name: str) -> str | None:
    """What is wrong with a campaign's name (its folder's), or None: it is written in GAME
    lines, subjects, headers and paths, so it holds no control character and no '..' (issue
    36), and nothing but ASCII letters, digits, spaces, '-', '_' and '.' (no look-alike of
    another's name in another script, no two names one casefold)."""
    control = _control(name)
    if control:
        return f"it holds a control or invisible character ({control})"
    if ".." in name:
        return "it holds '..', which a path reads as the folder above"
    if not CAMPAIGN_NAME.fullmatch(name):
        return ("a campaign's name is at most 64 ASCII letters, digits, spaces, '-', '_' and "
                "'.', beginning with a letter or digit and ending with one or with '-' or '_'")
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


# The judge's own addresses, by the [mail] setting that names them, and why a player cannot have
# one of them.
JUDGE_ADDRESSES = {
    "gm_address": "mail from it is taken as the judge's own and never read as his",
    "gm_copy_to": "the GM's copies and digests go there, the other players' orders with them",
}


def check_not_judge(letter: str, address: str, judge: dict[str, str], where: str) -> None:
    """A GameError if a player's address is one of the judge's own (`judge`: setting ->
    address, as `where` names them), in any case."""
    for setting, theirs in judge.items():
        if theirs and theirs.casefold() == address.casefold():
            raise GameError(f"player {letter}: the address {address} is the judge's own "
                            f"({setting} in {where}): {JUDGE_ADDRESSES[setting]}; give the "
                            "player an address of his own (gm players --email "
                            f"{letter}:ADDRESS), or the judge another {setting}")
