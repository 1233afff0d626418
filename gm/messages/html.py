"""HTML mail as the text its writer saw: one line a block or `<br>`, quoted blocks as `> `
lines, entities and non-breaking spaces as text (what Outlook, Gmail and Apple Mail send). As
the clients write the text part of the same message: a list item begins with its mark (`- `,
or its number), a link is followed by where it leads (`map <https://...>`, not when its text
says it already), and a symbol font's letter is the symbol shown (Outlook's smiley, a
Wingdings `J`, is U+263A)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Tags that begin a new line in a browser (innerText's rule: a block boundary is at most one
# line break; `<br>` is always one).
BLOCKS = {"address", "article", "blockquote", "center", "dd", "div", "dl", "dt", "fieldset",
          "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
          "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "thead", "tr",
          "ul"}
CELLS = {"td", "th"}  # the cells of a row share its line
HIDDEN = {"head", "script", "style", "title", "template"}
NBSP = "\u00a0"
SPACES = re.compile(r"[ \t\r\n\f]+")
LINKED = re.compile(r"(?:https?|ftp|mailto):[^\s<>]+", re.IGNORECASE)  # shown after the text
# Where a link's text says where it leads already: without its scheme and a final '/'.
BARE = re.compile(r"^(?:(?:https?|ftp)://|mailto:)|/$", re.IGNORECASE)
# A symbol font (Outlook's AutoCorrect puts its smileys in Wingdings), and its letters' symbols.
SYMBOL_FONT = re.compile(r"font-family\s*:\s*[\"']?\s*(?:wingdings|webdings)\b|^(?:wingdings|"
                         r"webdings)\b", re.IGNORECASE)
WINGDINGS = str.maketrans({"J": "\u263a", "K": "\U0001f610", "L": "\u2639"})


def same_place(text: str, href: str) -> bool:
    """Whether a link's text says where it leads (its address, with or without its scheme)."""
    return BARE.sub("", text.strip()).casefold() == BARE.sub("", href).casefold()


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line = ""
        self.hidden = 0
        self.quoted = 0
        self.pre = 0
        self.lists: list[int] = []  # each open list: -1 a list of marks, else its last number
        self.fonts: list[tuple[str, bool]] = []  # each open span or font: a symbol font?
        self.links: list[tuple[str | None, str]] = []  # each open link: where, its text
        self.marked = False  # the line is a list item's mark alone so far

    def _end_line(self, always: bool) -> None:
        if always or self.line:
            prefix = "> " * self.quoted
            self.lines.append(prefix + self.line.rstrip(" "))
        self.line = ""
        self.marked = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in HIDDEN:
            self.hidden += 1
        elif tag == "br":
            self._end_line(always=True)
        elif tag in BLOCKS:
            if not self.marked:  # a block in a list item begins on the item's line
                self._end_line(always=False)
            if tag == "blockquote":
                self.quoted += 1
            elif tag == "pre":
                self.pre += 1
            elif tag in ("ul", "ol"):
                start = found.get("start") or "1"
                self.lists.append(int(start) - 1 if tag == "ol" and start.isdigit() else -1)
            elif tag == "li" and self.lists:
                if self.lists[-1] < 0:
                    self.line = "- "
                else:
                    self.lists[-1] += 1
                    self.line = f"{self.lists[-1]}. "
                self.marked = True
        elif tag in CELLS and self.line:
            self.line += " "
        elif tag in ("span", "font"):
            style = found.get("style") or found.get("face") or ""
            self.fonts.append((tag, bool(SYMBOL_FONT.search(style)) or (
                bool(self.fonts) and self.fonts[-1][1])))
        elif tag == "a":
            href = (found.get("href") or "").strip()
            self.links.append((href if LINKED.fullmatch(href) else None, ""))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN:
            self.hidden = max(self.hidden - 1, 0)
        elif tag in BLOCKS:
            self._end_line(always=False)
            if tag == "blockquote":
                self.quoted = max(self.quoted - 1, 0)
            elif tag == "pre":
                self.pre = max(self.pre - 1, 0)
            elif tag in ("ul", "ol") and self.lists:
                self.lists.pop()
        elif tag in ("span", "font"):
            for n in range(len(self.fonts) - 1, -1, -1):
                if self.fonts[n][0] == tag:
                    del self.fonts[n]
                    break
        elif tag == "a" and self.links:
            href, text = self.links.pop()
            if href is not None and not self.hidden and not same_place(text, href):
                self.line += f" <{href}>"

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.fonts and self.fonts[-1][1]:
            data = data.translate(WINGDINGS)
        if self.links:
            href, text = self.links[-1]
            self.links[-1] = (href, text + data)
        if data.strip():
            self.marked = False
        if self.pre:
            first, *rest = data.split("\n")
            self.line += first
            for part in rest:
                self._end_line(always=True)
                self.line = part
            return
        text = SPACES.sub(" ", data)
        if not self.line or self.marked:
            text = text.lstrip(" ")  # a line does not begin with the source's indentation
        self.line += text


def html_to_text(html: str) -> str:
    """The text of an HTML body, line by line as a mail client shows it."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    parser._end_line(always=False)
    lines = [line.replace(NBSP, " ").rstrip() for line in parser.lines]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n" if lines else ""
