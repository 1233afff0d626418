"""Players' passwords: kept only as salted scrypt hashes."""

from __future__ import annotations

import hashlib
import hmac
import os


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
