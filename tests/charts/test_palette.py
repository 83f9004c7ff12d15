"""The charts' colours for readers with a colour-vision deficiency, and the contrast of the charts' text.

Colour vision is simulated with the matrices of Machado, Oliveira & Fernandes (2009) at full severity (protanopia,
deuteranopia, tritanopia), applied to linear sRGB; colours are compared in CIELAB (D65) by CIEDE2000, checked here
against Sharma, Wu & Dalal's (2005) test data. The threshold: every two colours that can appear together in one chart,
and each of them against the chart's paper, stay at least `MIN_DELTA_E` apart in normal vision and in each of the
three simulations, in the light and the dark template. Which colours appear together is read from the palettes
(a chart may draw as many series as the colorway holds) and from every chart stored in the notebooks. Chart text
(titles, axes, legends, annotations, controls) meets WCAG AA (4.5:1) against its background in both templates, and
so does every label drawn on a heatmap's cell, in the colour Plotly gives it (white on a dark cell, #444444 on a light
one: plotly.js's ``Color.contrast``).
"""
from __future__ import annotations

import itertools
import math

import pytest

pytest.importorskip("plotly")

from deerbook.charts import football_sheet, tables  # noqa: E402
from deerbook.charts.controls import CONTROL_STYLE  # noqa: E402
from deerbook.charts.theme import CATEGORY_COLORS, COLORWAY, DARK, LIGHT  # noqa: E402
from stored_charts import shown_steps, stored_figures  # noqa: E402

#: Least CIEDE2000 difference between two colours of one chart, or a colour and the paper (about four times the
#: difference between two neighbouring patches that people tell apart at a glance).
MIN_DELTA_E = 10
#: WCAG AA contrast of normal-size text.
MIN_CONTRAST = 4.5

MACHADO = {  # severity 1.0, Machado et al. 2009, Table 1 (linear RGB)
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO)
SRGB_TO_XYZ = ((0.4124564, 0.3575761, 0.1804375), (0.2126729, 0.7151522, 0.0721750), (0.0193339, 0.1191920, 0.9503041))
D65 = (0.95047, 1.0, 1.08883)
TEMPLATES = {"light": LIGHT.layout, "dark": DARK.layout}


def linear(color: str) -> tuple[float, ...]:
    """A "#rrggbb" colour as linear sRGB."""
    channels = (int(color.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)


def seen(color: str, vision: str) -> tuple[float, ...]:
    """The colour as linear sRGB, as a reader with `vision` sees it (clipped to the gamut)."""
    rgb = linear(color)
    if vision == "normal":
        return rgb
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in MACHADO[vision])


def lab(rgb: tuple[float, ...]) -> tuple[float, float, float]:
    """Linear sRGB as CIELAB (D65)."""
    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = (f(sum(m * c for m, c in zip(row, rgb)) / white) for row, white in zip(SRGB_TO_XYZ, D65))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: tuple[float, ...], lab2: tuple[float, ...]) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), kL = kC = kH = 1."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c ** 7 / (mean_c ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_big_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(mean_h - 30)) + 0.24 * math.cos(math.radians(2 * mean_h))
         + 0.32 * math.cos(math.radians(3 * mean_h + 6)) - 0.20 * math.cos(math.radians(4 * mean_h - 63)))
    rotation = -math.sin(math.radians(60 * math.exp(-(((mean_h - 275) / 25) ** 2)))) * 2 * math.sqrt(
        mean_c ** 7 / (mean_c ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    s_c, s_h = 1 + 0.045 * mean_c, 1 + 0.015 * mean_c * t
    dl, dc, dh_ = (l2 - l1) / s_l, (c2 - c1) / s_c, d_big_h / s_h
    return math.sqrt(dl ** 2 + dc ** 2 + dh_ ** 2 + rotation * dc * dh_)


def delta_e(color1: str, color2: str, vision: str) -> float:
    return ciede2000(lab(seen(color1, vision)), lab(seen(color2, vision)))


def contrast(color1: str, color2: str) -> float:
    """The WCAG 2 contrast ratio of two colours."""
    def luminance(color: str) -> float:
        r, g, b = linear(color)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(color1), luminance(color2)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def collisions(colors: list[str], paper: str) -> list[str]:
    """Every pair of `colors` (and each colour with the paper) closer than `MIN_DELTA_E` in some vision."""
    pairs = [*itertools.combinations(dict.fromkeys(c.lower() for c in colors), 2),
             *((c.lower(), paper) for c in dict.fromkeys(colors))]
    return [f"{a} and {b}: {delta_e(a, b, vision):.1f} for {vision}" for a, b in pairs for vision in VISIONS
            if delta_e(a, b, vision) < MIN_DELTA_E]


def paper(template: str) -> str:
    return TEMPLATES[template].paper_bgcolor


# -- the measures themselves ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("lab1", "lab2", "expected"), [  # Sharma et al. 2005, Table 1, pairs 1, 7, 17, 25, 34
    ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
    ((50, 0, 0), (50, -1, 2), 2.3669),
    ((50, 2.5, 0), (73, 25, -18), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_the_simulations_keep_greys_and_confuse_the_colours_each_deficiency_confuses():
    for vision in MACHADO:  # each matrix's rows sum to 1: white stays white, a grey stays grey
        assert seen("#ffffff", vision) == pytest.approx((1, 1, 1), abs=1e-5)
    assert delta_e("#ff0000", "#00ff00", "normal") > 80
    assert delta_e("#d55e00", "#6a9a00", "deuteranopia") < 10  # a red-orange and a green that deuteranopes confuse
    assert delta_e("#d55e00", "#6a9a00", "tritanopia") > 25
    assert contrast("#000000", "#ffffff") == pytest.approx(21) and contrast("#767676", "#ffffff") > 4.5


# -- the palettes -----------------------------------------------------------------------------------------------
PALETTES = {  # name -> colours that may appear together, the templates whose paper they are drawn on
    "light colorway": (COLORWAY, ("light",)),
    "dark colorway": (list(DARK.layout.colorway), ("dark",)),
    "combinations (CATEGORY_COLORS)": (CATEGORY_COLORS, ("light", "dark")),
    "die faces": (list(tables.FACE_COLORS.values()), ("light", "dark")),
    "cards": (list(tables.CARD_COLORS.values()), ("light", "dark")),
    "play sheet boxes": (list(football_sheet.COLORS.values()), ("light", "dark")),
}


@pytest.mark.parametrize("name", PALETTES)
def test_every_two_colours_of_a_palette_stay_apart_for_colour_blind_readers(name):
    colors, templates = PALETTES[name]
    bad = [f"{template}: {problem}" for template in templates for problem in collisions(colors, paper(template))]
    assert not bad, f"{name}: " + "; ".join(bad)


FIGURES = stored_figures()


def drawn_colors(figure: dict, template: str) -> list[str]:
    """The colours a stored chart draws its series and categories in under `template`: each trace's own colour, or
    the template's colorway by trace index, and the flat bands of a heatmap's category colour scale (a continuous
    scale shows amounts, not categories, and is left out)."""
    colorway = list(TEMPLATES[template].colorway)
    colors = []
    for index, trace in enumerate(figure["data"]):
        if trace["type"] == "heatmap":
            scale = trace.get("colorscale")
            if isinstance(scale, list) and len(scale) == 2 * len({color for _, color in scale}):
                colors += [color for _, color in scale[::2]]
            continue
        own = (trace.get("marker") or {}).get("color") or (trace.get("line") or {}).get("color")
        colors.append(own if isinstance(own, str) else colorway[index % len(colorway)])
    return colors


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_stored_chart_draws_colours_that_stay_apart_for_colour_blind_readers(template):
    assert len(FIGURES) >= 30
    bad = [f"{name} {figure['layout'].get('title', {}).get('text', '')[:50]!r}: {problem}"
           for name, figure in FIGURES for problem in collisions(drawn_colors(figure, template), paper(template))]
    assert not bad, f"{len(bad)} colour collision(s):\n" + "\n".join(bad[:30])


# -- text contrast ---------------------------------------------------------------------------------------------
def text_colors(figure: dict, template: str) -> list[tuple[str, str, str]]:
    """(what, text colour, background) of a stored chart's text: the template's ink on its paper unless a title,
    axis, legend or annotation sets its own colour, and each control's text on its button."""
    layout, ink = figure["layout"], TEMPLATES[template].font.color
    background = paper(template)
    found = [("text", (layout.get("font") or {}).get("color") or ink, background)]
    found += [("title", ((layout.get("title") or {}).get("font") or {}).get("color") or ink, background),
              ("legend", ((layout.get("legend") or {}).get("font") or {}).get("color") or ink, background)]
    for key, axis in layout.items():
        if key.startswith(("xaxis", "yaxis")) and isinstance(axis, dict):
            found.append((key, (axis.get("tickfont") or {}).get("color") or ink, background))
    found += [("annotation", (a.get("font") or {}).get("color") or ink, a.get("bgcolor") or background)
              for a in layout.get("annotations") or []]
    found += [("dropdown", (m.get("font") or {}).get("color") or ink, m.get("bgcolor") or background)
              for m in layout.get("updatemenus") or []]
    found += [("slider value", ((s.get("currentvalue") or {}).get("font") or {}).get("color") or ink, background)
              for s in layout.get("sliders") or []]
    return found


@pytest.mark.parametrize("template", TEMPLATES)
def test_chart_text_meets_wcag_aa_contrast_on_the_paper(template):
    ink, background = TEMPLATES[template].font.color, paper(template)
    assert contrast(ink, background) >= MIN_CONTRAST
    assert contrast(CONTROL_STYLE["font"]["color"], CONTROL_STYLE["bgcolor"]) >= MIN_CONTRAST
    bad = [f"{name}: {what} {color} on {behind}: {contrast(color, behind):.2f}" for name, figure in FIGURES
           for what, color, behind in text_colors(figure, template)
           if behind.startswith("#") and contrast(color, behind) < MIN_CONTRAST]
    assert not bad, "\n".join(bad)


def hex_color(color: str) -> str:
    """A "#rrggbb" or "rgb(r,g,b)" colour as "#rrggbb"."""
    if color.startswith("#"):
        return color.lower()
    return "#" + "".join(f"{int(float(v)):02x}" for v in color[color.index("(") + 1:-1].split(",")[:3])


def cell_color(scale: list, fraction: float) -> str:
    """The colour of a colour scale at `fraction` (0 to 1), interpolated in sRGB between its stops as plotly.js
    does."""
    stops = [(position, hex_color(color)) for position, color in scale]
    for (low, a), (high, b) in zip(stops, stops[1:]):
        if low <= fraction <= high:
            share = 0.0 if high == low else (fraction - low) / (high - low)
            channels = [int(x[i:i + 2], 16) * (1 - share) + int(y[i:i + 2], 16) * share
                        for x, y in [(a[1:], b[1:])] for i in (0, 2, 4)]
            return "#" + "".join(f"{round(c):02x}" for c in channels)
    return stops[-1][1]


def label_color(fill: str) -> str:
    """The colour plotly.js gives a label on a cell of colour `fill`: white on a dark cell (brightness below 128,
    tinycolor's isDark), else #444444."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#ffffff" if (r * 299 + g * 587 + b * 114) / 1000 < 128 else "#444444"


def test_the_label_colour_plotly_picks_is_the_one_the_book_shows():
    assert label_color("#696969") == "#ffffff" and label_color("#d2ffc3") == "#444444"
    assert cell_color([[0, "#000000"], [1, "rgb(255,255,255)"]], 0.5) == "#808080"


def test_every_label_on_a_heatmap_cell_meets_wcag_aa_contrast():
    bad, labelled = [], 0
    for name, figure in FIGURES:
        for trace in (trace for shown in shown_steps(figure) for trace in shown["data"]):
            if trace["type"] != "heatmap" or not trace.get("texttemplate"):
                continue
            low, high = trace.get("zmin", 0), trace.get("zmax", 1)
            for z_row, text_row in zip(trace["z"], trace.get("text") or []):
                for z, text in zip(z_row, text_row):
                    if z is None or not text:
                        continue
                    fill = cell_color(trace["colorscale"], (z - low) / (high - low))
                    labelled += 1
                    if contrast(label_color(fill), fill) < MIN_CONTRAST:
                        bad.append(f"{name}: {text!r} in {label_color(fill)} on {fill}: "
                                   f"{contrast(label_color(fill), fill):.2f}")
    assert labelled > 400
    assert not bad, f"{len(bad)} label(s):\n" + "\n".join(sorted(set(bad))[:30])
