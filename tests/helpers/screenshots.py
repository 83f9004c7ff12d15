"""Screenshots of the browser tests, for people to look at: taken only when DEERBOOK_SCREENSHOTS is set (to anything
but an empty string), as a full-page PNG costs a busy machine about a second of a core; the test command takes none.
`DEERBOOK_SCREENSHOTS=1 python3 dev.py test` keeps them: the built book's in book/_build/screenshots/, JupyterLab's
in the test's temporary folder."""
import os
from pathlib import Path

WANTED = bool(os.environ.get("DEERBOOK_SCREENSHOTS"))


def screenshot(target, path: Path, full_page: bool = False) -> None:
    """`target.screenshot(...)` (a page or an element) to `path`, when screenshots are wanted."""
    if WANTED:
        path.parent.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(path), **({"full_page": True} if full_page else {}))
