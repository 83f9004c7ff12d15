"""The README's pictures, drawn by the package and photographed in headless chromium (python3 dev.py pictures):

- deer-table.png: a Deer in the Headlights table as the reader's seat sees it mid-game (deerbook.play.deer_view);
- odds-chart.png: the chance of every combination of the board game's number dice, written on each bar
  (deerbook.charts.deer_odds.combinations_figure, drawn by the installed plotly.js).

Each PNG records, in a tEXt chunk, the SHA-256 of what it shows (the drawing's SVG text, the figure's JSON), so
tests/project/test_readme.py can tell a picture that no longer matches the package. Needs the dev extra and chromium.
"""
from __future__ import annotations

import hashlib
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "book" / "lite")]
PICTURES = ROOT / "book" / "pictures"
SOURCE_KEY = b"deerbook-source-sha256"
TABLE_GAME, TABLE_SEED, TABLE_STEPS = {"name": "deer", "num_players": 3}, 7, 93  # P0 picks a third number
WIDTH, CHART_HEIGHT = 720, 560  # px: what a README column shows without scaling


def table_svg() -> str:
    """The board game's table as P0 sees it after TABLE_STEPS steps of a seeded game of greedy players."""
    from deerbook.engine import make_game
    from deerbook.engine.registry import make_agents
    from deerbook.engine.runner import Match
    from deerbook.play import deer_view

    game = make_game(TABLE_GAME["name"], num_players=TABLE_GAME["num_players"])
    match = Match(game, make_agents(game, ["greedy"] * game.num_players), TABLE_SEED)
    for _ in range(TABLE_STEPS):
        match.state = match.state.apply(match.next_action())
    return deer_view.render_svg(match.state.observation(0), game, None, WIDTH)


def chart_json() -> str:
    """The odds chart's figure as JSON, in the book's light style, at the README's width, each bar's chance written at
    its end (as the book writes a chance, `deerbook.analysis.numbers.percent`: a picture has no hover)."""
    from fractions import Fraction

    from deerbook.analysis.deer_odds import odds_report
    from deerbook.analysis.numbers import percent
    from deerbook.charts import use_book_style
    from deerbook.charts.deer_odds import combinations_figure

    use_book_style()
    chances = [Fraction(row["probability"]) for row in odds_report("deer")["combinations"]]
    figure = combinations_figure(["deer"]).update_layout(width=WIDTH, height=CHART_HEIGHT)
    figure.update_traces(text=[percent(p) for p in chances], textposition="outside", cliponaxis=False,
                         textfont={"size": 13})
    return figure.update_xaxes(range=[0, float(max(chances)) * 1.2]).to_json()


def digest(text: str) -> str:
    """What a picture records of its source."""
    return hashlib.sha256(text.encode()).hexdigest()


def recorded_digest(png: bytes) -> str | None:
    """The source digest a picture recorded (None: it recorded none)."""
    at = 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if kind == b"tEXt" and body.startswith(SOURCE_KEY + b"\0"):
            return body[len(SOURCE_KEY) + 1:].decode()
        at += 12 + length
    return None


def with_digest(png: bytes, source: str) -> bytes:
    """The PNG with a tEXt chunk recording `source`'s digest, right after its header chunk."""
    body = SOURCE_KEY + b"\0" + digest(source).encode()
    chunk = struct.pack(">I", len(body)) + b"tEXt" + body + struct.pack(">I", zlib.crc32(b"tEXt" + body))
    header_end = 8 + 12 + struct.unpack(">I", png[8:12])[0]
    return png[:header_end] + chunk + png[header_end:]


def photograph(html: str, selector: str) -> bytes:
    """A PNG of the element `selector` of a page made of `html`, on white, in headless chromium."""
    import lite_browser
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(lite_browser.CHROMIUM),
                                             args=lite_browser.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": WIDTH + 40, "height": 800}, color_scheme="light")
        page.set_content(html)
        page.wait_for_function("() => document.querySelector('.ready')")
        png = page.locator(selector).screenshot()
        browser.close()
    return png


def table_png(svg: str) -> bytes:
    return photograph(f'<body style="margin:20px;background:#fff;color:#1a1a1a;font-family:sans-serif">'
                      f'<div id="picture" class="ready" style="width:{WIDTH}px">{svg}</div></body>', "#picture")


def chart_png(figure: str) -> bytes:
    from deerbook.bookext.plotly_renderer import plotly_js_path

    script = plotly_js_path().read_text(encoding="utf-8")
    return photograph(
        f'<body style="margin:20px;background:#fff">'
        f'<div id="picture" style="width:{WIDTH}px;height:{CHART_HEIGHT}px"></div><script>{script}</script><script>'
        f'var f={figure};Plotly.newPlot("picture",f.data,f.layout,{{displayModeBar:false,staticPlot:true}})'
        '.then(function(){document.getElementById("picture").classList.add("ready");});</script></body>',
        "#picture")


def main() -> None:
    PICTURES.mkdir(exist_ok=True)
    for name, source, draw in (("deer-table.png", table_svg(), table_png), ("odds-chart.png", chart_json(), chart_png)):
        target = PICTURES / name
        target.with_suffix(".tmp").write_bytes(with_digest(draw(source), source))
        target.with_suffix(".tmp").rename(target)  # whole, or not at all
        print(f"wrote {target.relative_to(ROOT)} ({target.stat().st_size // 1024} kB)")


if __name__ == "__main__":
    main()
