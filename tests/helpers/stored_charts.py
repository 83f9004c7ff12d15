"""The charts the notebooks store (application/vnd.plotly.v1+json outputs), read for the chart tests
(tests/charts/test_alternative.py, tests/charts/test_palette.py, tests/helpers/chart_checks.py)."""
from __future__ import annotations

import json
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PLOTLY_MIME = "application/vnd.plotly.v1+json"


def stored_figures() -> list[tuple[str, dict]]:
    """(notebook file name, figure JSON) of every chart stored in a notebook, in book order."""
    found = []
    for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            for output in cell.get("outputs", []):
                if PLOTLY_MIME in output.get("data", {}):
                    found.append((notebook.name, output["data"][PLOTLY_MIME]))
    return found


def shown_steps(figure: dict) -> list[dict]:
    """The figure as each step of its dropdown or slider shows it (each step's trace data and text alternative
    applied, as Plotly's ``update`` would), or the figure itself when it has no control."""
    layout = figure["layout"]
    controls = (layout.get("updatemenus") or []) + (layout.get("sliders") or [])
    if not controls:
        return [figure]
    shown = []
    for step in controls[0].get("buttons") or controls[0]["steps"]:
        data, changes, indices = step["args"]
        copy = json.loads(json.dumps(figure))
        for key, values in data.items():
            for value, index in zip(values, indices):
                copy["data"][index][key] = value
        copy["layout"]["meta"] = changes.get("meta")
        shown.append(copy)
    return shown


def draws(trace: dict) -> bool:
    """Whether a trace draws any point or cell (a legend swatch draws none)."""
    values = trace.get("z") if trace["type"] == "heatmap" else (trace.get("x") or trace.get("y"))
    return any(v is not None for row in values or [] for v in (row if isinstance(row, list) else [row]))
