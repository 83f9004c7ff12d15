"""The book build's light, valid pages (listed in book/_config.yml, after myst-nb).

Each page loads only what it uses and says what it is:
- no notebook widget state: myst-nb embeds the executed notebook's widget models (chapter 30: about half a megabyte)
  for a widget manager the static book does not load (its widgets show their text instead);
- no script that blocks the first paint: the theme's and extensions' scripts in the page's head are deferred (they
  start on DOMContentLoaded anyway), all but Sphinx's documentation_options.js, which inline scripts use at once (and
  on the search page, whose search script uses Sphinx's scripts at once);
- a meta description: the page's first paragraphs, cut at a word to about 160 characters.
Nothing here is imported at run time by the engine or the notebooks.
"""
from __future__ import annotations

from typing import Any

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: The one script of the page's head that must run where it is: the inline scripts after it use what it defines.
BLOCKING = "_static/documentation_options.js"
#: Longest meta description (characters): what search engines show.
DESCRIPTION_LENGTH = 160
#: The descriptions of the pages Sphinx makes without a document.
WITHOUT_DOCUMENT = {"search": "Search the deerbook book: its chapters, rulings and reference pages.",
                    "genindex": "The index of the deerbook book."}


def description(doctree: Any) -> str:
    """The page's first paragraphs as a meta description: plain text, at most DESCRIPTION_LENGTH characters, cut at
    a word."""
    from docutils import nodes

    text = ""
    for paragraph in doctree.findall(nodes.paragraph):
        text = f"{text} {' '.join(paragraph.astext().split())}".strip()
        if len(text) >= DESCRIPTION_LENGTH // 2:
            break
    if len(text) > DESCRIPTION_LENGTH:
        text = text[:DESCRIPTION_LENGTH - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return text


def deferred(asset: Any) -> Any:
    """A script of the page's head that starts after the page is parsed (an inline script, one that is already
    deferred or asynchronous, and BLOCKING as they are)."""
    attributes = getattr(asset, "attributes", {})
    filename = getattr(asset, "filename", None)
    if not filename or filename == BLOCKING or {"defer", "async"} & set(attributes) or "type" in attributes:
        return asset
    return type(asset)(filename, priority=asset.priority, **attributes, defer="defer")


def _light_page(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    """Drop the widget state; defer the scripts; add the page's description."""
    kept = [asset for asset in context["script_files"] if getattr(asset, "attributes", {}).get("type") != WIDGET_STATE]
    # The search page's own search script runs at once and uses Sphinx's scripts: there they stay as they are.
    context["script_files"][:] = kept if pagename == "search" else [deferred(asset) for asset in kept]
    text = (description(doctree) if doctree is not None else "") or WITHOUT_DOCUMENT.get(pagename, context["docstitle"])
    escaped = text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    context["metatags"] = context.get("metatags", "") + f'\n<meta name="description" content="{escaped}" />'


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension entry point (``sphinx.extra_extensions`` in book/_config.yml)."""
    app.connect("html-page-context", _light_page, priority=900)  # after myst-nb adds its scripts
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
