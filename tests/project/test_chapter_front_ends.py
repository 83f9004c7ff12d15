"""A chapter downloaded alone draws its charts in front ends other than JupyterLab: chapter 31 (Plotly charts and
the odds explorers), run from a downloads folder in a fresh environment with only the built wheel with the extras its
install cell names, a kernel and nbclient (deerbook is imported from there, not the checkout), as Colab, VS Code and
the classic Notebook's kernels see it.

Colab's kernel imports `google.colab` (a stand-in package on the kernel's path here) and draws HTML: every chart is
Plotly's own HTML with plotly.js from Plotly's CDN. VS Code sets VSCODE_PID and draws Plotly's mime type itself. The
classic Notebook draws no Plotly mime type, and offline no CDN script either: plotly.js is embedded once, then each
chart is HTML (here `nbclassic` is the one front end the kernel's environment has: a stand-in distribution's
metadata).
Building the environment and running the chapter three times takes about two minutes more than the wheel's build
(the one tests/project/test_packaging.py makes, once per run): the three run in the unit stage, on one worker.
"""
from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from built_package import ROOT, Environment, shared_dist

pytestmark = pytest.mark.xdist_group("chapter-front-ends")  # one worker: the three front ends share one environment
CHAPTER = ROOT / "notebooks" / "31-explore-the-odds.ipynb"
#: the extras the chapter's install cell names (tests/project/test_chapter_install.py)
EXTRAS = re.search(r'"deerbook\[([\w,]+)\]"', "".join(json.loads(CHAPTER.read_text())["cells"][1]["source"]))[1]
PLOTLY_JSON = "application/vnd.plotly.v1+json"
RUN_CHAPTER = """
import pathlib, sys
import nbclient, nbformat
path = pathlib.Path(sys.argv[1])
notebook = nbformat.read(path, as_version=4)
notebook.cells.append(nbformat.v4.new_code_cell("import sys, deerbook; print(deerbook.__file__, sys.prefix)"))
nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                        resources={"metadata": {"path": str(path.parent)}}).execute()
nbformat.write(notebook, sys.argv[2])
"""


@pytest.fixture(scope="module")
def environment(tmp_path_factory) -> Environment:
    """A fresh environment with the wheel, the extras the chapter's install cell names, a kernel and nbclient."""
    wheel = shared_dist(tmp_path_factory).wheel
    return Environment(tmp_path_factory.mktemp("front-ends") / "venv", sys.executable, wheel, EXTRAS, "ipykernel",
                       "nbclient")


def colab(folder: Path) -> dict[str, str]:
    """A stand-in `google.colab` package on the kernel's path."""
    (folder / "google" / "colab").mkdir(parents=True)
    (folder / "google" / "colab" / "__init__.py").write_text('"""Google Colab, as far as deerbook looks."""\n')
    return {"PYTHONPATH": str(folder)}


def vs_code(folder: Path) -> dict[str, str]:
    """The variable VS Code's Jupyter sets in its kernels."""
    return {"VSCODE_PID": "4242"}


def classic_notebook(folder: Path) -> dict[str, str]:
    """`nbclassic` installed as far as importlib.metadata can tell (no JupyterLab in the environment)."""
    info = folder / "nbclassic-1.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: nbclassic\nVersion: 1.1.0\n")
    return {"PYTHONPATH": str(folder)}


def run_chapter(environment: Environment, folder: Path, env: dict[str, str]) -> list[dict]:
    """Chapter 31 run from a downloads folder with `env`, deerbook imported from the environment; every output of its
    code cells, in order."""
    downloads = folder / "Downloads"
    downloads.mkdir()
    shutil.copy(CHAPTER, downloads)
    done = environment.run("python", "-c", RUN_CHAPTER, str(downloads / CHAPTER.name), str(folder / "run.ipynb"),
                           **env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    *cells, imported = json.loads((folder / "run.ipynb").read_text())["cells"]
    assert cells[1]["id"] == "install" and cells[1]["outputs"] == []  # deerbook is there: the cell did nothing
    module, prefix = "".join(imported["outputs"][0]["text"]).split()
    assert Path(prefix) == environment.bin.parent and Path(module).is_relative_to(prefix), (module, prefix)
    return [output for cell in cells if cell["cell_type"] == "code" for output in cell["outputs"]]


def stored_charts() -> int:
    """How many Plotly charts (not widgets) the chapter stores."""
    cells = json.loads(CHAPTER.read_text())["cells"]
    return sum(PLOTLY_JSON in output.get("data", {}) for cell in cells for output in cell.get("outputs", []))


def html_charts(outputs: list[dict]) -> list[str]:
    """The outputs that draw a chart with plotly.js: HTML calling Plotly.newPlot."""
    pages = ["".join(output.get("data", {}).get("text/html", "")) for output in outputs]
    return [html for html in pages if "Plotly.newPlot" in html]


def test_in_colab_every_chart_is_plotlys_html_with_plotly_js_from_its_cdn(environment, tmp_path):
    outputs = run_chapter(environment, tmp_path, colab(tmp_path / "site"))
    charts = html_charts(outputs)
    assert len(charts) == stored_charts() >= 4
    assert all('src="https://cdn.plot.ly/plotly-' in html for html in charts)
    assert not [output for output in outputs if PLOTLY_JSON in output.get("data", {})], "Colab draws no Plotly JSON"


def test_in_vs_code_every_chart_is_plotlys_json_which_vs_code_draws(environment, tmp_path):
    outputs = run_chapter(environment, tmp_path, vs_code(tmp_path / "site"))
    assert sum(PLOTLY_JSON in output.get("data", {}) for output in outputs) == stored_charts()
    assert html_charts(outputs) == []


def test_in_the_classic_notebook_plotly_js_is_embedded_once_and_every_chart_is_html(environment, tmp_path):
    outputs = run_chapter(environment, tmp_path, classic_notebook(tmp_path / "site"))
    charts = html_charts(outputs)
    assert len(charts) == stored_charts() and not [html for html in charts if "cdn.plot.ly" in html]
    pages = ["".join(output.get("data", {}).get("text/html", "")) for output in outputs]
    assert len([html for html in pages if "plotly.js v" in html and len(html) > 1_000_000]) == 1, "plotly.js once"
    assert not [output for output in outputs if PLOTLY_JSON in output.get("data", {})]
