"""Jinja's compiled templates kept in the cache folder (gm/core/cachedir.py). A compiled
template is code, so an entry is read only from a regular file of the user's that no one else
may write (gm.core.private.open_own); any other is a miss, compiled again and put in its
place (Jinja writes a new file beside it, 0600, and moves it there)."""

from __future__ import annotations

from pathlib import Path

import jinja2

from gm.core.private import open_own


class OwnBytecodeCache(jinja2.FileSystemBytecodeCache):
    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        opened = open_own(Path(self._get_cache_filename(bucket)))
        if opened is None:
            return
        with opened:
            bucket.load_bytecode(opened)
