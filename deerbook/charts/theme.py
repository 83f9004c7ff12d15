"""Small Plotly templates for deerbook, and the notebook renderer set-up.

Plotly writes the *whole* layout template into every figure's JSON. The stock
``plotly`` template is about 7 kB per figure, so deerbook uses two deliberately
tiny templates instead:

* ``LIGHT`` registered as ``plotly.io.templates["deerbook"]`` (the default once
  :func:`use_book_style` has been called), and
* ``DARK`` registered as ``plotly.io.templates["deerbook-dark"]``.

The book's HTML renderer (:mod:`deerbook.bookext.plotly_renderer`) swaps a figure
drawn with ``LIGHT`` to ``DARK`` when the reader switches the page to dark mode,
so notebooks only ever store the light variant.

In JupyterLab (the book's build, nbval, the live site) notebook output is kept to
``application/vnd.plotly.v1+json`` (plain, small, deterministic JSON, compared by
nbval) by :func:`use_book_renderer`; no copy of plotly.js is ever embedded in a
stored notebook. A front end that draws no such output gets a renderer it draws
(:func:`front_end_renderer`): Colab, VS Code, the classic Notebook.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import sys

import plotly.graph_objects as go
import plotly.io as pio

__all__ = [
    "LIGHT",
    "DARK",
    "LIGHT_NAME",
    "DARK_NAME",
    "COLORWAY",
    "CATEGORY_COLORS",
    "register_templates",
    "front_end_renderer",
    "use_book_renderer",
    "use_book_style",
    "discrete_colorscale",
    "add_legend_swatches",
]

LIGHT_NAME = "deerbook"
DARK_NAME = "deerbook-dark"

#: Qualitative colours, one per player seat (colour-blind friendly, Okabe-Ito).
COLORWAY = [
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#56B4E9",
    "#D55E00",
    "#F0E442",
    "#000000",
]

#: Distinct colours for up to 13 categories of one picture: Okabe-Ito without black, then an indigo, a crimson, a
#: sage, a brown, a plum and a warm grey, chosen so that every two stay apart for the common colour-vision
#: deficiencies and each stands out on the light and the dark page (tests/charts/test_palette.py).
CATEGORY_COLORS = COLORWAY[:7] + ["#2d1e87", "#a51e3c", "#b4c387", "#690f00", "#874b78", "#786969"]

_FONT = "system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif"


def _template(*, ink: str, paper: str, plot: str, grid: str, colorway: list[str]) -> go.layout.Template:
    axis = {"gridcolor": grid, "linecolor": grid, "zerolinecolor": grid, "automargin": True}
    return go.layout.Template(
        layout={
            "font": {"family": _FONT, "color": ink, "size": 13},
            "colorway": colorway,
            "paper_bgcolor": paper,
            "plot_bgcolor": plot,
            "xaxis": axis,
            "yaxis": axis,
            "legend": {"bgcolor": "rgba(0,0,0,0)"},
            "margin": {"l": 56, "r": 24, "t": 48, "b": 48},
            "hoverlabel": {"font": {"family": _FONT}},
        }
    )


#: Light template (the default): white paper, pale grid.
LIGHT: go.layout.Template = _template(
    ink="#222222", paper="#ffffff", plot="#ffffff", grid="#e5e5e5", colorway=COLORWAY
)

#: Dark template: matches the pydata/sphinx-book-theme dark background.
DARK: go.layout.Template = _template(
    ink="#ced6dd",
    paper="#121212",
    plot="#121212",
    grid="#3a3a3a",
    colorway=["#56B4E9", "#E69F00", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442", "#ffffff"],
)


def register_templates(*, make_default: bool = True) -> None:
    """Register ``deerbook`` and ``deerbook-dark`` with plotly.io.templates.

    With ``make_default`` (the default) ``deerbook`` becomes
    ``plotly.io.templates.default``.
    """
    pio.templates[LIGHT_NAME] = LIGHT
    pio.templates[DARK_NAME] = DARK
    if make_default:
        pio.templates.default = LIGHT_NAME


def _in_ipykernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is optional
        return False
    shell = get_ipython()  # a kernel's shell has a kernel (ipykernel's, or the in-browser Pyodide kernel's)
    return shell is not None and getattr(shell, "kernel", None) is not None


def front_end_renderer() -> str:
    """The Plotly renderer for the front end this kernel serves, as far as the kernel can tell.

    ``PLOTLY_RENDERER`` when set (Plotly's own setting); ``"colab"`` in Google
    Colab (``google.colab`` importable), which draws HTML with plotly.js from
    Plotly's CDN; ``"vscode"`` in VS Code (``VSCODE_PID`` or ``VSCODE_CWD`` set);
    ``"notebook"`` where the classic Notebook is the only front end installed
    (:func:`_classic_notebook_only`), which embeds plotly.js once, offline; else
    ``"plotly_mimetype"``, which JupyterLab, Notebook 7 and the book draw.
    """
    if os.environ.get("PLOTLY_RENDERER"):
        return os.environ["PLOTLY_RENDERER"]
    if _importable("google.colab"):
        return "colab"
    if "VSCODE_PID" in os.environ or "VSCODE_CWD" in os.environ:
        return "vscode"
    if _classic_notebook_only():
        return "notebook"
    return "plotly_mimetype"


def _importable(module: str) -> bool:
    """Whether `module` is imported or can be (its parent package is imported to look)."""
    if module in sys.modules:
        return True
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _classic_notebook_only() -> bool:
    """Whether the classic Notebook (``notebook`` before 7, or ``nbclassic``) is installed beside the kernel and
    JupyterLab is not: a kernel cannot see its front end, and Notebook 7 is JupyterLab's, so with JupyterLab
    installed (the book's build, nbval) the front end is taken to draw Plotly's mime type."""
    if _version("jupyterlab") is not None:
        return False
    notebook = _version("notebook")
    return _version("nbclassic") is not None or (notebook is not None and int(notebook.split(".")[0]) < 7)


def _version(distribution: str) -> str | None:
    """The installed version of `distribution`, None if it is not installed."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def use_book_renderer(*, force: bool = False) -> bool:
    """Make figures display in the front end the notebook runs in (:func:`front_end_renderer`).

    Inside a Jupyter kernel (or with ``force=True``) this sets
    ``plotly.io.renderers.default``; in JupyterLab, the book's build and nbval
    that is ``"plotly_mimetype"``: ``fig.show()`` and a figure as a cell's last
    expression produce only the Plotly JSON mime type, which JupyterLab renders
    natively, nbval compares exactly, and the book renders with its local
    plotly.js. Outside a kernel (a terminal, ``python -m deerbook``) the renderer
    is left alone, because these renderers need a notebook front end. Returns
    whether the renderer was set.
    """
    if force or _in_ipykernel():
        pio.renderers.default = front_end_renderer()
        return True
    return False


def use_book_style() -> None:
    """Make ``deerbook`` the default Plotly template and, inside a Jupyter kernel, set the book's renderer."""
    register_templates(make_default=True)
    use_book_renderer()


def discrete_colorscale(colors: list[str]) -> list[list]:
    """A heatmap colour scale with one flat band per colour, so z = i (zmin -0.5, zmax n - 0.5) is colours[i]."""
    n = len(colors)
    return [[edge / n, color] for i, color in enumerate(colors) for edge in (i, i + 1)]


def add_legend_swatches(figure: go.Figure, colors: dict[str, str]) -> go.Figure:
    """Legend entries only (a coloured square per name, in the given order) for a heatmap's categories."""
    for name, color in colors.items():
        figure.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=name, showlegend=True,
                                    marker={"symbol": "square", "size": 12, "color": color}))
    return figure
