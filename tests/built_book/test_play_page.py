"""The table on the built book's "Play in your browser" page, in headless chromium with the network cut to 127.0.0.1.

Whole games are played by clicks on the page (Deer board game, the card edition, Football, Football solo), each
click also made on a `PageTable` in this process with the same seed, so at every step the page must show the same
buttons (every legal choice a `<button>`) and the same log, in time order with a divider per turn; each bot turn
is its own step, every own turn starts with the reader's roll, the drawn hand agrees with the log's count of the
cards that entered and left it, and the game ends with its result explained and a New game button. The rules card,
legend, ruling links, hints, pace and seat picker are checked on their own, in light and dark mode, 1280 and
390 px wide (screenshots in book/_build/screenshots/ with DEERBOOK_SCREENSHOTS set).
The start shows its steps in a progress line; a Deer game and a Football turn are played by key presses alone (Tab,
Shift+Tab, Enter, Space), the focus always drawn and back on the first choice after each move, the live region told
exactly what the same table in CPython tells; axe-core finds no serious or critical fault inside the table mid-game
at 1280 and 390 px, in light mode and then dark (the page switched, as when the system's scheme changes). The board:
at every decision of whole games at 1280×800 and 390×844, light and dark, the dice, the hand and every choice are in
the window together (`TablePage.board`). Each step
of a whole game reads what it checks in one round trip (`TablePage.look`). Review of a seeded game's link grades
each decision as `deerbook review` does in the terminal, with its progress and Stop.
Runs on the built book named by DEERBOOK_BOOK_HTML (the test step of `python3 dev.py test` builds it and sets it);
skipped without it or without the in-browser Python.
"""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

import pytest

import axe
from browser_page import ANSWER, PAGE, ROOT, START, START_BUTTON, Look, TablePage, runtime_built, runtime_of
from colours import contrast
from deerbook.engine.registry import agents_for
from deerbook.play.page import PageTable
from deerbook.play.table_html import openings, split_offered
from screenshots import screenshot
from recorded_games import recorded

BOOK_HTML = Path(os.environ.get("DEERBOOK_BOOK_HTML", "."))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "lite"))
import lite_browser  # noqa: E402  (book/lite is not a package)
import lite_driver  # noqa: E402

SHOTS = BOOK_HTML.parent / "screenshots"
GAMES = [  # (id, the first game's form, the window it is played in: a desktop's or a phone's, light or dark)
    ("deer", {"game": "deer", "num_players": "3", "seed": "21", "pace": "step"}, (1280, "light", 800)),
    ("deer-cards", {"game": "deer-cards", "num_players": "3", "seat1": "advisor", "seed": "5", "pace": "quick"},
     (390, "dark", 844)),
    ("football", {"game": "football", "num_players": "2", "seed": "8", "pace": "step"}, (390, "light", 844)),
    ("football-solo", {"game": "football", "num_players": "1", "seed": "9", "pace": "quick"}, (1280, "dark", 800)),
    ("deer-advanced", {"game": "deer", "num_players": "3", "opt:advanced": "on", "seed": "3", "pace": "quick"},
     (390, "light", 844)),
]

pytestmark = [pytest.mark.skipif(
    not os.environ.get("DEERBOOK_BOOK_HTML") or not runtime_built(BOOK_HTML),
    reason="set DEERBOOK_BOOK_HTML to a book built with its in-browser Python (dev.py test does this after building)"),
    pytest.mark.xdist_group("play-page")]  # one worker: the last test checks what the browser met in the others


@pytest.fixture(scope="module")
def server():
    with lite_browser.serve(BOOK_HTML) as url:
        yield url


@pytest.fixture(scope="module")
def context(server):
    if not lite_browser.CHROMIUM.exists():
        pytest.skip("chromium is not installed")
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with lite_driver.local_browser(server) as context:
        context.problems = []
        yield context


def open_table(context, server, form: dict, width: int = 1280, scheme: str = "light", height: int = 1000) -> TablePage:
    table = TablePage.open(context, server, "?" + urlencode(form), width, scheme, height)
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


def request(shadow: PageTable, op: str, name: str) -> dict:
    """The request the page's script sends for a button: a split's with the numbers its fields start at (what the
    page shows until the reader types others; a rack's: those of the split its rack opens)."""
    if op != "split":
        return {"op": op, "name": name}
    opened = {opening.choice.name: opening.split for opening in openings(shadow.session, shadow.stop)}
    offered = opened[name] if name else split_offered(shadow.session, shadow.stop)
    return {"op": op, "name": name, "amounts": [part.start for part in offered.parts]}


HAND_COUNT = re.compile(r"You were dealt (\d+) cards|\(now (\d+) cards?\)")


def hand_counts(look: Look) -> tuple[int, int]:
    """The reader's hand size as the drawing shows it, and as the log's last line about the hand says it."""
    drawn = int(re.search(r"Your hand: (\d+) cards?\b", look.texts["view"]).group(1))
    told = [int(next(filter(None, found.groups()))) for _, lines in look.log for line in lines
            if (found := HAND_COUNT.search(line))]
    return drawn, told[-1]


@pytest.mark.parametrize("name, form, mode", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_by_clicks_on_the_page(context, server, name, form, mode):
    """A whole game played by clicks, each step checked against the same game played by CPython's table; and the
    table as a board: at each decision the dice, the hand's cards and every choice button are inside the window
    together (under the header bar; on a phone, the dice and hand above the choices held at the window's bottom),
    without the reader scrolling. The games cover every mode, and a desktop and a phone, each light and dark."""
    table = open_table(context, server, form, *mode)
    shadow = PageTable()
    expected = shadow.handle({"op": "start", "form": form})
    bot_turns = rolls = single = clicks = splits = decisions = with_both = 0
    deer = form["game"].startswith("deer")
    look = table.look("view")  # after each click: all the checks read, in one round trip
    while True:
        assert look.state == expected["stop"]
        assert [(op, name_) for op, name_, _ in look.buttons] == Buttons(expected["choices"]).found
        assert look.log == shadow.session.turn_log()
        if look.state == "over":
            break
        if deer and look.state in ("decide", "roll"):
            drawn, told = hand_counts(look)
            assert drawn == told, "the drawn hand and the log's account of it agree"
        if look.state == "decide":
            board = table.board()
            assert not board["out"], f"decision {decisions} ({look.buttons[0][2]}...): out of sight: {board['out']}"
            decisions += 1
            with_both += bool(board["dice"]) and (bool(board["cards"]) or not deer)
            if decisions == 5:
                screenshot(table.page, SHOTS / f"play-board-{name}-{mode[0]}x{mode[2]}-{mode[1]}.png")
        single += look.state == "decide" and [op for op, _, _ in look.buttons] == ["choose"]
        rolls += look.state == "roll"
        op, choice, _ = look.buttons[0]
        if clicks in (0, 40):
            screenshot(table.page, SHOTS / f"play-{name}-{clicks}-{mode[0]}-{mode[1]}.png", full_page=True)
        splits += op == "split"
        table.click(0, before=look.answers)
        expected = shadow.handle(request(shadow, op, choice))
        clicks += 1
        shown, look = look.log, table.look("view")
        new_turns = [title for title, _ in look.log[len(shown) - 1:][1:]]
        bot = [title for title in new_turns if "your" not in title.lower() and "the deal" not in title
               and "setting cards aside" not in title and "Blitz Bach" not in title]
        assert len(bot) <= 1 or form["pace"] == "quick", f"one bot turn per step: {new_turns}"
        bot_turns += len(bot)
        assert clicks < 2000
    own_turns = [title for title, lines in look.log if title.endswith("your turn")
                 and not re.match(r"You rolled .*(still frozen|no longer frozen)", lines[0])]
    assert rolls >= len(own_turns) > 0, "every own turn starts with the reader's roll, but a frozen one's"
    assert (bot_turns > 0) == (form["num_players"] != "1")
    status = table.text("status")
    assert status.startswith("Game over.") and re.search(r"(The game ended after round|The most points wins|Blitz)",
                                                         status)
    assert [label for _, _, label in look.buttons] == ["New game", "Play the same seed again",
                                                      "Review: grade each decision"]
    screenshot(table.page, SHOTS / f"play-{name}-end-{mode[0]}-{mode[1]}.png", full_page=True)
    assert table.page.evaluate("document.documentElement.scrollWidth") <= mode[0], "nothing wider than the window"
    print(f"\n{name}: {clicks} clicks, {rolls} rolls, {single} single choices, {splits} racks, {bot_turns} bot "
          "turns shown")
    assert single == 0, "a single legal choice is made for the reader, never a button of its own"
    assert decisions > 5 and with_both > 3, (decisions, with_both)
    table.page.close()


def test_rules_card_legend_and_ruling_links(context, server):
    table = open_table(context, server, {"game": "deer", "num_players": "3", "seed": "4",
                                         "pace": "quick"})  # the bots play straight on: no pauses to wait out
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
        table.click(-1)  # the last choice
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
    assert options[0] == "a person"
    assert {option.split(" (")[0] for option in options[1:]} == set(agents_for("football"))
    assert all(f"({'weakest' if info.strength == 'random' else info.strength})" in " ".join(options)
               for info in agents_for("football").values())
    about = form.locator("#about-seat1").inner_text()
    assert "play" in about and "knock" not in about, "a Football seat told in Football's words"
    hot = form.locator("[data-hot-seat]")
    hot.check()  # the hot seat: every seat a person, and back
    table.page.wait_for_function("() => document.querySelector('[data-part=form] select[name=seat1]').value "
                                 "=== 'human' && document.querySelector('#about-seat1').innerText.includes('friend')")
    form.locator("[data-hot-seat]").uncheck()
    table.page.wait_for_function("() => document.querySelector('[data-part=form] select[name=seat1]').value "
                                 "=== 'greedy'")
    form.locator("select[name=num_players]").select_option("1")
    table.page.wait_for_function("() => document.querySelectorAll('[data-part=form] select[name^=seat]').length == 1")
    form.locator("input[name=seed]").fill("3")
    before = table.answers
    form.locator("button[type=submit]").click()
    table.page.wait_for_function("before => Number(document.querySelector('[data-deerbook-table]').dataset.answers)"
                                 " > before", arg=before)
    assert "Blitz Bach" in table.text("view") and "Seed 3" in table.text("status")
    table.page.close()


STEP = re.compile(r"Step (\d) of 4: (.+)…")


def test_the_start_says_what_loads_step_by_step(context, server):
    table = open_table(context, server, {"game": "football", "num_players": "1", "seed": "3"})  # waits till dealt
    assert table.root.locator("[data-part=choices] button:enabled").count() == 1, "the first choice, enabled"
    steps = [STEP.fullmatch(line) for line in table.steps() if line != "Loading…"]  # "Loading…": the page's HTML
    assert all(steps), table.steps()
    numbers = [int(step.group(1)) for step in steps]
    assert numbers == sorted(numbers) and set(numbers) == {1, 2, 3, 4}, table.steps()
    words = " | ".join(step.group(2) for step in steps)
    assert "loading the Python runtime" in words and "loading deerbook" in words, words
    assert "dealing the first game" in words and " MB" not in words, "the size is said once, on the Start button"
    loading = table.root.locator("[data-part=loading]")
    assert loading.get_attribute("role") == "status" and loading.is_hidden(), "told politely, gone once dealt"
    table.page.close()


# Runs before the page's scripts: every layout shift not caused by the reader's input (what Lighthouse's CLS sums).
SHIFTS = """
(() => {
  const shifts = window.deerbookShifts = [];
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => {
    if (!entry.hadRecentInput) shifts.push(entry.value);
  })).observe({ type: "layout-shift", buffered: true });
})();
"""


@pytest.mark.parametrize("width", [1280, 390])
def test_python_starts_when_the_reader_asks(context, server, width):
    """Until the reader presses Start the page starts no worker and fetches nothing of the table's Python; the button
    says how much it loads. Pressed from the keyboard, the table deals its first game, the keyboard is on its first
    choice, and nothing on the page moves as the game appears (the table's space is kept from the first paint)."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 1000})
    page.add_init_script(SHIFTS)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{server}/{PAGE}", wait_until="load")
    button = page.locator(f"{ROOT} {START_BUTTON}:enabled")
    button.wait_for()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)
    assert page.workers == [] and not [url for url in asked if "/lite/" in url], "Python loaded before Start"
    runtime = runtime_of(BOOK_HTML)
    megabytes, unpacked = round(runtime["bytes"] / 1e6), round(runtime["unpacked_bytes"] / 1e6)
    assert button.inner_text() == (f"Start the table (loads {megabytes} MB; {unpacked} MB from a server that does "
                                   "not gzip)") and 5 < megabytes < unpacked < 40
    button.focus()  # the keyboard's way there: the button scrolls into view
    page.keyboard.press("Enter")
    table = TablePage(page)
    table.wait_until_ready(START)
    assert len(page.workers) == 1, "the table's Python runs in its worker"
    focus = table.focus()
    assert (focus["part"], focus["op"]) == ("choices", ""), f"the list of choices has it, no choice: {focus}"
    shifts = page.evaluate("window.deerbookShifts")
    assert sum(shifts) < 0.01, f"the page moved as the table started: layout shifts {shifts}"
    page.close()


def test_the_live_region_is_in_the_page_before_any_script():
    html = (BOOK_HTML / PAGE).read_text()
    region = re.search(r'<div data-part="news"[^>]*>', html)
    assert region and 'aria-live="polite"' in region.group(0), "the live region is present from the page's load"


TAB_ORDER = ("setup", "form", "status", "choices", "tools", "hint", "view", "log", "help")


def drawn(focus: dict, where: str) -> dict:
    """The focus (`TablePage.focus`), checked: inside the table, with a visible outline of at least 3:1 against the
    page around it."""
    style, width, colour = focus["outline"]
    assert focus["inTable"], f"{where}: the focus left the table: {focus}"
    assert focus["visible"] and style != "none" and width >= 2, f"{where}: the focus is not drawn: {focus}"
    assert contrast(colour, focus["background"]) >= 3, f"{where}: the focus outline is too faint: {focus}"
    return focus


def tab_into_the_table(table: TablePage) -> None:
    for _ in range(400):  # through the book's header and sidebar first
        table.page.keyboard.press("Tab")
        if table.focus()["inTable"]:
            return
    pytest.fail("Tab never reached the table")


def to_the_first_choice(table: TablePage, key: str = "Shift+Tab") -> None:
    """Press `key` (Tab from above the choices, Shift+Tab from below) until the first choice has the focus."""
    first = tuple(table.buttons()[0][:2])
    for _ in range(60):
        table.page.keyboard.press(key)
        if ((focus := table.focus())["op"], focus["name"]) == first:
            return
    pytest.fail(f"{key} never reached the first choice")


def shift_tab_until(table: TablePage, test: str) -> None:
    """Shift+Tab until the focused element passes `test` (JavaScript: element => true or false)."""
    for _ in range(40):
        table.page.keyboard.press("Shift+Tab")
        if table.page.evaluate(f"({test})(document.activeElement)"):
            return
    pytest.fail(f"Shift+Tab never reached an element passing {test}")


def tab_order(table: TablePage) -> list[str]:
    """The part of each Tab stop from where the focus is to the end of the table, each drawn."""
    parts = []
    while (focus := table.focus())["inTable"]:
        drawn(focus, f"Tab stop {len(parts)}")
        parts.append(focus["part"])
        table.page.keyboard.press("Tab")
        assert len(parts) < 80
    return parts


def told(answer: dict) -> list[str]:
    """What a screen reader is told after a move of the CPython table: the new lines, then the prompt."""
    return answer["news"] + ([answer["prompt"]] if answer["prompt"] else [])


def play_by_keys(table: TablePage, shadow: PageTable, expected: list[str], done, seed: int) -> int:
    """Play with Tab, Shift+Tab, Enter and Space until `done(look)` (a `Look` after a move); every move made on
    `shadow` too, the live region checked against it after each. Returns the number of moves."""
    rng, moves, look = random.Random(seed), 0, table.look()
    while not done(look):
        buttons = look.buttons
        focus = drawn(look.focus, f"move {moves}")
        on_button = moves == 0 and focus["tag"] == "button"  # the test put the keyboard on the first choice
        assert on_button or (focus["part"], focus["tag"], focus["op"]) == ("choices", "div", ""), \
            f"after move {moves} the list of choices has the focus, no choice picked: {focus}"
        pick = rng.randrange(len(buttons))
        seen = [buttons[0][:2]] if on_button else []  # the buttons Tab passes (a split's fields come first)
        while not seen or seen[-1] != buttons[pick][:2]:
            table.page.keyboard.press("Tab")
            focus = drawn(table.focus(), f"move {moves}, Tab")
            if focus["tag"] == "button":
                seen.append([focus["op"], focus["name"]])
            assert len(seen) <= len(buttons), f"Tab passed the choice it was sent to: {seen}"
        assert seen == [b[:2] for b in buttons[:pick + 1]], "Tab walks the choices in order"
        if pick and rng.random() < 0.3:  # one back and forth again
            table.page.keyboard.press("Shift+Tab")
            table.page.keyboard.press("Tab")
            focus = drawn(table.focus(), f"move {moves}, choosing")
        assert [focus["op"], focus["name"]] == buttons[pick][:2], "Tab walks the choices in order"
        table.press(("Enter", "Space")[moves % 2], before=look.answers)
        answer = shadow.handle(request(shadow, focus["op"], focus["name"]))
        expected += told(answer)
        look = table.look()
        assert look.state == answer["stop"] and look.log == shadow.session.turn_log()
        assert look.told == expected, f"move {moves}: the live region is told what CPython's table tells"
        moves += 1
        assert moves < 2000
    return moves


@pytest.mark.parametrize("form, mode", [
    ({"game": "deer", "num_players": "2", "seed": "3", "pace": "step"}, (1280, "light")),
    ({"game": "football", "num_players": "2", "seed": "8", "pace": "step"}, (390, "dark")),
], ids=["deer-whole-game", "football-turn"])
def test_playable_by_keyboard_alone(context, server, form, mode):
    table = open_table(context, server, form, *mode)
    shadow = PageTable()
    expected = told(shadow.handle({"op": "start", "form": form}))
    assert table.told() == expected, "the first deal and the prompt are told"
    tab_into_the_table(table)
    parts = tab_order(table)
    ranks = [TAB_ORDER.index(part) for part in parts]
    assert ranks == sorted(ranks) and {"choices", "log", "view", "help"} <= set(parts), parts
    assert table.buttons()[0][0] == "roll", "the roll is a choice the keyboard reaches"
    to_the_first_choice(table)
    if form["game"] == "deer":
        moves = play_by_keys(table, shadow, expected, lambda look: look.state == "over", seed=1)
    else:  # a turn: until the reader's next roll, after the bot's turn and its Next button
        seen = []
        moves = play_by_keys(table, shadow, expected, lambda look: seen.append(look.state) or (
            look.state == "roll" and "turn" in seen), seed=2)
    print(f"\n{form['game']}: {moves} moves by keys, {len(expected)} lines told, Tab order {parts}")
    table.page.close()


def test_focus_stays_in_the_form_while_the_bots_play(context, server):
    table = open_table(context, server, {"game": "deer", "num_players": "4", "seed": "5", "pace": "pause"})
    tab_into_the_table(table)
    assert table.focus()["part"] == "setup"
    table.page.keyboard.press("Enter")  # opens the game's settings
    to_the_first_choice(table, "Tab")  # Tab order: settings, status, choices
    for _ in range(300):  # until a bot's turn plays by itself while the focus is in the form
        if table.state == "turn":
            before = table.answers
            shift_tab_until(table, "e => e.type === 'submit'")  # from the Next button: the form's Start button
            if table.answers == before and table.state == "turn":
                table.wait_for_answer(before)
                focus = table.focus()
                assert focus["part"] == "form" and focus["text"] == "Start this game", focus
                break
            to_the_first_choice(table, "Tab")  # the bot was quicker: again at the next turn
        else:
            if table.focus()["tag"] == "div":  # on the list of choices: Tab to its first
                table.page.keyboard.press("Tab")
            table.press("Enter")
    else:
        pytest.fail("no bot turn played while the focus was in the form")
    shift_tab_until(table, "e => e.name === 'pace'")
    before = table.answers
    table.page.keyboard.press("ArrowDown")  # the pace "step": the form is drawn again
    table.wait_for_answer(before)
    assert table.page.evaluate("[document.activeElement.name, document.activeElement.value]") == ["pace", "step"]
    table.page.close()


MID_GAME = [({"game": "deer", "num_players": "3", "seed": "21", "pace": "step"}, 7),
            ({"game": "football", "num_players": "2", "seed": "8", "pace": "step"}, 3)]


@pytest.mark.parametrize("width", [1280, 390])
def test_axe_finds_no_serious_fault_in_the_table_mid_game(context, server, width):
    """Each game mid-game, its hint shown and every part open, in light mode and then dark (the page's own switch
    when the system's scheme changes: the same table, drawn as a page opened in the dark draws it)."""
    if axe.missing_reason():
        pytest.skip(axe.missing_reason())
    found = []
    for form, clicks in MID_GAME:
        table = open_table(context, server, form, width, "light")
        for _ in range(clicks):
            table.click(0)
        while table.state != "decide":  # on to the reader's next decision
            table.click(0)
        table.click(0, part="tools")  # the hint shown too
        table.page.evaluate("root => document.querySelectorAll(root + ' details').forEach(d => d.open = true)", ROOT)
        table.root.locator("[data-part=choices] button").first.focus()
        for scheme in ("light", "dark"):
            table.page.emulate_media(color_scheme=scheme)
            table.page.wait_for_function("scheme => document.documentElement.dataset.theme === scheme", arg=scheme,
                                        timeout=ANSWER)
            where = f"{form['game']} {width} px {scheme}"
            found += [(where, v) for v in axe.violations(table.page, ROOT)]
        table.page.close()
    lines = [line for where, violation in found for line in axe.lines([violation], where)]
    print("\n" + "\n".join(lines or [f"axe: nothing found inside the table at {width} px, light and dark"]))
    assert not axe.blocking([violation for _, violation in found]), lines


def test_nothing_left_the_machine_and_no_error(context, server):  # last: after every page above
    assert context.outside == [] and context.problems == []


def test_the_page_is_built_with_its_table():
    """The table's stylesheet comes before the table: a slow stylesheet that arrived after the table's first paint
    moved the Start button (a layout shift of 0.011 on a busy machine)."""
    html = (BOOK_HTML / PAGE).read_text()
    assert "data-deerbook-table" in html and "_static/deerbook-table.js" in html
    assert html.index("_static/deerbook-table.css") < html.index("data-deerbook-table")


def test_the_skip_link_is_the_first_stop_and_goes_to_the_first_choice(context, server):
    table = open_table(context, server, {"game": "deer", "num_players": "3", "seed": "4"})
    table.page.keyboard.press("Tab")
    skip = table.page.evaluate("() => [document.activeElement.textContent, 'deerbookSkip' in document.activeElement"
                               ".dataset]")
    assert skip == ["Skip to the game table's choices", True], skip
    table.page.keyboard.press("Enter")
    focus = drawn(table.focus(), "after the skip link")
    assert (focus["part"], focus["tag"]) == ("choices", "div"), focus
    table.page.close()


def test_a_rack_is_one_decision_and_undo_takes_it_back_on_the_page(context, server):
    """Seed 9, you against two greedy players, taking the first choice each time: a rack comes at the 17th (your
    pawn on 15), played and split in one form, "No rack" beside it."""
    form = {"game": "deer", "num_players": "3", "seed": "9", "pace": "quick"}
    table = open_table(context, server, form)
    shadow = PageTable()
    shadow.handle({"op": "start", "form": form})
    for _ in range(200):
        op, name, _ = table.buttons()[0]
        if op == "split":
            break
        table.click(0)
        shadow.handle(request(shadow, op, name))
    else:
        pytest.fail("no rack came")
    fields = table.root.locator("[data-part=choices] .deerbook-split").first.locator("input[name=split]")
    starts = [int(fields.nth(i).input_value()) for i in range(fields.count())]
    assert starts == request(shadow, "split", name)["amounts"], "the split the page starts at is the table's"
    labels = [label for _, _, label in table.buttons()]
    assert labels[0] == f"Move the pawns ({sum(map(abs, starts))} spaces)", labels
    assert name.startswith("rack ") and "No rack" in labels, "a rack: played and split in one form, No rack beside"
    screenshot(table.page, SHOTS / "play-rack-split-1280-light.png", full_page=True)
    before = table.log()
    fields.nth(0).fill(str(starts[0] + (1 if starts[0] < 0 else -1)))  # one space less on your own pawn ...
    fields.nth(2).fill("1" if starts[2] >= 0 else "-1")  # ... and one onto P2
    amounts = [int(fields.nth(i).input_value()) for i in range(fields.count())]
    table.press("Enter")  # Enter in a field plays the rack and its split
    shadow.handle({"op": "split", "name": name, "amounts": amounts})
    assert table.log() == shadow.session.turn_log() and table.log() != before
    undo = table.root.locator("[data-part=tools] button[data-op=undo]")
    assert undo.is_visible()
    answers = table.answers
    undo.click()
    table.wait_for_answer(answers)
    shadow.handle({"op": "undo"})
    assert table.log() == before and table.state == "decide"
    assert table.text("hint").startswith("Undone: your split")
    table.page.close()


# -- a game is a link (issue 55): copied from the table, opened in a fresh page, replayed or played on --------------
LINKED = [  # (id, a game played straight to its end by the page: the reader's or the bots')
    ("football-solo", {"game": "football", "num_players": "1", "seed": "9", "pace": "quick"}),
    ("deer-bots", {"game": "deer", "num_players": "3", "seat0": "greedy", "seed": "6", "pace": "quick"}),
]
LINK_REFUSED = re.compile(r"^The link (was changed after it was made|is cut short or damaged|holds a character)")


def copied_link(table: TablePage) -> str:
    """Press the table's Copy link tool and return the page address it copied (or shows to select when the browser
    refuses to copy), once its sentence is said in the share line."""
    table.root.locator("[data-part=tools] button[data-op=link]").click()
    table.page.wait_for_function("() => document.querySelector('[data-part=share] p')", timeout=ANSWER)
    said = table.text("share")
    assert said.startswith(("Copied: the link to this game", "The browser did not let the page copy the link")), said
    return table.root.locator("[data-part=share] input").input_value()


def open_address(context, address: str, width: int = 1280) -> TablePage:
    """A fresh page at `address` (the play page with #game=LINK), its Start pressed, ready."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 1000})
    page.goto(address)
    table = TablePage(page)
    page.on("console", lambda m: m.type == "error" and context.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: context.problems.append(f"page error: {e}"))
    table.start()
    return table


def replay_to_the_end(table: TablePage) -> None:
    """Next once, then the turn box to its last turn and Go."""
    table.click(1)  # Next turn
    field = table.root.locator("[data-part=choices] input[name=turn]")
    last = field.get_attribute("max")
    field.fill(last)
    before = table.answers
    table.root.locator("[data-part=choices] button[data-op=goto]").click()
    table.wait_for_answer(before)
    assert table.text("status").startswith(f"Replay [{last}/{last}]")


def blocking_axe(table: TablePage, where: str) -> list[str]:
    """axe's serious and critical faults inside the table now, as lines (none when axe is not cached)."""
    if axe.missing_reason():
        return []
    return axe.lines(axe.blocking(axe.violations(table.page, ROOT)), where)


@pytest.mark.parametrize("name, form", LINKED, ids=[g[0] for g in LINKED])
def test_a_game_copied_as_a_link_replays_in_a_fresh_page_to_the_same_final_scores(context, server, name, form):
    table = open_table(context, server, form)
    while table.state != "over":
        table.click(0)
    played = table.root.locator(".deerbook-scores").inner_text()
    result = table.text("status").split("\n")[0]
    address = copied_link(table)
    assert address.startswith(f"{server}/{PAGE}#game=deerbook:1:") and "?" not in address.split("#")[0]
    faults = blocking_axe(table, f"{name}: the copied link shown")
    table.page.close()
    replay = open_address(context, address)
    assert replay.state == "replay" and replay.text("status").startswith("Replay [0/")
    assert [op for op, _, _ in replay.buttons()] == ["back", "forward", "goto", "review"]
    replay_to_the_end(replay)
    if form.get("seat0") == "greedy":  # a table of bots told its game to nobody: so does every hand
        before = replay.answers
        replay.root.locator("[data-part=choices] select[name=seat]").select_option("-1")
        replay.wait_for_answer(before)
        assert replay.root.locator("[data-part=view] .deerbook-view").count() == 3, "every seat's drawing"
    assert replay.root.locator(".deerbook-scores").inner_text() == played
    assert result.removeprefix("Game over. ") in replay.text("status")
    before = replay.answers
    replay.click(0)  # Back
    assert replay.answers > before and replay.text("status").startswith("Replay [")
    faults += blocking_axe(replay, f"{name}: the replay")
    assert not faults, faults
    replay.page.close()


def test_a_link_edited_by_hand_is_refused_with_a_sentence_and_the_start_form(context, server):
    from deerbook.engine.link import link_of

    link = link_of(recorded("football", ["human"]))
    middle = len(link) // 2
    edited = link[:middle] + ("B" if link[middle] != "B" else "C") + link[middle + 1:]
    table = open_address(context, f"{server}/{PAGE}#game={edited}")
    assert LINK_REFUSED.match(table.text("hint")), table.text("hint")
    assert table.text("hint").count(".") == 1 and table.text("hint").endswith("."), "one sentence"
    assert table.state in ("roll", "decide"), "the page's own first game instead"
    assert table.root.locator("details.deerbook-setup").get_attribute("open") is not None, "the start form shown"
    table.page.close()


def test_the_replay_shows_one_seats_hand_before_the_end_and_every_hand_at_the_end(context, server):
    from deerbook.engine.link import link_of
    from deerbook.play.replay import Replay

    record = recorded("deer", ["human", "greedy", "greedy"])
    table = open_address(context, f"{server}/{PAGE}#game={link_of(record)}", width=390)
    shadow = Replay(record)
    middle = shadow.turns // 2
    field = table.root.locator("[data-part=choices] input[name=turn]")
    field.fill(str(middle))
    before = table.answers
    field.press("Enter")  # Enter in the turn box goes there
    table.wait_for_answer(before)
    shadow.go_to(middle)
    hands = {}
    for seat in range(3):
        if seat:
            before = table.answers
            table.root.locator("[data-part=choices] select[name=seat]").select_option(str(seat))
            table.wait_for_answer(before)
        shadow.view_seat(seat)
        shown = table.root.locator("[data-part=view] pre").text_content()
        assert shown == shadow.table_text(), f"P{seat}'s view, as the seat saw it"
        hands[seat] = set(re.findall(r"Your hand[^\n]*", shown))
        assert len(hands[seat]) == 1 and table.root.locator("[data-part=view] svg").count() == 1
        assert table.root.locator("[data-part=log] li").count() > middle, "the log up to the turn shown"
    assert len(set(map(frozenset, hands.values()))) == 3, "each seat sees its own hand, no other"
    assert table.focus()["name"] == "" and table.focus()["tag"] == "select", "the focus stays on the seat menu"
    replay_to_the_end(table)
    before = table.answers
    table.root.locator("[data-part=choices] select[name=seat]").select_option("-1")  # every hand, once over
    table.wait_for_answer(before)
    views = table.root.locator("[data-part=view] pre").all_text_contents()
    assert [set(re.findall(r"Your hand[^\n]*", view)) for view in views] != [set()] * 3 and len(views) == 3
    screenshot(table.page, SHOTS / "play-replay-every-hand-390-light.png", full_page=True)
    table.page.close()


def test_a_game_in_progress_opens_at_the_table_to_play_on_and_a_hidden_hand_has_no_link_yet(context, server):
    from dataclasses import replace

    from deerbook.engine.link import link_of

    record = recorded("football", ["human", "greedy"])
    table = open_address(context, f"{server}/{PAGE}#game={link_of(replace(record, steps=record.steps[:60]))}")
    assert table.state in ("roll", "decide") and "Loaded the link" in table.text("log")
    table.click(0)
    assert table.state in ("roll", "decide", "turn", "over")
    table.page.close()
    deer = open_table(context, server, {"game": "deer", "num_players": "3", "seed": "4", "pace": "quick"})
    deer.root.locator("[data-part=tools] button[data-op=link]").click()
    deer.page.wait_for_function("() => document.querySelector('[data-part=share] p')", timeout=ANSWER)
    assert deer.text("share").startswith("No link to this game now: a link shows every player's hand")
    assert deer.root.locator("[data-part=share] input").count() == 0
    deer.page.close()


# The browser refuses the page's copy (as one without clipboard access does).
NO_CLIPBOARD = "navigator.clipboard.writeText = () => Promise.reject(new Error('not allowed'));"


def test_where_the_browser_refuses_to_copy_the_link_stands_in_a_field_to_select(context, server):
    page = context.new_page()
    page.add_init_script(NO_CLIPBOARD)
    page.goto(f"{server}/{PAGE}?" + urlencode({"game": "football", "num_players": "1", "seed": "3"}))
    table = TablePage(page)
    table.start()
    address = copied_link(table)
    assert table.text("share").startswith("The browser did not let the page copy the link: select it")
    focus = table.focus()
    assert focus["tag"] == "input" and drawn(focus, "the link's field")
    assert page.evaluate("[document.activeElement.readOnly, document.activeElement.selectionEnd]") == [
        True, len(address)], "read-only, and selected to copy"
    assert address.startswith(f"{server}/{PAGE}#game=deerbook:1:")
    screenshot(page, SHOTS / "play-link-field-1280-light.png", full_page=True)
    page.close()


REVIEWED = 600_000  # ms: a whole solo Football game's review in the page's Python (about 25 decisions of 1-3 s)
DECISION_LINE = re.compile(r"^(?:Turn|Step) \d+, P\d+ \([^)]*\): .*: (fine|inaccuracy|mistake|blunder)\.$")


def review_state(table: TablePage, state: str, timeout: int = REVIEWED) -> None:
    """Wait until the table's review is in `state` ("running", "done")."""
    table.page.wait_for_function("([root, state]) => document.querySelector(root).dataset.review === state",
                                 arg=[ROOT, state], timeout=timeout)


def test_review_on_the_page_gives_the_terminals_grades_and_stop_stops_it(context, server):
    from deerbook.engine.link import link_of

    link = link_of(recorded("football", ["human"], seed=3))  # its last turn reviewed exactly
    terminal = subprocess.run([sys.executable, "-m", "deerbook", "review", link], capture_output=True, text=True,
                              timeout=REVIEWED / 1000, check=True).stdout.splitlines()
    expected = [found.group(1) for line in terminal if (found := DECISION_LINE.match(line))]
    table = open_address(context, f"{server}/{PAGE}#game={link}", width=390)
    table.root.locator("[data-part=choices] button[data-op=review]").click()
    review_state(table, "running", ANSWER)
    assert table.root.locator("[data-part=review] progress").count() == 1
    assert table.page.evaluate("document.activeElement.dataset.op") == "review_stop", "the focus on Stop"
    table.click(1)  # Next turn, while the review runs: the page stays responsive
    assert table.text("status").startswith("Replay [1/")
    review_state(table, "done")
    grades = table.root.locator("[data-part=review] td.deerbook-grade").all_text_contents()  # folded: opened below
    assert grades == expected and len(grades) == 25, "the same grades as the terminal's"
    assert table.root.locator("[data-part=review] svg[role=img]").count() == 1
    assert "The costliest" in table.text("review") or "No decision lost anything" in table.text("review")
    told = table.root.locator("[data-part=news]").text_content()
    assert told.startswith("Review of 25 decisions"), "the end told to a screen reader"
    table.root.locator("[data-part=review] details summary").click()
    faults = blocking_axe(table, "the review shown, every decision unfolded")
    table.root.locator("[data-part=choices] button[data-op=review]").click()
    review_state(table, "running", ANSWER)
    table.root.locator("[data-part=review] button[data-op=review_stop]").click()
    review_state(table, "done", ANSWER * 2)
    assert re.match(r"Review stopped after \d+ decisions?", table.text("review")), table.text("review")[:80]
    assert table.root.locator("[data-part=review] td.deerbook-grade").count() < 25
    assert not faults, faults
    table.page.close()
