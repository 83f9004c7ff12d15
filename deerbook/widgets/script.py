"""The table's own script in the page (a tiny anywidget): its live region, its keys, its focus ring, its picks.

- **The live region.** An ipywidgets HTML widget replaces its whole content on every change, so a live region
  written inside its value is a new element each time, and screen readers do not reliably announce an element that
  has just been inserted. This widget's element stays in the page: its `role="log"` region (visually hidden: the
  table's own log shows the same lines) only ever gains lines at its end (`tell`), drops its oldest beyond
  `LIVE_LINES`, and is emptied for a new telling (`clear`: a new game, or the table passed to another seat, so
  nothing the last seat was told stays in it).
- **The keys.** JupyterLab binds plain keys in a notebook's command mode (arrows move between cells, Enter edits a
  cell, letters cut, add or delete cells), and would act on keys pressed on the table's buttons, menus and number
  field. A key press without Ctrl, Alt or Meta that starts inside the table (Escape and Tab excepted) stops at the
  table, before JupyterLab's handler (which listens on the document, in the bubbling phase).
- **The focus ring.** The theme's strongest text colour, inside each control, wherever the keyboard focus is.
- **The picks.** ipywidgets holds back a control's later changes until the kernel has answered its first one, but
  sends a button's click at once (and two widgets' messages may be handled in either order), so a menu arrowed
  through quickly and then played could reach the kernel as an older choice. A click on the button of a
  `PICK_CLASS` box therefore stops at the table, and this widget sends, in one message, what that box shows: its
  menu's option (-1 without a menu) and the numbers of its number fields shown (a rack's split): `on_pick(index,
  amounts)` plays it. Enter in one of those number fields presses the box's button.
- **The link.** `copy` puts the game's link on the clipboard (a browser may refuse: `on_copied(False)`, and the
  table's note keeps the link to select by hand).
- **The board.** The style sheet (`CSS`) lays the table out by its own width: where the cell is wide, the panel
  (prompt, scores, choices), the tools and the log under them beside the drawing; where it is narrow (a phone), the
  panel, then the drawing in its phone layout, the tools and the log. The log is a disclosure, opened beside the
  drawing and folded on a phone, and kept as the person left it once they open or fold it. After each redraw, while
  the keyboard focus is on the choices (the person is deciding there, not reading the log or the help), the notebook
  scrolls, if it must, to bring the drawn dice and cards and every choice into sight together (`LOOKED_AT`), with
  the prompt where the room allows.
"""
from __future__ import annotations

from typing import Callable

import anywidget
import traitlets

from ..play.drawing import WIDE

LIVE_LINES = 100  # the lines the region keeps (the newest)
TABLE_CLASS = "deerbook-table"  # the class of the table's outer box
PICK_CLASS = "deerbook-pick"  # a box with a menu (and maybe a number field) and the button that plays them
LOG_FOLD = "deerbook-log-fold"  # the log's disclosure
# What the board keeps in sight at once: the drawn dice and cards and every choice control shown; and the prompt
# with them where the room allows.
LOOKED_AT = (".deerbook-drawing svg rect.die, .deerbook-drawing svg text.card, "
             ".deerbook-choices :is(button, input, select)")
PROMPT = ".deerbook-panel .deerbook-status"
GAP = 8  # px: room kept above what the board scrolls into sight
BESIDE = 600  # px: the least width of a table whose panel and log sit beside the drawing

ESM = """
const LEFT_TO_JUPYTERLAB = ["Escape", "Tab"];

function keepKeys(event) {  // plain keys pressed on the table's controls are the table's, not the notebook's
  if (!(event.ctrlKey || event.altKey || event.metaKey) && !LEFT_TO_JUPYTERLAB.includes(event.key)) {
    event.stopPropagation();
  }
}

function showLines(model, region) {  // the region gains the new lines at its end and drops the ones let go
  let telling = null, start = 0, end = 0;  // the telling shown and the numbers of its first and next line
  return () => {
    const first = model.get("first"), lines = model.get("lines");
    if (model.get("telling") !== telling) {
      telling = model.get("telling");
      region.replaceChildren();
      start = end = first;
    }
    for (; start < first && region.firstChild; start++) region.firstChild.remove();
    for (const line of lines.slice(Math.max(0, end - first))) {
      const item = document.createElement("p");
      item.textContent = line;
      region.appendChild(item);
    }
    start = first;
    end = first + lines.length;
  };
}

function beside(table) {  // whether the panel and the log sit beside the drawing (the style sheet's wide board)
  const board = table.querySelector(".deerbook-board");
  return !!board && getComputedStyle(board).display === "grid";
}

function scroller(element) {  // the nearest box that scrolls it (JupyterLab's notebook), else the page
  for (let box = element.parentElement; box; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && box.scrollHeight > box.clientHeight + 1) return box;
  }
  return document.scrollingElement;
}

function keepInView(table) {  // the dice, the hand and every choice in sight together, while the person decides
  if (!table.querySelector(".deerbook-panel")?.contains(document.activeElement)) return;
  const boxes = (selector) => [...table.querySelectorAll(selector)].flatMap((element) => [...element.getClientRects()]);
  const span = (found) => [Math.min(...found.map((box) => box.top)), Math.max(...found.map((box) => box.bottom))];
  const looked = boxes("%(looked_at)s");
  if (!looked.length) return;
  const area = scroller(table), page = area === document.scrollingElement;
  const frame = page ? { top: 0, bottom: innerHeight } : area.getBoundingClientRect();
  const top = Math.max(frame.top, 0), bottom = Math.min(frame.bottom, innerHeight);
  const withPrompt = span([...looked, ...boxes("%(prompt)s")]);
  const [first, last] = withPrompt[1] - withPrompt[0] + %(gap)d <= bottom - top ? withPrompt : span(looked);
  if (first >= top && last <= bottom) return;
  area.scrollBy({ top: first - top - %(gap)d, behavior: "instant" });
}

function foldLog(table, log) {  // open beside the drawing, folded on a phone; as the person left it once they chose
  const fold = table.querySelector(".%(fold)s");
  if (!fold) return;
  const open = log.chosen ?? beside(table);
  if (fold.dataset.set === String(open)) return;
  fold.open = open;
  fold.dataset.set = String(open);
}

function watchBoard(table) {  // after each redraw, focus move or resize: the log's fold, then the board in sight
  const log = { chosen: null };
  let frame = 0;
  const update = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      foldLog(table, log);
      keepInView(table);
    });
  };
  const chosen = (event) => {  // the person opened or folded the log (a fold set here is marked as set)
    const fold = event.target;
    if (fold.matches?.(".%(fold)s") && fold.dataset.set !== String(fold.open)) {
      log.chosen = fold.open;
      fold.dataset.set = String(fold.open);
    }
  };
  const redraws = new MutationObserver(update), sizes = new ResizeObserver(update);
  redraws.observe(table, { childList: true, subtree: true });
  sizes.observe(table);
  table.addEventListener("focusin", update);
  table.addEventListener("toggle", chosen, true);
  update();
  return () => {
    cancelAnimationFrame(frame);
    redraws.disconnect();
    sizes.disconnect();
    table.removeEventListener("focusin", update);
    table.removeEventListener("toggle", chosen, true);
  };
}

function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "deerbook-news";
  region.setAttribute("role", "log");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-label", "News at the table");
  el.appendChild(region);
  const show = showLines(model, region);
  show();
  for (const name of ["lines", "first", "telling"]) model.on(`change:${name}`, show);
  model.on("change:copies", () => {  // the link asked for: to the clipboard if the browser lets the table write it
    const written = navigator.clipboard?.writeText(model.get("link")) ?? Promise.reject();
    written.then(() => model.send({ copied: true }), () => model.send({ copied: false }));
  });
  const report = (box) => {  // the pick as the page shows it: the menu's option, the numbers of the fields shown
    const menu = box.querySelector("select");
    const fields = [...box.querySelectorAll("input[type=number]")].filter((field) => field.offsetParent !== null);
    model.send({ picked: menu ? menu.selectedIndex : -1, amounts: fields.map((field) => Number(field.value)) });
  };
  const reportPick = (event) => {  // instead of the button's own click
    const box = event.target.closest(".%(pick)s");
    if (!box || !event.target.closest("button")) return;
    event.stopPropagation();
    report(box);
  };
  const enterPicks = (event) => {  // Enter in a pick's number field: as its button
    const box = event.target.closest(".%(pick)s");
    if (!box || event.key !== "Enter" || event.target.type !== "number") return;
    event.preventDefault();
    report(box);
  };
  let table = null, unwatch = null, frame = requestAnimationFrame(function attach() {  // the box is drawn after this
    table = el.closest(".%(table)s");
    if (!table) {
      frame = requestAnimationFrame(attach);
      return;
    }
    unwatch = watchBoard(table);
    table.addEventListener("keydown", keepKeys);
    table.addEventListener("keydown", enterPicks, true);
    table.addEventListener("click", reportPick, true);
  });
  return () => {
    cancelAnimationFrame(frame);
    unwatch?.();
    table?.removeEventListener("keydown", keepKeys);
    table?.removeEventListener("keydown", enterPicks, true);
    table?.removeEventListener("click", reportPick, true);
  };
}

export default { render };
""" % {"table": TABLE_CLASS, "pick": PICK_CLASS, "fold": LOG_FOLD, "looked_at": LOOKED_AT, "prompt": PROMPT,
         "gap": GAP}

# ipywidgets' own focus outline (a 1 px light blue line inside the button, 1.9:1 against its grey) is below 3:1;
# the theme's strongest text colour is far above it against a control's own background and the page's, in the light
# and the dark theme. Drawn inside the control: the widget boxes clip what is drawn outside them. `!important`
# because ipywidgets' rule names more classes than this one can without naming ipywidgets' own. The Load button shows
# its words alone: ipywidgets writes "Load (0)", a count of the files it holds (none: each is loaded and let go).
# The board's layout by the table's width (the module's docstring): the drawing's phone layout where the drawing's
# room is narrower than its wide one; a choice's label wraps (ipywidgets cuts it with an ellipsis).
CSS = """
.%(table)s { container-type: inline-size; }
.%(table)s .deerbook-board { display: flex; flex-direction: column; gap: 0.4rem; }
.%(table)s .deerbook-board > * { min-width: 0; }
.%(table)s .deerbook-board .widget-html-content { line-height: 1.4; }
.%(table)s .deerbook-drawing { container-type: inline-size; }
.%(table)s .deerbook-drawing svg { max-width: 100%%; height: auto; }
.%(table)s .%(fold)s > summary { cursor: pointer; font-weight: bold; }
.%(table)s .deerbook-choices .widget-button { white-space: normal; height: auto; max-width: 100%%; text-align: left;
  min-height: var(--jp-widgets-inline-height, 28px); line-height: 1.3; padding-top: 0.3em; padding-bottom: 0.3em; }
@container (min-width: %(wide)dpx) {
  .%(table)s .deerbook-board { display: grid; grid-template-columns: minmax(15rem, 19rem) minmax(0, 1fr);
    grid-template-rows: auto auto 1fr; gap: 0 1rem; align-items: start; }
  .%(table)s .deerbook-panel { grid-area: 1 / 1; }
  .%(table)s .deerbook-drawing { grid-area: 1 / 2 / 4 / 3; }
  .%(table)s .deerbook-tools { grid-area: 2 / 1; }
  .%(table)s .deerbook-log-part { grid-area: 3 / 1; }
}
@container (max-width: %(wide)dpx) {
  .%(table)s .deerbook-panel .deerbook-seats { display: none; }
}
@container (max-width: %(drawing)dpx) {
  .%(table)s .deerbook-drawing .deerbook-wide { display: none; }
  .%(table)s .deerbook-drawing .deerbook-narrow { display: block !important; }
}
.deerbook-news { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%%);
  white-space: nowrap; }
.%(table)s :is(button, select, input, summary, a, [tabindex]):focus-visible {
  outline: 2px solid var(--jp-ui-font-color0, currentColor) !important; outline-offset: -3px !important; }
.%(table)s .deerbook-load { font-size: 0 !important; }
.%(table)s .deerbook-load::before { content: "Load a saved game"; font-size: var(--jp-widgets-font-size, 13px); }
""" % {"table": TABLE_CLASS, "fold": LOG_FOLD, "wide": BESIDE, "drawing": WIDE - 1}


class TableScript(anywidget.AnyWidget):
    """The table's script in the page: `tell` appends lines to its live region, `clear` starts a new telling;
    `on_pick(index, amounts)` is called when a pick's button is pressed on the page, with the option its menu showed
    (-1 without a menu) and the numbers its fields showed; `copy` copies a link, then `on_copied(done)`."""

    _esm = traitlets.Unicode(ESM).tag(sync=True)
    _css = traitlets.Unicode(CSS).tag(sync=True)
    lines = traitlets.List(traitlets.Unicode()).tag(sync=True)  # the newest LIVE_LINES lines of this telling
    first = traitlets.Int(0).tag(sync=True)  # the number, in this telling, of the first line kept
    telling = traitlets.Int(0).tag(sync=True)  # changes when the region is emptied
    link = traitlets.Unicode("").tag(sync=True)  # the game's link, the last one asked for
    copies = traitlets.Int(0).tag(sync=True)  # counts the links asked for: each change copies `link`

    def __init__(self, on_pick: Callable[[int, list[int]], None], on_copied: Callable[[bool], None],
                 **kwargs) -> None:
        super().__init__(**kwargs)
        self.on_msg(lambda _, content, buffers: on_copied(bool(content["copied"])) if "copied" in content else
                    on_pick(int(content["picked"]), [int(n) for n in content.get("amounts", [])]))

    def copy(self, link: str) -> None:
        """Copy `link` to the clipboard in the page (`on_copied(done)` says whether the browser allowed it)."""
        with self.hold_sync():
            self.link = link
            self.copies += 1

    def tell(self, lines: list[str]) -> None:
        """Append `lines` (each announced once, in order)."""
        if not lines:
            return
        held = [*self.lines, *lines]
        with self.hold_sync():
            self.first += max(0, len(held) - LIVE_LINES)
            self.lines = held[-LIVE_LINES:]

    def clear(self) -> None:
        """Empty the region: what follows is a new telling (a new game, or another seat at the table)."""
        if self.lines or self.first:
            with self.hold_sync():
                self.telling += 1
                self.lines, self.first = [], 0


THEME_ESM = """
function isDark() {  // JupyterLab's theme where there is one, else the browser's colour scheme
  const lab = document.body.dataset.jpThemeLight;
  return lab === undefined ? matchMedia("(prefers-color-scheme: dark)").matches : lab === "false";
}

function render({ model }) {
  const read = () => {
    const dark = isDark();
    if (model.get("dark") !== dark) {
      model.set("dark", dark);
      model.save_changes();
    }
  };
  read();
  const watch = new MutationObserver(read);
  watch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
  const scheme = matchMedia("(prefers-color-scheme: dark)");
  scheme.addEventListener("change", read);
  return () => {
    watch.disconnect();
    scheme.removeEventListener("change", read);
  };
}

export default { render };
"""


class PageTheme(anywidget.AnyWidget):
    """Whether the page around it shows a dark theme (JupyterLab's theme, or the browser's colour scheme where there
    is no JupyterLab), kept up to date in `dark` while it is displayed; it draws nothing."""

    _esm = traitlets.Unicode(THEME_ESM).tag(sync=True)
    dark = traitlets.Bool(False).tag(sync=True)
