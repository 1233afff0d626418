"""HTML mail as the text its writer saw: one line a block or `<br>`, quoted blocks as `> `
lines, entities and non-breaking spaces as text (what Outlook, Gmail and Apple Mail send)."""

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


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line = ""
        self.hidden = 0
        self.quoted = 0
        self.pre = 0

    def _end_line(self, always: bool) -> None:
        if always or self.line:
            prefix = "> " * self.quoted
            self.lines.append(prefix + self.line.rstrip(" "))
        self.line = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HIDDEN:
            self.hidden += 1
        elif tag == "br":
            self._end_line(always=True)
        elif tag in BLOCKS:
            self._end_line(always=False)
            if tag == "blockquote":
                self.quoted += 1
            elif tag == "pre":
                self.pre += 1
        elif tag in CELLS and self.line:
            self.line += " "

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

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.pre:
            first, *rest = data.split("\n")
            self.line += first
            for part in rest:
                self._end_line(always=True)
                self.line = part
            return
        text = SPACES.sub(" ", data)
        if not self.line:
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
