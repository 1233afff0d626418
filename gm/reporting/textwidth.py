"""How wide a line of text is drawn on the map (SVG, and the PNG resvg renders from it), so that
what is written there is laid out by its real extent: a mark sized to its number, a legend's
words wrapped to their column. The maps ask for DejaVu Sans (the PNG is rendered with
it; Chromium and resvg find it on the system); its advance widths for printable ASCII are
below, in thousandths of an em, and any other character is taken as the widest there is, so a
line measured is never drawn wider than said. `MARGIN` leaves room for a reader whose system
draws the SVG with the next font asked for (Verdana is a little wider)."""

from __future__ import annotations

_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632,
    575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685,
    611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579,
    278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838)
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683,
    683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771,
    724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665,
    343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838)
_OTHER = (1000, 1103)  # a character outside printable ASCII: as wide as the widest there
MARGIN = 1.04


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of `text` at `size` (map units or px), DejaVu Sans (Bold), with MARGIN."""
    table = _BOLD if bold else _REGULAR
    other = _OTHER[bold]
    em = sum(table[ord(c) - 32] if 32 <= ord(c) < 127 else other for c in text)
    return em * size / 1000 * MARGIN


def wrap_to(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """The words of `text` in lines no wider than `width` when drawn at `size`: greedy; a word
    wider than a line alone is cut to fit, the rest going on on the next."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if text_width(trial, size, bold) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while text_width(word, size, bold) > width:
            cut = max(1, max(n for n in range(1, len(word) + 1)
                             if text_width(word[:n], size, bold) <= width or n == 1))
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line or not lines:
        lines.append(line)
    return lines
