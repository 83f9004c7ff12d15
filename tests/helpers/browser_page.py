"""Drive the table on the built book's "Play in your browser" page in headless chromium
(tests/built_book/test_play_page.py, benchmarks/play_page.py).

The page's script shows each answer of the page's Python (`deerbook.play.page.PageTable`) and counts them in the
table root's `data-answers`; `data-state` says what the table waits for ("roll", "decide", "turn", "over", ...).
A `TablePage` presses the table's Start button (Python starts only then), clicks the table's own buttons (or presses
keys) and waits for the next answer; from the page's first moment it records what the table's live region is told and
each line of its progress while Python loads. `look()` reads all a test checks after a move in one round trip (a
`Look`), as one JSON string: Playwright passes a long list of values slowly. The built book is served on 127.0.0.1
and every other host is blocked (book/lite/lite_browser.py; tests/helpers/lite_driver.py).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

ROOT = "[data-deerbook-table]"
START_BUTTON = "[data-part=start] button"  # Python starts when the reader presses it
# The keyboard back where it is when the page opens: nothing focused, the next Tab from the top of the page (a blur
# alone would leave the next Tab after the element that had the focus).
FROM_THE_TOP = """() => { const top = document.documentElement; top.tabIndex = -1; top.focus({ preventScroll: true });
  top.blur(); top.removeAttribute("tabindex"); }"""
PAGE = "book/play-in-your-browser.html"
START = 120_000  # ms: Python's cold start in the page (about 5-10 s on a free 2-core machine), with room to spare
ANSWER = 60_000  # ms for one answer (a bot's turn included)
WAITING = ("roll", "decide", "turn", "over", "pass", "replay")
# Runs before the page's own scripts: records every paragraph written into the table's live region (what a screen
# reader is told) and every new text of its progress line.
RECORDER = """
(() => {
  const told = window.deerbookTold = [], steps = window.deerbookSteps = [];
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target.dataset?.part !== "news") continue;
      for (const node of record.addedNodes) told.push(node.textContent);
    }
    const line = document.querySelector("[data-part=loading]")?.textContent;
    if (line && line !== steps[steps.length - 1]) steps.push(line);
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""
# Where the keyboard's focus is and how it is drawn: the table's part holding it, the button's op and name, the
# outline, and the first opaque background around it (the page's own where the outline is drawn).
FOCUS = """root => {
  const element = document.activeElement, style = getComputedStyle(element);
  let background = "", node = element.parentElement;
  for (; node && !background; node = node.parentElement) {
    const colour = getComputedStyle(node).backgroundColor;
    if (!/^rgba\\(.*, 0\\)$|^transparent$/.test(colour)) background = colour;
  }
  const table = document.querySelector(root);
  return { inTable: table.contains(element) && element !== table,
           part: element.closest("[data-part]")?.dataset.part || (element.closest(".deerbook-setup") ? "setup"
                 : element.closest("[data-log-fold]") ? "log" : ""),
           tag: element.tagName.toLowerCase(), op: element.dataset?.op || "", name: element.dataset?.name || "",
           text: (element.innerText || element.getAttribute("aria-label") || "").slice(0, 80),
           outline: [style.outlineStyle, parseFloat(style.outlineWidth), style.outlineColor],
           background: background || "rgb(255, 255, 255)", visible: element.matches(":focus-visible") };
}"""

# Where to click a button (the `index`th matching `selector`), scrolled into sight if need be: the middle of it, if it
# is enabled and the element drawn there is the button (what Playwright's own click checks, for fewer round trips).
AIM = """([selector, index]) => {
  const button = [...document.querySelectorAll(selector)].at(index);
  const middle = () => {
    const box = button.getBoundingClientRect(), x = box.x + box.width / 2, y = box.y + box.height / 2;
    return document.elementFromPoint(x, y)?.closest("button") === button && [x, y];
  };
  return button && !button.disabled && (middle() || (button.scrollIntoView({ block: "center" }), middle()));
}"""
# Whether what a decision acts on is in sight with the choices: each of the drawing's dice and hand's cards (LOOKED_AT
# in deerbook-table.js) and each choice button, inside the window under the book's header bar, and neither the dice
# nor the hand under the choices' panel (which a narrow table holds at the window's bottom). Returns what is not.
BOARD = """root => {
  const table = document.querySelector(root), header = document.querySelector(".bd-header-article");
  const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0, bottom = window.innerHeight;
  const panel = table.querySelector(".deerbook-panel").getBoundingClientRect();
  const beside = getComputedStyle(table.querySelector(".deerbook-board")).display === "grid";
  const out = [];
  const check = (what, element, underPanel) => {
    const box = element.getBoundingClientRect();
    const at = `${Math.round(box.top)}..${Math.round(box.bottom)}`;
    if (box.top < top - 1 || box.bottom > bottom + 1) out.push(`${what} at ${at}, the window ${Math.round(top)}..`);
    else if (underPanel && !beside && box.bottom > panel.top + 1) out.push(`${what} at ${at}, under the choices`);
  };
  table.querySelectorAll("[data-part=view] svg rect.die").forEach((die, i) => check(`die ${i}`, die, true));
  table.querySelectorAll("[data-part=view] svg text.card").forEach((card, i) => check(`card ${i}`, card, true));
  table.querySelectorAll("[data-part=choices] button").forEach((button) => check(button.innerText, button, false));
  return { out, dice: table.querySelectorAll("[data-part=view] svg rect.die").length,
           cards: table.querySelectorAll("[data-part=view] svg text.card").length };
}"""
# The table's choice buttons as [data-op, data-name, label].
BUTTONS = """root => [...document.querySelectorAll(root + ' [data-part=choices] button')]
    .map(b => [b.dataset.op, b.dataset.name || '', b.innerText])"""
# The table as a test looks at it after a move (a `Look`), as one JSON string; `parts`: the parts whose text it needs.
LOOK = f"""([root, parts]) => {{
  const table = document.querySelector(root);
  return JSON.stringify({{ state: table.dataset.state || "", answers: Number(table.dataset.answers || 0),
    buttons: ({BUTTONS})(root),
    log: [...table.querySelectorAll(".deerbook-log li")].map(li => [li.className, li.textContent]),
    told: window.deerbookTold, focus: ({FOCUS})(root),
    texts: Object.fromEntries(parts.map(part => [part, table.querySelector(`[data-part=${{part}}]`).innerText])) }});
}}"""


@dataclass
class Look:
    """The table at one moment: what it waits for, how many answers it has shown, its choice buttons as
    (data-op, data-name, label), its log as (turn title, lines) per turn, oldest first, every line its live region was
    told since the page opened, the keyboard's focus (FOCUS) and the text of the parts asked for."""
    state: str
    answers: int
    buttons: list[list[str]]
    log: list[tuple[str, list[str]]]
    told: list[str]
    focus: dict
    texts: dict[str, str]


def turns(items: list) -> list[tuple[str, list[str]]]:
    """The log's items, [class, text] each, grouped by turn: (turn title, lines)."""
    groups: list[tuple[str, list[str]]] = []
    for cls, text in items:
        if cls == "deerbook-turn":
            groups.append((text, []))
        else:
            groups[-1][1].append(text)
    return groups


def runtime_built(book_html: Path) -> bool:
    """Whether the built book carries the table's in-browser Python (book/lite/build_lite.py wrote its runtime)."""
    runtime = book_html / "_static" / "deerbook-table-runtime.js"
    return runtime.exists() and "runtime = null" not in runtime.read_text()


def runtime_of(book_html: Path) -> dict:
    """What book/lite/build_lite.py wrote for the table: the runtime's folder, the table's wheel, the start snapshot
    and the bytes a start fetches."""
    module = (book_html / "_static" / "deerbook-table-runtime.js").read_text()
    return json.loads(module.split("= ", 1)[1].rstrip(";\n"))


class TablePage:
    """The play page open in a browser tab, its table ready."""

    def __init__(self, page):
        self.page, self.root = page, page.locator(ROOT)

    @classmethod
    def open(cls, context, server: str, query: str = "", width: int = 1280, scheme: str = "light",
             height: int = 1000) -> "TablePage":
        """Open the play page (`query`: the first game's form values, e.g. "?game=football&seed=7"), press its
        Start button and wait until its table waits for the reader; the keyboard's focus is then left on the page, as
        after the page opens."""
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        page.emulate_media(color_scheme=scheme)
        page.add_init_script(RECORDER)
        page.goto(f"{server}/{PAGE}{query}")
        table = cls(page)
        table.start()
        page.evaluate(FROM_THE_TOP)
        return table

    def start(self) -> None:
        """Press the table's Start button (enabled once the table's script runs) and wait for the first deal."""
        self.root.locator(START_BUTTON).click(timeout=ANSWER)
        self.wait_until_ready(START)

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

    def look(self, *parts: str) -> Look:
        """The table now, the text of `parts` ("status", "view", ...) with it, in one round trip."""
        found = json.loads(self.page.evaluate(LOOK, [ROOT, list(parts)]))
        return Look(**{**found, "log": turns(found["log"])})

    def buttons(self) -> list[list[str]]:
        """The table's choice buttons as [data-op, data-name, label]."""
        return self.page.evaluate(BUTTONS, ROOT)

    def click(self, index: int = 0, part: str = "choices", before: int | None = None) -> None:
        """Click a button of the table (`index` -1: the last) with the mouse, once it is enabled and nothing covers
        its middle, and wait for the answer (`before`: the answers shown so far, if known)."""
        before = self.answers if before is None else before
        aim = self.page.wait_for_function(AIM, arg=[f"{ROOT} [data-part={part}] button", index], timeout=ANSWER)
        self.page.mouse.click(*aim.json_value())
        self.wait_for_answer(before)

    def press(self, key: str, before: int | None = None) -> None:
        """Press a key that asks the table something (Enter or Space on a choice) and wait for the answer
        (`before`: the answers shown so far, if known)."""
        before = self.answers if before is None else before
        self.page.keyboard.press(key)
        self.wait_for_answer(before)

    def wait_for_answer(self, before: int) -> None:
        """Wait until the page has shown an answer after its `before`th, with no request in flight."""
        self.page.wait_for_function(
            "([root, before]) => Number(document.querySelector(root).dataset.answers) > before "
            "&& !document.querySelector(root).hasAttribute('aria-busy')", arg=[ROOT, before], timeout=ANSWER)

    def focus(self) -> dict:
        """Where the keyboard's focus is and how it is drawn (FOCUS)."""
        return self.page.evaluate(FOCUS, ROOT)

    def told(self) -> list[str]:
        """Every line the table's live region was told since the page opened, in order."""
        return self.page.evaluate("window.deerbookTold")

    def steps(self) -> list[str]:
        """Every text the progress line showed since the page opened, in order."""
        return self.page.evaluate("window.deerbookSteps")

    def log(self) -> list[tuple[str, list[str]]]:
        """The log as shown: (turn title, lines) per turn, oldest first."""
        return self.look().log

    def board(self) -> dict:
        """What of the dice, the hand and the choices is out of sight now (BOARD): {"out": [...], "dice", "cards"}."""
        return self.page.evaluate(BOARD, ROOT)

    def text(self, part: str) -> str:
        """The text of one part of the table ("status", "view", "help", ...)."""
        return self.root.locator(f"[data-part={part}]").inner_text()

