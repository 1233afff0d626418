"""Players' passwords: kept only as salted scrypt hashes; the codes that confirm a new one
asked by mail, as SHA-256 hashes."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re

RESET_KIND = "password-reset"  # the outbox's kind of the mail that gives a GM's new password


def new_password() -> str:
    """A password the judge makes (gm new, a GM's reset): 8 random bytes, as
    secrets.token_urlsafe(8) writes them (11 letters, digits, '-' and '_'; R79's arithmetic)."""
    return base64.urlsafe_b64encode(os.urandom(8)).rstrip(b"=").decode("ascii")


def hash_password(password: str, salt: bytes | None = None) -> str:
    salt = salt or os.urandom(16)  # what secrets.token_bytes gives, without its imports
    digest = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1)
    return f"scrypt${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    try:
        scheme, salt, _ = stored.split("$")
    except ValueError:
        return False
    return scheme == "scrypt" and hmac.compare_digest(
        hash_password(password, bytes.fromhex(salt)), stored)


def fingerprint(stored: str) -> str:
    """A short name for one stored hash, kept with a message checked against it so that it
    counts only while that is still the player's password (R87): a hash of the salted hash,
    which tells nothing the hash does not."""
    return hashlib.sha256(stored.encode()).hexdigest()[:16]


# The codes that confirm a new password asked by mail (R87): 12 letters and digits of 32 that
# are not mistaken for one another, 60 random bits, written in groups of four.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 12


def new_code() -> str:
    number = int.from_bytes(os.urandom(8), "big")  # 64 bits; 32 ** 12 divides 2 ** 64
    letters = []
    for _ in range(CODE_LENGTH):
        number, digit = divmod(number, len(CODE_LETTERS))
        letters.append(CODE_LETTERS[digit])
    return "-".join("".join(letters[i:i + 4]) for i in range(0, CODE_LENGTH, 4))


def code_hash(code: str) -> str:
    """A code as kept: SHA-256 of its letters and digits (any case; dashes, spaces and the
    like are nothing)."""
    plain = "".join(char for char in code if char.isascii() and char.isalnum()).upper()
    return hashlib.sha256(plain.encode()).hexdigest()


CODE_FORM = re.compile("-".join([f"[{CODE_LETTERS}]{{4}}"] * 3))


def without_codes(text: str) -> str:
    """A message as kept once sent: every code in it taken out."""
    return CODE_FORM.sub("[taken out once sent]", text)


def without_secrets(kind: str, raw: str) -> str | None:
    """A message of the outbox as kept once sent: the code of a new password asked by mail
    taken out (R87), the password a GM's reset gives too (R88); None: kept as it is."""
    if kind == "password":
        return without_codes(raw)
    if kind == RESET_KIND:
        from gm.messages.redaction import redact_message  # lazy: a reset's mail only

        return redact_message(raw.encode("utf-8")).decode("utf-8")
    return None
