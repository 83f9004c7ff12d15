"""The table on the built book's "Play in your browser" page, in headless chromium with the network cut to 127.0.0.1.

Whole games are played by clicks on the page (Deer board game, the card edition, Football, Football solo), each
click also made on a `PageTable` in this process with the same seed, so at every step the page must show the same
buttons (every legal choice a `<button>`) and the same log, in time order with a divider per turn; each bot turn
is its own step, every own turn starts with the reader's roll, the drawn hand agrees with the log's count of the
cards that entered and left it, and the game ends with its result explained and a New game button. The rules card,
legend, ruling links, hints, pace and seat picker are checked on their own, in light and dark mode, 1280 and
390 px wide (screenshots in book/_build/screenshots/). Runs on the built book named by DEERBOOK_BOOK_HTML (the
test step of `python3 dev.py test` builds it and sets it); skipped without it or without the in-browser Python.
"""
from __future__ import annotations

import os
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

import pytest

from browser_page import PAGE, TablePage, runtime_built
from deerbook.engine.registry import agents_for
from deerbook.play.page import PageTable

BOOK_HTML = Path(os.environ.get("DEERBOOK_BOOK_HTML", "."))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book" / "lite"))
import lite_browser  # noqa: E402  (book/lite is not a package)

SHOTS = BOOK_HTML.parent / "screenshots"
GAMES = [  # (id, the first game's form, the mode the page is looked at in)
    ("deer", {"game": "deer", "num_players": "3", "seed": "21", "pace": "step"}, (1280, "light")),
    ("deer-cards", {"game": "deer-cards", "num_players": "3", "seat1": "advisor", "seed": "5", "pace": "quick"},
     (390, "dark")),
    ("football", {"game": "football", "num_players": "2", "seed": "8", "pace": "step"}, (390, "light")),
    ("football-solo", {"game": "football", "num_players": "1", "seed": "9", "pace": "quick"}, (1280, "dark")),
]

pytestmark = pytest.mark.skipif(
    not os.environ.get("DEERBOOK_BOOK_HTML") or not runtime_built(BOOK_HTML),
    reason="set DEERBOOK_BOOK_HTML to a book built with its in-browser Python (dev.py test does this after building)")


@pytest.fixture(scope="module")
def server():
    with lite_browser.serve(BOOK_HTML) as url:
        yield url


@pytest.fixture(scope="module")
def context(server):
    if not lite_browser.CHROMIUM.exists():
        pytest.skip("chromium is not installed")
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    SHOTS.mkdir(exist_ok=True)
    with lite_browser.local_browser(server) as context:
        context.problems = []
        yield context


def open_table(context, server, form: dict, width: int = 1280, scheme: str = "light") -> TablePage:
    table = TablePage.open(context, server, "?" + urlencode(form), width, scheme)
    table.page.on("console", lambda m: m.type == "error" and context.problems.append(f"console: {m.text}"))
    table.page.on("pageerror", lambda e: context.problems.append(f"page error: {e}"))
    return table


class Buttons(HTMLParser):
    """(data-op, data-name) of each button of an HTML part."""

    def __init__(self, html: str):
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "button":
            attrs = dict(attrs)
            self.found.append((attrs.get("data-op", ""), attrs.get("data-name", "")))


HAND_COUNT = re.compile(r"You were dealt (\d+) cards|\(now (\d+) cards?\)")


def hand_counts(table: TablePage) -> tuple[int, int]:
    """The reader's hand size as the drawing shows it, and as the log's last line about the hand says it."""
    drawn = int(re.search(r"Your hand: (\d+) cards", table.text("view")).group(1))
    told = [int(next(filter(None, found.groups()))) for _, lines in table.log() for line in lines
            if (found := HAND_COUNT.search(line))]
    return drawn, told[-1]


@pytest.mark.parametrize("name, form, mode", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_by_clicks_on_the_page(context, server, name, form, mode):
    table = open_table(context, server, form, *mode)
    shadow = PageTable()
    expected = shadow.handle({"op": "start", "form": form})
    bot_turns = rolls = single = clicks = 0
    deer = form["game"].startswith("deer")
    while True:
        shown = table.log()
        assert table.state == expected["stop"]
        assert [(op, name_) for op, name_, _ in table.buttons()] == Buttons(expected["choices"]).found
        assert shown == shadow.session.turn_log()
        if table.state == "over":
            break
        if deer and table.state in ("decide", "roll"):
            drawn, told = hand_counts(table)
            assert drawn == told, "the drawn hand and the log's account of it agree"
        single += table.state == "decide" and len(table.buttons()) == 1
        rolls += table.state == "roll"
        op, choice, _ = table.buttons()[0]
        if clicks in (0, 40):
            table.page.screenshot(path=str(SHOTS / f"play-{name}-{clicks}-{mode[0]}-{mode[1]}.png"), full_page=True)
        table.click(0)
        expected = shadow.handle({"op": op, "name": choice})
        clicks += 1
        new_turns = [title for title, _ in table.log()[len(shown) - 1:][1:]]
        bot = [title for title in new_turns if "your" not in title.lower() and "the deal" not in title
               and "setting cards aside" not in title and "Blitz Bach" not in title]
        assert len(bot) <= 1 or form["pace"] == "quick", f"one bot turn per step: {new_turns}"
        bot_turns += len(bot)
        assert clicks < 2000
    own_turns = [title for title, lines in table.log() if title.endswith("your turn")]
    assert rolls >= len(own_turns) > 0, "every own turn starts with the reader's roll"
    assert (bot_turns > 0) == (form["num_players"] != "1")
    status = table.text("status")
    assert status.startswith("Game over.") and re.search(r"(The game ended after round|The most points wins|Blitz)",
                                                         status)
    assert [label for _, _, label in table.buttons()] == ["New game", "Play the same seed again"]
    table.page.screenshot(path=str(SHOTS / f"play-{name}-end-{mode[0]}-{mode[1]}.png"), full_page=True)
    assert table.page.evaluate("document.documentElement.scrollWidth") <= mode[0], "nothing wider than the window"
    print(f"\n{name}: {clicks} clicks, {rolls} rolls, {single} single choices, {bot_turns} bot turns shown")
    table.page.close()


def test_rules_card_legend_and_ruling_links(context, server):
    table = open_table(context, server, {"game": "deer", "num_players": "3", "opt:advanced": "true", "seed": "4"})
    help_ = table.root.locator("[data-part=help]")
    assert help_.locator("details.deerbook-rules[open] svg").count() == 1, "the rules card is open, with pictures"
    assert "Goal." in table.text("help") and "The chart" in table.text("help")
    help_.locator("details.deerbook-legend summary").click()
    assert help_.locator("details.deerbook-legend dt").count() >= 8
    ids = set(re.findall(r'id="([^"]+)"', (BOOK_HTML / "book" / "rulings.html").read_text()))
    links = set()
    for _ in range(40):
        links |= set(table.page.evaluate(
            "root => [...document.querySelectorAll(root + ' .deerbook-rule a')].map(a => a.getAttribute('href'))",
            "[data-deerbook-table]"))
        table.click(len(table.buttons()) - 1)
    assert links and all(link.startswith("rulings.html#") and link.split("#")[1] in ids for link in links), links
    table.page.close()


def test_football_hint_tells_each_choice_in_points_and_percentages(context, server):
    table = open_table(context, server, {"game": "football", "num_players": "2", "seed": "7"})
    table.click(0)  # roll
    assert table.state == "decide"
    table.click(0, part="tools")
    items = table.root.locator("[data-part=hint] li").all_inner_texts()
    assert len(items) == len(table.buttons()) > 1
    assert all("touchdown" in item and "%" in item for item in items)
    assert len({item.split(": ", 1)[1] for item in items}) > 1, "the choices are told apart"
    table.page.close()


def test_a_short_pause_plays_the_next_bot_turn_by_itself(context, server):
    table = open_table(context, server, {"game": "deer", "num_players": "4", "seed": "5", "pace": "pause"})
    while table.state != "turn":
        table.click(0)
    before = table.answers
    table.page.wait_for_function("before => Number(document.querySelector('[data-deerbook-table]').dataset.answers)"
                                 " > before", arg=before, timeout=30_000)  # no click
    table.page.close()


def test_the_seat_picker_lists_the_catalogue(context, server):
    table = open_table(context, server, {"game": "deer", "num_players": "3", "seed": "1"})
    table.root.locator("details.deerbook-setup summary").click()
    form = table.root.locator("[data-part=form]")
    form.locator("select[name=game]").select_option("football")
    table.page.wait_for_function("() => document.querySelectorAll('[data-part=form] select[name^=seat]').length == 2")
    options = form.locator("select[name=seat1] option").all_inner_texts()
    assert options[0] == "you (a person)"
    assert {option.split(" (")[0] for option in options[1:]} == set(agents_for("football"))
    assert all(f"({info.strength})" in " ".join(options) for info in agents_for("football").values())
    form.locator("select[name=num_players]").select_option("1")
    table.page.wait_for_function("() => document.querySelectorAll('[data-part=form] select[name^=seat]').length == 1")
    form.locator("input[name=seed]").fill("3")
    before = table.answers
    form.locator("button[type=submit]").click()
    table.page.wait_for_function("before => Number(document.querySelector('[data-deerbook-table]').dataset.answers)"
                                 " > before", arg=before)
    assert "Blitz Bach" in table.text("view") and "Seed 3" in table.text("status")
    table.page.close()


def test_nothing_left_the_machine_and_no_error(context, server):  # last: after every page above
    assert context.outside == [] and context.problems == []


def test_the_page_is_built_with_its_table():
    html = (BOOK_HTML / PAGE).read_text()
    assert "data-deerbook-table" in html and "_static/deerbook-table.js" in html
