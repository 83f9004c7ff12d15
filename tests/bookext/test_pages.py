"""The book build's light pages, on their own (no build): the theme's icons as a style sheet
(`deerbook.bookext.icons`), the deferred scripts and meta descriptions (`deerbook.bookext.pages`), a chart's reserved
space and data block (`deerbook.bookext.plotly_renderer.figure_html`) and the book's math as MathML
(`deerbook.bookext.mathml`). The built book is checked whole by tests/built_book/test_book_build.py."""
from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("pydata_sphinx_theme")

from docutils import nodes  # noqa: E402
from docutils.frontend import get_default_settings  # noqa: E402
from docutils.utils import new_document  # noqa: E402
from sphinx.builders.html._assets import _JavaScript  # noqa: E402

from deerbook.bookext import icons, mathml, pages  # noqa: E402
from deerbook.bookext.plotly_renderer import DEFAULT_HEIGHT, figure_html  # noqa: E402


def font_awesome() -> dict[str, str]:
    return icons.packs((icons.theme_static() / "scripts" / "fontawesome.js").read_text(encoding="utf-8"))


def test_the_icons_a_page_names_are_found_with_their_pack():
    html = ('<i class="theme-switch fa-solid fa-moon               fa-lg" data-mode="dark"></i>'
            '<span class="fa-solid fa-bars"></span><i class="fas fa-download"></i>'
            '<a class="fab fa-github"></a><p class="admonition-title">fa-ke text</p>')
    assert icons.icons_used([html, 'e.className = "fa-solid fa-xmark";']) == {
        ("fas", "moon"), ("fas", "bars"), ("fas", "download"), ("fab", "github"), ("fas", "xmark")}


def test_each_icon_is_drawn_from_the_theme_s_own_shape():
    packs = font_awesome()
    width, height, path = icons.shape(packs["fas"], "magnifying-glass")
    assert (width, height) == (512, 512) and path.startswith("M")
    assert icons.shape(packs["fas"], "bars")[:2] == (448, 512)  # a name the script writes without quotes
    assert icons.shape(packs["fab"], "github") is not None and icons.shape(packs["fas"], "github") is None
    assert icons.shape(packs["fas"], code="f002") == (width, height, path)  # the same icon by its code point
    codes = icons.admonition_codes((icons.theme_static() / "styles" / "pydata-sphinx-theme.css").read_text())
    assert {"note", "warning", "important", "default"} <= set(codes)
    css = icons.icons_css({("fas", "bars"): (448, 512, "M0 0"), ("fab", "github"): (496, 512, "M1 1")},
                          {"important": (512, 512, "M2 2")})
    assert re.search(r"\.fa-bars::before \{ width: 0\.875em; --deerbook-icon: url\(\"data:image/svg\+xml,", css)
    assert ":is(.fab, .fa-brands).fa-github::before" in css and "div.admonition.important > .admonition-title" in css
    assert "font-family: inherit" in css and "font: var(--fa-font" not in css, "never the icon font"


def document(*paragraphs: str) -> nodes.document:
    tree = new_document("page", get_default_settings())
    tree += nodes.title(text="A title that is not described")
    tree += [nodes.paragraph(text=text) for text in paragraphs]
    return tree


def test_the_description_is_the_first_paragraphs_cut_at_a_word():
    second = "The second paragraph says what the page is about, at some length, as a search engine shows it."
    assert pages.description(document("Short.", second, "Not this one.")) == f"Short. {second}"
    long = pages.description(document("word " * 100))
    assert len(long) <= pages.DESCRIPTION_LENGTH and long.endswith("word…")
    assert pages.description(document()) == ""


def test_scripts_are_deferred_but_the_one_inline_scripts_use():
    plain, options = _JavaScript("_static/doctools.js", priority=200), _JavaScript(pages.BLOCKING, priority=200)
    kept = [options, _JavaScript("", body="let x = 1;"), _JavaScript("_static/a.js", **{"async": "async"}),
            _JavaScript("_static/b.js", type="module"), _JavaScript(None, type="application/json")]
    assert pages.deferred(plain).attributes == {"defer": "defer"} and pages.deferred(plain).priority == 200
    assert [pages.deferred(asset) for asset in kept] == kept


def test_a_chart_reserves_its_height_and_carries_its_figure_as_data():
    figure = {"data": [{"type": "bar", "x": ["</script><b>"], "y": [1]}],
              "layout": {"height": 321.5, "meta": {"description": "Bar chart: one bar"}}}
    html = figure_html(figure, "deerbook-plotly-abc")
    assert 'id="deerbook-plotly-abc" aria-hidden="true" data-deerbook-themed="false" style="height:322px"' in html
    data = re.search(r'<script type="application/json" id="deerbook-plotly-abc-figure">(.*?)</script>', html, re.S)
    assert data and json.loads(data.group(1))["data"] == figure["data"], "the JSON survives, its </script> escaped"
    assert "<script>" not in html, "no inline script: the page's deferred script draws it"
    unsized = figure_html({"data": [], "layout": {"meta": {"description": "Empty"}}}, "x")
    assert f'style="height:{DEFAULT_HEIGHT}px"' in unsized


def test_the_book_s_math_is_mathml():
    binomial = mathml.mathml(r"\binom{16}{5}")
    assert binomial.startswith("<math><semantics>") and 'annotation encoding="application/x-tex">\\binom{16}{5}<' in \
        binomial
    assert '<mo>(</mo><mfrac linethickness="0"><mrow><mn>16</mn></mrow><mrow><mn>5</mn></mrow></mfrac><mo>)</mo>' \
        in binomial
    assert "<msup><mn>6</mn><mrow><mn>11</mn></mrow></msup>" in mathml.mathml("6^{11}")
    shown = mathml.mathml(r"\frac{a}{b} \times 2 < x_1", block=True)
    assert shown.startswith('<math display="block">')
    assert "<mfrac><mrow><mi>a</mi></mrow><mrow><mi>b</mi></mrow></mfrac><mo>×</mo><mn>2</mn><mo>&lt;</mo>" \
           "<msub><mi>x</mi><mn>1</mn></msub>" in shown


@pytest.mark.parametrize("tex", [r"\sqrt{2}", "{1", "1}", "^2", r"\frac{1}", "1 & 2"])
def test_math_outside_what_the_writer_reads_is_refused(tex):
    with pytest.raises(mathml.UnsupportedTeX):
        mathml.mathml(tex)
