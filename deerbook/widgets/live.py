"""The table's live region: a screen reader hears each new log line as it is appended (requires `anywidget`).

An ipywidgets HTML widget replaces its whole content on every change, so a live region written inside its value
is a new element each time, and screen readers do not reliably announce an element that has just been inserted.
`LiveNews` is a tiny anywidget whose element stays in the page: its `role="log"` region (visually hidden: the
table's own log shows the same lines) only ever gains lines at its end, drops its oldest beyond `LIVE_LINES`, and
is emptied for a new telling (a new game, or the table passed to another seat: nothing the last seat was told
stays in it).

The same element also keeps the table's key presses for the table: JupyterLab binds plain keys in a notebook's
command mode (arrows move between cells, Enter edits a cell, letters cut, add or delete cells), and those bindings
would act on keys pressed on the table's buttons, menus and number field. A key press without Ctrl, Alt or Meta
that starts inside the table (Escape and Tab excepted) is stopped before it reaches JupyterLab's handler
(JupyterLab listens on the document in the bubbling phase). The style sheet draws a focus ring of the theme's
strongest text colour around whatever has the keyboard focus in the table.
"""
from __future__ import annotations

from typing import Sequence

import anywidget
import traitlets

LIVE_LINES = 100  # the lines the region keeps (the newest)
TABLE_CLASS = "deerbook-table"  # the class of the table's outer box

ESM = """
const LEFT_TO_JUPYTERLAB = ["Escape", "Tab"];

function keepKeys(event) {  // plain keys pressed on the table's controls are the table's, not the notebook's
  if (!(event.ctrlKey || event.altKey || event.metaKey) && !LEFT_TO_JUPYTERLAB.includes(event.key)) {
    event.stopPropagation();
  }
}

function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "deerbook-news";
  region.setAttribute("role", "log");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-label", "News at the table");
  el.appendChild(region);
  let telling = null, start = 0, end = 0;  // the telling shown and the numbers of its first and next line
  const show = () => {
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
  show();
  model.on("change:lines", show);
  model.on("change:first", show);
  model.on("change:telling", show);
  let table = null, frame = requestAnimationFrame(function attach() {  // the box is drawn after this element
    table = el.closest(".%(table)s");
    if (table) table.addEventListener("keydown", keepKeys);
    else frame = requestAnimationFrame(attach);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (table) table.removeEventListener("keydown", keepKeys);
  };
}

export default { render };
""" % {"table": TABLE_CLASS}

# ipywidgets' own focus outline (a 1 px light blue line inside the button, 1.9:1 against its grey) is below 3:1;
# the theme's strongest text colour is far above it against a control's own background and the page's, in the light
# and the dark theme. Drawn inside the control: the widget boxes clip what is drawn outside them. `!important`
# because ipywidgets' rule names more classes than this one can without naming ipywidgets' own.
CSS = """
.deerbook-news { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%%);
  white-space: nowrap; }
.%(table)s :is(button, select, input, summary, a, [tabindex]):focus-visible {
  outline: 2px solid var(--jp-ui-font-color0, currentColor) !important; outline-offset: -3px !important; }
""" % {"table": TABLE_CLASS}


class LiveNews(anywidget.AnyWidget):
    """The table's persistent `role="log"` region: `tell` appends lines, `clear` starts a new telling."""

    _esm = traitlets.Unicode(ESM).tag(sync=True)
    _css = traitlets.Unicode(CSS).tag(sync=True)
    lines = traitlets.List(traitlets.Unicode()).tag(sync=True)  # the newest LIVE_LINES lines of this telling
    first = traitlets.Int(0).tag(sync=True)  # the number, in this telling, of the first line kept
    telling = traitlets.Int(0).tag(sync=True)  # changes when the region is emptied

    def tell(self, lines: Sequence[str]) -> None:
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
