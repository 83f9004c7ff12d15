"""Drive the table on the built book's "Play in your browser" page in headless chromium (tests/test_play_page.py,
benchmarks/play_page.py).

The page's script shows each answer of the page's Python (`deerbook.play.page.PageTable`) and counts them in the
table root's `data-answers`; `data-state` says what the table waits for ("roll", "decide", "turn", "over", ...).
A `TablePage` clicks the table's own buttons and waits for the next answer. The built book is served on
127.0.0.1 and every other host is blocked (book/lite/lite_browser.py).
"""
from __future__ import annotations

from pathlib import Path

ROOT = "[data-deerbook-table]"
PAGE = "book/play-in-your-browser.html"
START = 120_000  # ms: Python's cold start in the page (about 5-10 s on a free 2-core machine), with room to spare
ANSWER = 60_000  # ms for one answer (a bot's turn included)
WAITING = ("roll", "decide", "turn", "over", "pass")


def runtime_built(book_html: Path) -> bool:
    """Whether the built book carries the table's in-browser Python (book/lite/build_lite.py wrote its runtime)."""
    runtime = book_html / "_static" / "deerbook-table-runtime.js"
    return runtime.exists() and "runtime = null" not in runtime.read_text()


class TablePage:
    """The play page open in a browser tab, its table ready."""

    def __init__(self, page):
        self.page, self.root = page, page.locator(ROOT)

    @classmethod
    def open(cls, context, server: str, query: str = "", width: int = 1280, scheme: str = "light") -> "TablePage":
        """Open the play page (`query`: the first game's form values, e.g. "?game=football&seed=7") and wait until
        its table waits for the reader."""
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": 1000})
        page.emulate_media(color_scheme=scheme)
        page.goto(f"{server}/{PAGE}{query}")
        table = cls(page)
        table.wait_until_ready(START)
        return table

    def wait_until_ready(self, timeout: int = ANSWER) -> None:
        """Wait until the table waits for the reader (no request in flight)."""
        self.page.wait_for_function(
            """([root, waiting]) => { const table = document.querySelector(root);
                return waiting.includes(table.dataset.state) && !table.hasAttribute('aria-busy'); }""",
            arg=[ROOT, list(WAITING)], timeout=timeout)

    @property
    def answers(self) -> int:
        """How many answers the page has shown."""
        return int(self.root.get_attribute("data-answers") or 0)

    @property
    def state(self) -> str:
        """What the table waits for."""
        return self.root.get_attribute("data-state") or ""

    def buttons(self) -> list[tuple[str, str, str]]:
        """The table's choice buttons as (data-op, data-name, label)."""
        return self.page.evaluate(
            """root => [...document.querySelectorAll(root + ' [data-part=choices] button')]
                .map(b => [b.dataset.op, b.dataset.name || '', b.innerText])""", ROOT)

    def click(self, index: int = 0, part: str = "choices") -> None:
        """Click a button of the table and wait for the answer."""
        before = self.answers
        self.root.locator(f"[data-part={part}] button").nth(index).click()
        self.page.wait_for_function(
            "([root, before]) => Number(document.querySelector(root).dataset.answers) > before "
            "&& !document.querySelector(root).hasAttribute('aria-busy')", arg=[ROOT, before], timeout=ANSWER)

    def log(self) -> list[tuple[str, list[str]]]:
        """The log as shown: (turn title, lines) per turn, oldest first."""
        groups: list[tuple[str, list[str]]] = []
        for cls, text in self.page.evaluate(
                """root => [...document.querySelectorAll(root + ' .deerbook-log li')]
                    .map(li => [li.className, li.innerText])""", ROOT):
            if cls == "deerbook-turn":
                groups.append((text, []))
            else:
                groups[-1][1].append(text)
        return groups

    def text(self, part: str) -> str:
        """The text of one part of the table ("status", "view", "help", ...)."""
        return self.root.locator(f"[data-part={part}]").inner_text()
