"""`use_book_style` picks the Plotly renderer the notebook's front end draws: Plotly's mime type in JupyterLab (the
book's build and nbval, so the stored outputs stay as they are), HTML with plotly.js in Colab and the classic
Notebook, VS Code's own; Plotly's PLOTLY_RENDERER wins over all."""
import sys
import types

import plotly.io as pio
import pytest

from deerbook.charts import theme

FRONT_END_VARIABLES = ("PLOTLY_RENDERER", "VSCODE_PID", "VSCODE_CWD")


@pytest.fixture
def plain_kernel(monkeypatch):
    """A kernel beside JupyterLab, with no sign of another front end; the default renderer put back after."""
    for name in FRONT_END_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delitem(sys.modules, "google.colab", raising=False)  # and none installed here
    versions = {"jupyterlab": "4.4.0", "notebook": "7.4.0"}
    monkeypatch.setattr(theme, "_version", versions.get)
    monkeypatch.setattr(pio.renderers, "default", pio.renderers.default)
    return versions


def test_jupyterlab_and_notebook_7_keep_the_plotly_mime_type(plain_kernel):
    assert theme.front_end_renderer() == "plotly_mimetype"
    assert theme.use_book_renderer(force=True) and pio.renderers.default == "plotly_mimetype"


def test_colab_gets_plotlys_html_renderer(plain_kernel, monkeypatch):
    monkeypatch.setitem(sys.modules, "google.colab", types.ModuleType("google.colab"))  # Colab's kernel imports it
    monkeypatch.setenv("VSCODE_PID", "4242")  # Colab first
    assert theme.front_end_renderer() == "colab"
    assert theme.use_book_renderer(force=True) and pio.renderers.default == "colab"


@pytest.mark.parametrize("variable", ["VSCODE_PID", "VSCODE_CWD"])
def test_vs_code_gets_its_renderer(plain_kernel, monkeypatch, variable):
    monkeypatch.setenv(variable, "4242")
    assert theme.front_end_renderer() == "vscode"


@pytest.mark.parametrize("installed", [{"notebook": "6.5.7"}, {"nbclassic": "1.1.0"},
                                       {"notebook": "6.5.7", "nbclassic": "1.1.0"}])
def test_the_classic_notebook_alone_gets_plotly_js_embedded_offline(plain_kernel, installed):
    plain_kernel.clear()
    plain_kernel.update(installed)
    assert theme.front_end_renderer() == "notebook"
    plain_kernel["jupyterlab"] = "4.4.0"  # JupyterLab beside it: the front end may be Lab, as the book's build is
    assert theme.front_end_renderer() == "plotly_mimetype"


def test_a_kernel_with_no_front_end_installed_keeps_the_mime_type(plain_kernel):
    plain_kernel.clear()  # nbclient, or a kernel registered from another environment
    assert theme.front_end_renderer() == "plotly_mimetype"


def test_plotlys_own_setting_wins(plain_kernel, monkeypatch):
    monkeypatch.setenv("PLOTLY_RENDERER", "notebook_connected")
    monkeypatch.setenv("VSCODE_PID", "4242")
    assert theme.front_end_renderer() == "notebook_connected"


def test_outside_a_kernel_the_renderer_is_left_alone(plain_kernel, monkeypatch):
    monkeypatch.setattr(pio.renderers, "default", "browser")
    assert not theme.use_book_renderer() and pio.renderers.default == "browser"
