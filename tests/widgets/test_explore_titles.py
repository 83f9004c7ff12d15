"""Both odds explorers show their chart's title fitted to a phone's chart (`charts.titles.fit_title`), in either theme:
the explorer applies only the theme to the figure its `compute` fitted once."""
import pytest

pytest.importorskip("ipywidgets")

from deerbook.charts.theme import DARK, LIGHT  # noqa: E402
from deerbook.charts.titles import TITLE_SIZE, line_count, title_top  # noqa: E402
from deerbook.widgets import DeerExplorer, FootballExplorer  # noqa: E402


@pytest.mark.parametrize("make", [lambda: DeerExplorer(hand="12 11 10 8 8 7 5 5 2 Fox Joker"),
                                  lambda: FootballExplorer(track=6, box=3)])
@pytest.mark.parametrize("dark", [False, True])
def test_an_explorers_title_is_fitted_in_either_theme(make, dark):
    explorer = make()
    explorer.theme.dark = dark
    layout = explorer.figure.layout
    lines = line_count(layout.title.text)
    assert lines >= 2 and layout.title.font.size == TITLE_SIZE and layout.title.yref == "container"
    assert layout.margin.t >= title_top(lines)
    assert layout.template.layout.paper_bgcolor == (DARK if dark else LIGHT).layout.paper_bgcolor
