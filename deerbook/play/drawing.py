"""A tiny SVG writer for the game views (standard library only, nothing loaded from the internet).

Labels on the page background use `currentColor`, so they follow JupyterLab's light or dark theme (and the book's);
cards, dice and boards carry their own light fill with dark ink, readable on either. Seat colours are
the Okabe–Ito palette, safe for colour-blind readers; every seat is also labelled in text. No text is smaller than
`SMALLEST` px: a drawing is laid out for the width it is shown at (`render_svg(..., width=)`), never shrunk to it, so
a book page carries a wide and a narrow layout of each table (`Drawing`, `html_block`) and shows the one that fits.
"""
from __future__ import annotations

from html import escape

SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
INK, PAPER, BACK = "#1a1a1a", "#fdfdf8", "#0072B2"  # card/dice ink, card/dice face, card backs
HIGHLIGHT = "#D55E00"  # vermilion (Okabe–Ito): frozen, special spaces, warnings
SOFT = "#999999"  # grid lines and empty boxes, visible on light and dark backgrounds
SMALLEST = 11  # px: the smallest text a drawing has (readable on a phone, where it is drawn at its own size)
WIDE = 680  # px: the width of a drawing in a notebook and on a wide book page (which is 688 px wide at 1280 px)
NARROW = 340  # px: the width of a drawing's phone layout (a 390 px phone's page leaves 358 px for it)


def seat_colour(seat: int) -> str:
    """The colour of a seat (repeating after the palette)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class Svg:
    """Collects SVG elements; `str()` gives the document."""

    def __init__(self, width: int, title: str):
        self.width, self.title = width, title
        self.parts: list[str] = []
        self.height: float = 0

    def _add(self, element: str, bottom: float) -> None:
        self.parts.append(element)
        self.height = max(self.height, bottom)

    def rect(self, x, y, w, h, fill="none", stroke=SOFT, rx=0, width=1, label="", cls="") -> None:
        """Add a rectangle, with an optional hover label and class."""
        hover = f"<title>{escape(label)}</title>" if label else ""
        extra = (f' rx="{rx:g}"' if rx else "") + (f' stroke-width="{width}"' if width != 1 else "")
        extra += f' class="{cls}"' if cls else ""
        self._add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="{fill}" stroke="{stroke}"{extra}>'
                  f'{hover}</rect>', y + h)

    def circle(self, x, y, r, fill, stroke=INK, label="") -> None:
        """Add a circle, with an optional hover label."""
        hover = f"<title>{escape(label)}</title>" if label else ""
        self._add(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" stroke="{stroke}">{hover}</circle>', y + r)

    def line(self, x1, y1, x2, y2, stroke=SOFT, width=1) -> None:
        """Add a line."""
        self._add(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{stroke}" '
                  f'stroke-width="{width}"/>', max(y1, y2))

    def text(self, x, y, content, size=12, fill="currentColor", anchor="start", weight="normal", cls="") -> None:
        """Text in the page's colour unless `fill` is given (attributes at their default are left out), never smaller
        than `SMALLEST` px."""
        size = max(size, SMALLEST)
        extra = "".join(f' {name}="{value}"' for name, value, default in (
            ("fill", fill, "currentColor"), ("text-anchor", anchor, "start"), ("font-weight", weight, "normal"),
            ("class", cls, "")) if value != default)
        self._add(f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(str(content))}</text>', y + 4)

    def card(self, x, y, name, fill=PAPER, ink=INK, count=1, w=40, h=56) -> None:
        """A face-up card (a stack when `count` > 1, with its count)."""
        for i in reversed(range(min(count, 3))):
            self.rect(x + 3 * i, y - 3 * i, w, h, fill=fill, stroke=INK, rx=4)
        self.text(x + w / 2, y + h / 2 + 5, name, size=16 if len(name) <= 2 else SMALLEST, fill=ink, anchor="middle",
                  weight="bold", cls="card")
        if count > 1:
            self.text(x + w / 2, y + h + 14, f"×{count}", size=SMALLEST, anchor="middle")

    def card_back(self, x, y, w=30, h=42) -> None:
        """Add a face-down card."""
        self.rect(x, y, w, h, fill=BACK, stroke=INK, rx=4)
        self.rect(x + 4, y + 4, w - 8, h - 8, fill="none", stroke=PAPER, rx=2)

    def die(self, x, y, face: str, size=58, fill=PAPER, ink=INK, label="") -> None:
        """A die showing `face`: a number, or a symbol's name in halves on two lines (on more lines where a half does
        not fit the die)."""
        self.rect(x, y, size, size, fill=fill, stroke=INK, rx=8, width=2, label=label or face, cls="die")
        words, fits = face.split(), int(size / 6.4)
        lines = [face] if len(face) <= 5 or len(words) == 1 else [" ".join(words[:len(words) // 2]),
                                                                 " ".join(words[len(words) // 2:])]
        font = max(SMALLEST, round(size * 0.38)) if len(face) <= 2 else SMALLEST
        if len(words) > 1 and max(map(len, lines)) > fits:
            lines = wrap_words(face, fits)
        top = y + size / 2 + font / 3 - (len(lines) - 1) * (font / 2 + 1)
        for i, part in enumerate(lines):
            self.text(x + size / 2, top + i * (font + 2), part, size=font, fill=ink, anchor="middle", weight="bold")

    def chip(self, x, y, words: str, fill=PAPER, ink=INK, size=SMALLEST) -> float:
        """A rounded label with `words` on it (a die face, a sheet box); returns its width."""
        width = 10 + 0.62 * size * len(words)
        self.rect(x, y, width, size + 10, fill=fill, stroke=INK, rx=5)
        self.text(x + width / 2, y + size + 3, words, size=size, fill=ink, anchor="middle", weight="bold")
        return width

    def tick(self, x, y, size=8, stroke=INK) -> None:
        """A check mark drawn as two strokes (not text, so it may be smaller than the smallest text)."""
        self._add(f'<path d="M{x:g} {y + size / 2:g} l{size / 3:g} {size / 3:g} l{size * 2 / 3:g} {-size * 2 / 3:g}" '
                  f'fill="none" stroke="{stroke}" stroke-width="2"/>', y + size)

    def headline(self, text: str) -> float:
        """The drawing's headline, on as many lines as its width needs; returns where its last line stands."""
        lines = wrap_words(text, int((self.width - 20) / 8))
        for i, line in enumerate(lines):
            self.text(10, 20 + 18 * i, line, size=14, weight="bold")
        return 20 + 18 * (len(lines) - 1)

    def __str__(self) -> str:
        height = int(self.height + 10)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {height}" width="{self.width}" '
                f'height="{height}" role="img" aria-label="{escape(self.title)}" '
                f'fill="currentColor" style="font-family: sans-serif; color: var(--jp-ui-font-color0, currentColor)">'
                f"<title>{escape(self.title)}</title>{''.join(self.parts)}</svg>")


def wrap_words(text: str, width: int) -> list[str]:
    """`text` cut at spaces into lines of at most `width` characters (a longer word keeps a line of its own)."""
    lines = [""]
    for word in text.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append("")
        lines[-1] = f"{lines[-1]} {word}".strip()
    return lines


def fan_levels(xs: list[float], gap: float) -> list[int]:
    """A level (0 lowest) for each piece at `xs`, so that pieces on one level stand at least `gap` apart: pieces on
    one space or on spaces close by fan out upward instead of hiding one another (left to right, then in order)."""
    levels: list[int] = [0] * len(xs)
    placed: list[list[float]] = []  # the xs standing on each level
    for index in sorted(range(len(xs)), key=lambda i: (xs[i], i)):
        level = next((n for n, row in enumerate(placed) if all(abs(xs[index] - x) >= gap for x in row)), len(placed))
        if level == len(placed):
            placed.append([])
        placed[level].append(xs[index])
        levels[index] = level
    return levels


def html_block(svg: str, text: str = "", narrow: str = "") -> str:
    """The drawing as an HTML fragment (the plain-text twin goes in a folded summary). With a `narrow` layout too,
    both are there and the page shows the one that fits: the book's style sheet shows the narrow one in a box
    narrower than the wide one; elsewhere the narrow one stays hidden."""
    twin = f'<details><summary>as text</summary><pre>{escape(text)}</pre></details>' if text else ""
    if narrow:
        svg = (f'<div class="deerbook-wide">{svg}</div>'
               f'<div class="deerbook-narrow" style="display: none">{narrow}</div>')
    return f'<div class="deerbook-view">{svg}{twin}</div>'


class Drawing:
    """A drawn table: shown as the SVG in a notebook (with its phone layout `narrow`, if any), as its plain-text
    twin by `str()` and `repr()`."""

    def __init__(self, svg: str, text: str, narrow: str = ""):
        self.svg, self.text, self.narrow = svg, text, narrow

    def _repr_html_(self) -> str:
        return html_block(self.svg, self.text, self.narrow)

    def __repr__(self) -> str:
        return self.text  # a notebook's plain-text form of the drawing is its text twin
