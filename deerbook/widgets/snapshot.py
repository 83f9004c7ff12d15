"""A widget box that draws itself where no live widget can run (the static book, a plain-text console)."""
from __future__ import annotations

from typing import Callable

import ipywidgets as w


class SnapshotBox(w.VBox):
    """A VBox whose display also carries `html()` and `text()`: a live notebook shows the widgets, a page
    without a widget manager shows the snapshot (never the box's Python repr)."""

    def __init__(self, html: Callable[[], str], text: Callable[[], str], **kwargs):
        super().__init__(**kwargs)
        self._snapshot = html, text

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        html, text = self._snapshot
        bundle.update({"text/html": html(), "text/plain": text()})
        return bundle
