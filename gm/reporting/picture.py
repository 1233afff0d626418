"""The map as PNG, for the mail clients that show no SVG (Gmail, Outlook), one for each reader:
his stacks outlined, a caption (campaign, Game-Turn, phase, reader). The layers every reader
shares (the map, its legend, the key of its attacks, an empty caption band) are rendered once
per phase by resvg (through resvg-py: a Rust renderer in a wheel), and so are every reader's
captions, one band under another; each reader's picture is that raster (reduced once to 256
colours) with his outlines and his caption's band put in by Pillow, then encoded. A game that
draws its own map (Report.own_picture: Great War in the East's hexes) gives it as Layers: the
shared rendered once a phase, the reader's own parts on a small canvas pasted over it. Its
caption is also the PNG's Title (a tEXt chunk)."""

from __future__ import annotations

import hashlib
import io
from contextlib import suppress
from functools import lru_cache
from typing import TYPE_CHECKING

from gm.reporting.render import caption_for, caption_of, render, render_map

if TYPE_CHECKING:  # Pillow is loaded only where a picture is made
    from PIL import Image

    from gm.reporting.model import Layers, Report

OUTLINE = 3  # pixels: the reader's own stacks' outline, as the HTML draws it
COMPRESSION = 4  # zlib's level: as small within 4% as 6 gives, in two thirds of the time
HALF = (14.5, 9.0)  # half a counter's width and height (map-parts.svg.j2), and half the outline


def _png(svg: str) -> bytes:
    import resvg_py  # lazy: a native library only the mailed report and `--format png` need

    return bytes(resvg_py.svg_to_bytes(svg_string=svg))


def _pixels(svg: str) -> Image.Image:
    from PIL import Image  # lazy: a native library only the mailed report needs

    return Image.open(io.BytesIO(_png(svg))).convert("RGB")


KEPT_MAPS = 16  # a phase's shared layers kept rendered in the cache folder, the newest


def _kept_pixels(svg: str, palette: bool = False) -> Image.Image:
    """The layers every reader's picture of a phase shares, as pixels (`palette`: reduced to
    256 colours by median cut, the closest to the drawing): rendered by resvg once, then taken
    from the cache folder (gm.core.cachedir) by every command after, keyed by the drawing's
    digest (issue 37: rendering them was half a PNG's time, and the reduction is as long)."""
    from PIL import Image  # lazy: as _pixels

    from gm.core.cachedir import cache_dir  # lazy: as _pixels
    from gm.core.private import read_own, write_private  # lazy: as _pixels

    folder = cache_dir()
    name = f"map-{'256-' if palette else ''}{hashlib.sha256(svg.encode()).hexdigest()}.png"
    entry = None if folder is None else folder / name
    kept = None if entry is None else read_own(entry)
    if kept is not None:
        with suppress(OSError, ValueError):
            found = Image.open(io.BytesIO(kept))
            if not palette or found.mode == "P":
                found.load()
                return found if palette else found.convert("RGB")
    rendered = _png(svg)
    image = Image.open(io.BytesIO(rendered)).convert("RGB")
    if palette:
        image = image.quantize(256, method=Image.Quantize.MEDIANCUT)
        kept_png = io.BytesIO()
        image.save(kept_png, "PNG", compress_level=1)
        rendered = kept_png.getvalue()
    if entry is not None and folder is not None:
        with suppress(OSError):
            write_private(entry, rendered)
            for old in sorted(folder.glob("map-*.png"), key=lambda p: p.stat().st_mtime,
                              reverse=True)[KEPT_MAPS:]:
                old.unlink(missing_ok=True)
    return image


@lru_cache(maxsize=2)
def _shared(svg: str) -> tuple[Image.Image, int]:
    """The layers every reader's picture of a phase shares, as pixels in 256 colours, and the
    colour nearest black (for the outlines): rendered once."""
    image = _kept_pixels(svg).quantize(256, method=2)
    palette = image.getpalette() or []
    colours = [tuple(palette[i:i + 3]) for i in range(0, len(palette), 3)]
    black = min(range(len(colours)), key=lambda i: sum(colours[i]))
    return image, black


def png_of(svg: str) -> bytes:
    """An SVG document as PNG, as resvg renders it."""
    return _png(svg)


def picture(report: Report) -> bytes | None:
    """The reader's picture of the report's map (None: the data set has no areas): the shared
    layers, his own stacks outlined, his caption."""
    from PIL import ImageDraw, PngImagePlugin  # lazy: as _shared

    own = report.own_picture()
    if own is not None:  # the game's own drawing, its reader's parts over the shared
        return _layered(own, caption_of(report))
    svg = render_map(report, caption="")
    if svg is None or report.map is None:
        return None
    view = report.map
    shared, black = _shared(svg)
    image = shared.copy()
    caption = caption_of(report)
    captions = _captions_of(report)
    captions = captions if caption in captions else (caption,)
    row = captions.index(caption)
    bands = _bands(view.width, view.caption, captions, svg)
    image.paste(bands.crop((0, row * view.caption, view.width, (row + 1) * view.caption)),
                (0, 0))
    if report.player is not None:
        draw = ImageDraw.Draw(image)
        for marker in view.markers:
            if report.player.letter in marker.owners:
                x, y = marker.x, marker.y + view.caption
                draw.rectangle((round(x - HALF[0]), round(y - HALF[1]), round(x + HALF[0]),
                                round(y + HALF[1])), outline=black, width=OUTLINE)
    info = PngImagePlugin.PngInfo()
    info.add_text("Title", caption)
    found = io.BytesIO()
    image.save(found, "PNG", pnginfo=info, compress_level=COMPRESSION)
    return found.getvalue()


@lru_cache(maxsize=2)
def _base(svg: str) -> Image.Image:
    """A game's own layers every reader's picture of a phase shares, in 256 colours: rendered
    once."""
    return _kept_pixels(svg, palette=True)


def _layered(layers: Layers, caption: str) -> bytes:
    """The shared layers with the reader's tiles put over them, captioned: each tile laid
    over its place in full colour, then given the shared picture's colours, so that the whole
    is encoded as 256 colours (a third of the bytes of full colour, in a fifth of the time).
    A reader's parts draw in colours the shared layers have (his counters' fills, black
    outlines, the legend's words): a colour of his alone would become the nearest shared one."""
    from PIL import Image, PngImagePlugin  # lazy: as _shared

    image = _base(layers.shared).copy()
    own = Image.open(io.BytesIO(_png(layers.own))).convert("RGBA")
    for x, y, width, height, left, top in layers.tiles:
        box = (left, top, left + width, top + height)
        patch = image.crop(box).convert("RGBA")
        patch.alpha_composite(own.crop((x, y, x + width, y + height)))
        image.paste(patch.convert("RGB").quantize(palette=image, dither=Image.Dither.NONE),
                    box)
    info = PngImagePlugin.PngInfo()
    info.add_text("Title", caption)
    found = io.BytesIO()
    image.save(found, "PNG", pnginfo=info, compress_level=COMPRESSION)
    return found.getvalue()


def _captions_of(report: Report) -> tuple[str, ...]:
    """The captions of every reader's picture of the report's phase: the GM's, each
    player's."""
    return (caption_for(report, None), *(caption_for(report, p.letter) for p in report.players))


@lru_cache(maxsize=2)
def _bands(width: int, height: int, captions: tuple[str, ...], svg: str) -> Image.Image:
    """Every reader's caption band of a phase, one under another, rendered at once (resvg's
    start costs more than a band) in the shared picture's colours."""
    from PIL import Image  # lazy: as _shared

    shared, _ = _shared(svg)
    bands = render("map-caption.svg.j2", width=width, height=height, captions=list(captions))
    return _pixels(bands).quantize(palette=shared, dither=Image.Dither.NONE)


def caption_in(png: bytes) -> str | None:
    """The caption a picture carries (its Title), for tests and the curious."""
    from PIL import Image  # lazy: as _shared

    found = Image.open(io.BytesIO(png))
    title = getattr(found, "text", {}).get("Title")
    return str(title) if title is not None else None
