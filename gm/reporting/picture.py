"""The map as PNG, for the mail clients that show no SVG (Gmail, Outlook): rendered from the
same SVG by resvg, through resvg-py (a Rust renderer in a wheel: pip alone installs it, no
system library). Rendered once per map: every player's mail of a phase carries the same one."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=4)
def png_of(svg: str) -> bytes:
    import resvg_py  # lazy: a native library only the mailed report needs

    return bytes(resvg_py.svg_to_bytes(svg_string=svg))
