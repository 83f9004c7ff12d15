"""The notebook table, driven from Python through its own controls to the end of a game."""
import json
import re
from datetime import datetime, timezone
from html import escape

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w  # noqa: E402

from deerbook.engine import make_game  # noqa: E402
from deerbook.widgets import GameTable  # noqa: E402
from deerbook.deer import position  # noqa: E402
from deerbook.engine import DeerbookError  # noqa: E402
from deerbook.play.session import Session, Stop  # noqa: E402
from deerbook.play.table_html import choices  # noqa: E402

GAMES = [("deer", {"num_players": 3}), ("deer", {"num_players": 4, "advanced": True}),
         ("deer-cards", {"num_players": 3}), ("football", {"num_players": 1}), ("football", {"num_players": 2})]


def controls(table):
    """The clickable things the table offers the person to move."""
    return list(table.shown_controls)


def shown(parts):
    return [part for part in parts if part.layout.display != "none"]


def random_split(total: int, pawns: int, rng) -> list[int]:
    """A random split of `total` spaces over `pawns` pawns, each moved back or forward."""
    cuts = sorted(int(rng.integers(0, total + 1)) for _ in range(pawns - 1))
    return [(b - a) * int(rng.choice((1, -1))) for a, b in zip([0, *cuts], [*cuts, total])]


def click_something(table, rng) -> None:
    """Use the table as a person would: a button, a menu and its Play button, or a rack's split (the one it starts
    at, or a random one) and its button."""
    control = rng.choice(controls(table))
    if isinstance(control, w.Button):
        return control.click()
    parts = shown(control.children)
    if control is table.split_box:
        fields, button = parts[:-1], parts[-1]
        if rng.random() < 0.5:
            total = sum(abs(field.value) for field in fields)
            for field, amount in zip(fields, random_split(total, len(fields), rng)):
                field.value = amount
        return button.click()
    if all(isinstance(p, w.Button) for p in parts):
        return parts[int(rng.integers(len(parts)))].click()
    menu, play = parts
    menu.value = menu.options[int(rng.integers(len(menu.options)))][1]  # (label in words, the action's text)
    play.click()


def play_to_the_end(table, seed: int, limit: int = 3000) -> int:
    rng = np.random.default_rng(seed)
    clicks = 0
    while not table.state.is_terminal():
        click_something(table, rng)
        clicks += 1
        assert clicks < limit
    return clicks


@pytest.mark.parametrize("name,options", GAMES, ids=[f"{n}-{o}" for n, o in GAMES])
def test_a_person_plays_a_whole_game_by_clicking(name, options):
    game = make_game(name, **options)
    table = GameTable(game, seed=3, bot_delay=0)
    assert table.seats[0] == "human" and set(table.seats[1:]) <= {"greedy"}
    clicks = play_to_the_end(table, 1)
    assert clicks > 0
    assert "<b>Game over.</b>" in table.status.value and "Returns" not in table.status.value
    assert re.search(r"\b(win|wins)\b", table.status.value)
    assert table.shown_controls == (table.new_button, table.again_button)
    assert "<svg" in table.view.value


def test_the_log_never_names_a_card_another_seat_drew_or_was_passed():
    table = GameTable(make_game("deer", num_players=4), seed=11, bot_delay=0)
    play_to_the_end(table, 2)
    log = table.history
    dealt = [line for line in log if "deal" in line.lower()]
    assert all(line.startswith(("The cards are dealt for round", "You were dealt 15 cards: ")) for line in dealt)
    for line in (entry.split(";")[0] for entry in log):  # a step's own words, before what followed from it
        if " drew " in line:
            assert line.startswith("You drew ") or line.endswith(" drew a card from the Predator pile")
        if " passed " in line:
            assert line.startswith("You passed ") or line.endswith("to you") or " passed a card to " in line
        if "discarded" in line and "face down" in line:
            assert line.startswith("You discarded") or "discarded a predator face down" in line
    assert any(" drew a card from the Predator pile" in line for line in log)


def test_default_table_is_you_against_bots_with_a_fresh_seed_shown():
    table = GameTable("deer-cards", bot_delay=0)
    assert table.seats == ["human", "greedy", "greedy", "greedy"]
    assert isinstance(table.seed, int) and f"Seed {table.seed}" in table.status.value
    assert "Your turn:" in table.status.value and table.shown_controls == (table.roll_button,)
    bundle = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "VBox" not in bundle["text/plain"]
    assert table.widget._repr_mimebundle_()["text/html"] == bundle["text/html"]


def test_the_snapshot_reads_well_where_html_is_cleaned_of_pictures():
    """A notebook not yet run or trusted shows the table's HTML cleaned: no SVG, no data: image. What is left must
    read as the table: the status and scores, the drawing's words, the table as text in rows, the log."""
    import base64
    from html.parser import HTMLParser

    table = GameTable(make_game("deer", num_players=3), ["human", "advisor", "greedy"], seed=218, bot_delay=0)
    table.until_decision()
    table._draw()
    html = table._repr_mimebundle_()["text/html"]
    assert "<svg" not in html, "an inline SVG's labels would run together once the SVG is cleaned away"
    picture = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]+)"', html)
    assert picture and base64.b64decode(picture.group(1)).decode().startswith("<svg")
    assert picture.group(2).startswith("The table as you see it: Deer in the Headlights: round 1")

    class Rows(HTMLParser):
        def __init__(self):
            super().__init__()
            self.rows, self.cells = [], None

        def handle_starttag(self, tag, attrs):
            if tag == "tr":
                self.cells = []
                self.rows.append(self.cells)

        def handle_data(self, data):
            if self.cells is not None:
                self.cells.append(data)

        def handle_endtag(self, tag):
            if tag == "tr":
                self.cells = None

    parser = Rows()
    parser.feed(html)
    rows = {cells[0]: cells[1] for cells in parser.rows if len(cells) == 2}
    assert rows["Scores (race to 100)"].startswith("P0 (you) 0") and "Your hand" in " ".join(rows)
    assert "Scores (the lowest wins; Finish at 100): you 0 · P1 (advisor) 0 · P2 (greedy) 0" in html
    assert "You were dealt" in html


def test_card_edition_buttons_and_log_write_ranks():
    table = GameTable("deer-cards", seed=4, bot_delay=0)
    play_to_the_end(table, 5)
    rolls = [line.split(" rolled ")[1].split(";")[0] for line in table.history if " rolled " in line]
    assert any(re.search(r"\b[AJQK]\b", roll) for roll in rolls)
    assert not any(re.search(r"\b(1|11|12|13)\b", roll) for roll in rolls)


def test_same_seed_and_clicks_replay_the_same_game():
    tables = [GameTable(make_game("deer", num_players=3), seed=8, bot_delay=0) for _ in range(2)]
    for table in tables:
        for _ in range(6):
            if not table.state.is_terminal():
                click_something(table, np.random.default_rng(len(table.narrations)))
    assert tables[0].history == tables[1].history and tables[0].state == tables[1].state


def test_save_writes_a_file_never_shown_and_load_continues_with_its_log(tmp_path):
    table = GameTable(make_game("deer", num_players=3), seed=6, bot_delay=0, save_dir=tmp_path)
    rng = np.random.default_rng(0)
    for _ in range(8):
        click_something(table, rng)
    path = table.save()
    saved, log, streams = table.state, table.history, table.match.streams()
    shown = " ".join(str(getattr(widget, "value", "")) for widget in (table.status, table.view, table.log_view,
                                                                         table.note))
    assert path.exists() and '"hands"' not in shown and "digest" not in shown
    for _ in range(5):
        click_something(table, rng)
    assert table.load(path.read_text(), path.name)
    assert table.state == saved and table.history[:len(log)] == log, "the game's log is back, all of it"
    assert table.history[-1] == f"Loaded {path.name}: the game goes on from here."
    assert table.match.streams() == streams, "the dice go on as they would have"


def test_the_load_button_keeps_no_file_after_a_load_good_or_bad(tmp_path):
    table = GameTable(make_game("deer", num_players=3), seed=6, bot_delay=0, save_dir=tmp_path)
    good = table.save().read_text()
    for name, text, loaded in [("broken.json", "{not json", False), ("game.json", good, True)]:
        table.upload.value = ({"name": name, "type": "application/json", "size": len(text),
                               "content": memoryview(text.encode()), "last_modified": datetime.now(timezone.utc)},)
        assert table.upload.value == () and ("Loaded" in table.note.value) == loaded


@pytest.mark.parametrize("text, why", [
    ("{not json", "it is not a saved game: its text is not JSON, or it is damaged"),
    ("", "it is not a saved game: its text is not JSON, or it is damaged"),
    ("[1, 2]", "it is not a deerbook saved game"),
    ('{"format": "deerbook-save", "version": 7}', "it was saved by another version of deerbook"),
])
def test_a_bad_file_is_named_in_a_sentence_about_the_file_and_changes_nothing(tmp_path, text, why):
    table = GameTable(make_game("deer", num_players=3), seed=6, bot_delay=0, save_dir=tmp_path)
    before, log = table.state, table.history
    assert not table.load(text, "broken.json")
    assert f"broken.json cannot be loaded: {why}" in table.note.value and table.state == before
    assert table.history == log
    assert not any(word in table.note.value for word in ("Expecting", "char ", "line 1", "column", "JSON document"))


def test_a_tampered_or_unseatable_file_is_told_in_words_about_the_game(tmp_path):
    table = GameTable(make_game("deer", num_players=3), seed=6, bot_delay=0, save_dir=tmp_path)
    saved = json.loads(table.save().read_text())
    saved["state"]["pawns"][0] = 9
    assert not table.load(json.dumps(saved), "tampered.json")
    assert "tampered.json cannot be loaded: it was changed after it was saved" in table.note.value
    other = GameTable(make_game("deer", num_players=2), ["human", "human"], seed=1, save_dir=tmp_path)
    hot = json.loads(other.save().read_text())
    hot["table"]["seats"][1] = "nobody"
    from deerbook.engine.saving import _digest
    hot["digest"] = _digest({key: hot[key] for key in ("game", "options", "state", "table")})
    assert not table.load(json.dumps(hot), "odd.json")
    assert "it seats a bot this deerbook does not have (nobody)" in table.note.value


def test_hot_seat_hides_the_previous_hand_until_the_next_player_takes_the_table():
    table = GameTable(make_game("deer", num_players=2), ["human", "human"], seed=2, bot_delay=0)
    rng = np.random.default_rng(0)
    passes = 0
    for _ in range(60):
        if table.passing_to is not None:
            assert table.view.value == table.log_view.value == "" and table.shown_controls == (table.pass_button,)
            assert f"Pass the table to P{table.passing_to}" in table.status.value
            assert "<svg" not in table.snapshot_html()
            passes += 1
        click_something(table, rng)
    assert passes > 0


def test_bots_can_wait_for_continue_one_move_at_a_time():
    table = GameTable(make_game("deer", num_players=3), seed=5, bot_delay=None)
    rng = np.random.default_rng(1)
    waits = 0
    for _ in range(40):
        if table.waiting_for_continue:
            waits += 1
            seen = len(table.history)
            table.continue_button.click()
            assert len(table.history) > seen
        else:
            click_something(table, rng)
    assert waits > 0


def rack_position(*moves):
    from deerbook.chapters.deer_examples import act, roll

    game = make_game("deer", num_players=3)
    return game, act(roll(position(game, [["1", "Fox", "Wolf", "Bear", "9"], ["2", "3"], ["4", "5"]]),
                          1, 2, 4, "discard"), "discard nothing", "rack Fox+Wolf+Bear (15)", *moves)


def test_a_rack_is_one_decision_starting_at_the_split_that_helps_most():
    game, state = rack_position()
    state = state.apply(state.find_action("move player 0 forward")).apply(state.apply(
        state.find_action("move player 0 forward")).find_action("5 spaces"))  # your pawn on 5, 10 to move
    table = GameTable(game, ["human", "greedy", "greedy"], seed=1, state=state, bot_delay=0)
    assert table.shown_controls == (table.split_box,) and table.first_control() is table.split_button
    fields = table.shown_split_fields
    assert [(f.description, f.value) for f in fields] == [
        ("Your pawn (on 5)", -5), ("P1 (greedy)'s pawn (on 0)", 5), ("P2 (greedy)'s pawn (on 0)", 0)], \
        "your own pawn back as far as it goes, the rest onto the leader"
    assert table.split_button.description == "Move the pawns (10 spaces)"
    table.split_button.click()
    assert table.state.pawns == (0, 5, 0) and table.state.phase != "rack_pawn", "one click made the whole rack"
    assert len(table.undo_stack) == 1 and table.undo_stack[0].decision == "your split (your pawn -5, " \
        "P1 (greedy)'s pawn +5)"
    assert "You played Fox+Wolf+Bear (15): your pawn forward 5, your pawn back 5, P1 (greedy)'s pawn forward 5" in \
        table.history, "the rack told in one line, its moves before the split too"


def test_a_split_that_does_not_add_up_is_refused_and_changes_nothing():
    game, state = rack_position()
    table = GameTable(game, ["human", "greedy", "greedy"], seed=1, state=state, bot_delay=0)
    for field, amount in zip(table.shown_split_fields, (0, 10, 2)):
        field.value = amount
    table.split_button.click()
    assert "Not allowed" in table.note.value and "these moves add up to 12 spaces" in table.note.value
    assert table.state == state and table.undo_stack == []
    table.shown_split_fields[2].value = -5
    table.split_button.click()
    assert table.state.pawns == (0, 10, 0)  # P2 back from 0 stays on 0: the engine's own rule (Ruling 13)


def test_seats_are_checked():
    with pytest.raises(ValueError, match="seat 'nobody'"):
        GameTable(make_game("deer", num_players=2), ["human", "nobody"], seed=1)


def test_the_last_space_of_a_rack_is_a_split_of_one():
    game, state = rack_position("move player 1 forward", "14 spaces")
    table = GameTable(game, ["human", "greedy", "greedy"], seed=1, state=state, bot_delay=0)
    assert [f.value for f in table.shown_split_fields] == [0, 0, 1]  # onto the leader, P2 (on 0)
    table.split_button.click()
    assert table.state.pawns[1:] == (14, 1)


def test_a_click_the_rules_refuse_is_named_in_the_note_and_changes_nothing():
    table = GameTable(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=236)
    table.roll()
    before = table.state
    table._click(lambda: table.play("choose 13"))
    assert "Not allowed" in table.note.value and "choose 13" in table.note.value and table.state == before


def test_the_live_region_tells_each_seat_only_its_own_new_lines_and_the_pass_screen_nothing():
    from deerbook.play.table_html import Announcer
    from deerbook.widgets.script import LIVE_LINES

    table = GameTable(make_game("deer", num_players=2), ["human", "human"], seed=9, bot_delay=0)
    announcer, telling, rng = Announcer(), [], np.random.default_rng(4)
    passes = 0
    while passes < 12:  # a dozen turns handed on (a whole game hands on 236, each redraw reading its whole log)
        assert not table.state.is_terminal()
        if table.passing_to is not None:
            assert table.script.lines == []  # nothing the last seat was told stays in the page
            telling, passes = [], passes + 1
        else:
            telling += announcer.news(table)
            assert table.script.lines == telling[-LIVE_LINES:]
            assert set(table.script.lines) <= set(table.history)  # the viewer's own log, nothing else
        click_something(table, rng)


def test_the_live_region_keeps_its_newest_lines_and_a_new_game_empties_it():
    from deerbook.widgets.script import LIVE_LINES, TableScript

    news = TableScript(on_pick=print, on_copied=print)
    news.tell([f"line {i}" for i in range(LIVE_LINES - 1)])
    news.tell(["a", "b", "c"])
    assert news.lines[-3:] == ["a", "b", "c"] and len(news.lines) == LIVE_LINES and news.first == 2
    table = GameTable(make_game("football", num_players=1), seed=2, bot_delay=0)
    table.roll()
    telling = table.script.telling
    assert table.script.lines == table.history
    table.new_button.click()
    assert table.script.telling == telling + 1 and table.script.lines == table.history


def test_after_a_choice_the_focus_lands_on_the_next_first_choice(monkeypatch):
    focused = []
    monkeypatch.setattr(w.DOMWidget, "focus", lambda widget: focused.append(widget))
    table = GameTable(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=4, bot_delay=0)
    rng = np.random.default_rng(3)
    kinds = set()
    for _ in range(80):
        if table.state.is_terminal():
            break
        click_something(table, rng)
        first = table.shown_controls[0]
        expected = table.split_button if first is table.split_box else (
            shown(first.children)[0] if isinstance(first, w.Box) else first)
        assert focused[-1] is expected
        assert focused[-1].layout.display != "none"
        kinds.add("split" if first is table.split_box else type(focused[-1]).__name__)
    assert kinds >= {"Button", "split"}
    before = len(focused)
    table.hint_button.click()  # a tool: the focus stays where it is
    assert len(focused) == before


def test_a_split_on_the_page_plays_what_its_fields_showed_when_its_button_was_pressed():
    game, state = rack_position()
    table = GameTable(game, ["human", "greedy", "greedy"], seed=1, state=state, bot_delay=0)
    # The page's fields show P2 +4 and P1 +11, though held-back updates left the kernel at the start (P1 +15):
    table.script._handle_custom_msg({"picked": -1, "amounts": [0, 11, 4]}, [])
    assert table.state.pawns == (0, 11, 4) and table.split_box not in table.shown_controls


def test_a_long_list_is_a_menu_and_a_pick_on_the_page_plays_its_option():
    tables = [GameTable(make_game("deer-cards", num_players=2), ["human", "human"], seed=4, bot_delay=0)
              for _ in range(2)]
    for table in tables:  # the same clicks up to the first menu (13 ranks to name; seed 4: before the game ends)
        rng = np.random.default_rng(4)
        while table.menu_box not in table.shown_controls:
            assert not table.state.is_terminal()
            click_something(table, rng)
    page, twin = tables
    names = [value for _, value in page.menu.options]
    assert len(names) > 12 and page.menu.value == names[0] and page.menu.description == "Choose"
    page.script._handle_custom_msg({"picked": len(names) - 1, "amounts": []}, [])  # as the page sends it
    twin.play(names[-1])
    assert page.state == twin.state and page.history == twin.history


def test_undo_takes_back_the_decisions_of_the_turn_and_the_same_dice_follow():
    table = GameTable(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=21, bot_delay=0)
    assert table.undo_button.disabled and table.undo_button.layout.display != "none"
    table.until_decision()
    table._draw()
    before, log, streams = table.state, table.history, table.match.streams()
    offered = [c.name for c in choices(table, Stop.DECIDE)]
    table.play(offered[0])
    for _ in range(30):  # on to the turn's next decisions (Undo goes back no further than the last roll)
        if table.state.is_terminal() or table.person_to_move() is not None and len(table.undo_stack) > 2:
            break
        table.roll() if table.roller() is not None else table.play(str(table.state.legal_actions()[0]))
    after = table.history
    while len(table.undo_stack) > 1:
        table.undo_button.click()
    assert not table.undo_button.disabled
    table.undo_button.click()
    assert (table.state, table.history, table.match.streams()) == (before, log, streams)
    assert table.undo_button.disabled and table.note.value.startswith("Undone: ")
    assert table.script.lines[-1].startswith("Undone: ")
    table.play(offered[0])  # the same decision again: the same dice follow
    for _ in range(30):
        if len(table.history) >= len(after) or table.state.is_terminal():
            break
        table.roll() if table.roller() is not None else table.play(str(table.state.legal_actions()[0]))
    assert table.history[:len(after)] == after[:len(table.history)]


def test_undo_is_offered_only_against_bots():
    table = GameTable(make_game("deer", num_players=2), ["human", "human"], seed=2, bot_delay=0)
    assert table.undo_button.layout.display == "none"
    with pytest.raises(Exception, match="against bots only"):
        table.undo()


@pytest.mark.parametrize("form, seats", [
    ({"game": "deer", "num_players": "4", "opt:advanced": True, "seat1": "advisor", "seed": "3"},
     ["human", "advisor", "greedy", "greedy"]),
    ({"game": "deer-cards", "num_players": "2", "seat1": "human", "seed": "5"}, ["human", "human"]),
    ({"game": "football", "num_players": "1", "opt:solo_difficulty": "hard", "seed": "9"}, ["human"]),
    ({"game": "football", "num_players": "4", "seed": "8"}, ["human", "greedy", "greedy", "greedy"]),
])
def test_the_set_up_plays_every_game_and_mode_by_its_controls(form, seats):
    table = GameTable(bot_delay=0)
    table.setup_toggle.value = True
    assert table.setup_box.layout.display == ""
    for name in ("game", "num_players"):  # first: they redraw the set-up
        control(table, name).value = form[name]
    for name, value in form.items():
        control(table, name).value = value
    start = table.setup_box.children[-1]
    start.click()
    assert table.game.name == form["game"] and table.seats == seats and table.seed_text == form["seed"]
    if "opt:advanced" in form:
        assert table.game.advanced.knocking
    if "opt:solo_difficulty" in form:
        assert table.game.options()["solo_difficulty"] == "hard"
    play_to_the_end(table, 4)
    assert "Game over." in table.status.value


def control(table, name: str):
    """The set-up's control of the field `name`."""
    from deerbook.play.setup import setup_fields

    fields = [field.name for field in setup_fields(table.setup_form)]
    found = table.setup_box.children[0].children[fields.index(name)]
    return found.children[0] if isinstance(found, w.HBox) else found  # a seat's menu, with what its bot does beside


def test_the_pace_and_one_by_one_apply_at_once():
    table = GameTable(make_game("deer", num_players=2), seed=3)
    table.setup_toggle.value = True
    control(table, "pace").value = "step"
    control(table, "one_by_one").value = True
    assert table.bot_delay is None and table.one_by_one


def test_no_button_shows_while_a_bot_turn_pauses(monkeypatch):
    import deerbook.widgets.table as module

    seen = []
    table = GameTable(make_game("deer", num_players=4), seed=5, bot_delay=0.01)
    monkeypatch.setattr(module.time, "sleep", lambda _: seen.append(table.shown_controls))
    rng = np.random.default_rng(2)
    for _ in range(40):
        click_something(table, rng)
    assert seen and all(controls == () for controls in seen), "nothing shows up only to vanish"


def test_the_shipped_chapters_table_is_stored_as_a_picture_and_a_table():
    """Before the chapter is run (or trusted) its stored table is what a reader sees: no inline SVG, whose labels would
    run together once JupyterLab cleans the HTML, but an image, the table as text in rows, and the log."""
    from pathlib import Path

    chapter = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / "30-play-and-explore.ipynb").read_text())
    cell = next(cell for cell in chapter["cells"] if "".join(cell["source"]).startswith("table = GameTable("))
    (output,) = cell["outputs"]
    html = "".join(output["data"]["text/html"])
    assert "<svg" not in html and '<img src="data:image/svg+xml;base64,' in html
    assert '<table class="deerbook-text-table">' in html and "<th scope=\"row\"" in html
    assert "Your turn:</b> roll the 3 number dice" in html and "You were dealt 20 cards" in html


def test_undo_at_the_notebook_table_never_goes_back_past_a_roll():
    """Issue 52's game at the notebook table: turn 1 played, the next roll shown; Undo is off and refused."""
    table = GameTable(make_game("deer", num_players=2), ["human", "greedy"], seed=7, bot_delay=0)
    rolls = 0
    while rolls < 2:
        if table.stop == Stop.ROLL:
            table.roll_button.click()
            rolls += 1
        else:
            table.play(choices(table, table.stop)[0].name)
    rolled = list(table.moves)
    assert table.stop == Stop.DECIDE and table.undo_button.disabled
    assert "last roll or draw, or another player's move" in table.undo_button.tooltip
    table.undo_button.click()
    with pytest.raises(DeerbookError, match="since the last roll or draw"):
        table.take_back()
    assert table.moves == rolled and "Undone" not in table.note.value


def test_undo_is_off_at_the_notebook_table_once_the_game_is_over():
    table = GameTable(make_game("football", num_players=1), seed=3, bot_delay=0)
    rng = np.random.default_rng(3)
    while not table.state.is_terminal():
        click_something(table, rng)
    assert table.undo_button.disabled and not table.can_undo()


def hot_seat_handed_on(name, players):
    """A hot-seat game (seed 7) played until the first seat has finished its turn and P1 plays next."""
    session = Session(name, ["human"] * players, seed=7)
    while True:
        stop = session.run()
        if (session.person_to_move() if stop == Stop.DECIDE else session.roller()) == 1:
            return session
        session.roll() if stop == Stop.ROLL else session.choose(str(session.state.legal_actions()[0]))


@pytest.mark.parametrize("name, players", [("deer", 2), ("deer-cards", 3), ("football", 2)])
def test_a_hot_seat_game_loaded_shows_the_pass_screen_then_only_the_next_seats_table(name, players):
    played = hot_seat_handed_on(name, players)
    secrets = {line for entry in played.log for line in entry.narration.lines_for(0, played.names)} - {
        line for entry in played.log for line in entry.narration.lines_for(1, played.names)}
    for sat_last in (0, 1):  # whoever had the table before the load: the pass screen comes first
        table = GameTable(name, ["human"] * players, seed=1, bot_delay=0)
        table.viewer = sat_last
        assert table.load(played.save_text(), "saved.json")
        assert table.passing_to == 1 and table.viewer == 1
        assert table.view.value == table.log_view.value == "" and table.shown_controls == (table.pass_button,)
        assert "Pass the table to P1" in table.status.value and table.script.lines == []
        assert not any(escape(line) in table.snapshot_html() for line in secrets)
        table.pass_button.click()
        assert table.passing_to is None and table.history[:-1] == [
            line for entry in played.log for line in entry.narration.lines_for(1, played.names)]
        assert not any(escape(line) in table.log_view.value for line in secrets)
    if name.startswith("deer"):
        assert secrets and any(line.startswith("You were dealt") for line in secrets)


def test_a_rack_is_played_and_split_in_one_form_with_no_rack_beside_it():
    game, state = rack_position()
    from deerbook.chapters.deer_examples import act, roll

    state = act(roll(position(game, [["1", "Fox", "Wolf", "Bear", "9"], ["2", "3"], ["4", "5"]]), 1, 2, 4, "discard"),
                "discard nothing")
    table = GameTable(game, ["human", "greedy", "greedy"], seed=1, state=state, bot_delay=0)
    assert table.state.phase == "rack" and table.shown_controls == (table.split_box, table.choice_row)
    assert [b.description for b in table.choice_buttons if b.layout.display != "none"] == ["No rack"]
    assert table.split_button.description == "Play the rack Fox + Wolf + Bear (15): move the pawns"
    assert [field.value for field in table.shown_split_fields] == [0, 15, 0]
    table.shown_split_fields[1].value, table.shown_split_fields[2].value = 9, 6
    table.split_button.click()
    assert table.state.pawns == (0, 9, 6) and len(table.undo_stack) <= 1


def test_the_set_up_folds_after_start_and_an_old_message_goes():
    table = GameTable(make_game("deer", num_players=3), seed=2, bot_delay=0)
    table.load("{not json", "bad_tampered.json")
    assert table.note.value.startswith("<b>Not loaded:</b>")
    table.setup_toggle.value = True
    assert table.note.value == "", "a new action clears the last one's message"
    table.setup_box.children[-1].click()  # Start this game
    assert table.setup_toggle.value is False and table.setup_box.layout.display == "none"


def test_the_hot_seat_box_seats_a_person_everywhere_and_a_new_game_leaves_no_pass_screen():
    table = GameTable(make_game("deer", num_players=2), seed=2, bot_delay=0)
    table.setup_toggle.value = True
    box = next(c for c in table.setup_box.children[0].children if getattr(c, "description", "").startswith("Play "))
    box.value = True
    assert table.setup_form["seat0"] == table.setup_form["seat1"] == "human"
    table.setup_box.children[-1].click()
    assert table.seats == ["human", "human"] and "P1 (person)" in table.status.value
    rng = np.random.default_rng(1)
    while table.passing_to is None:  # on to a "pass the table" screen
        click_something(table, rng)
    assert "Pass the table to P1" in table.status.value
    table.setup_toggle.value = True
    table.setup_box.children[-1].click()  # a new game from the pass screen: P0 rolls first, at P0's table
    assert table.passing_to is None and table.viewer == table.roller() == 0
    assert table.status.value.startswith('<p class="deerbook-status"><b>Your turn:</b>')


def test_every_advanced_rule_and_the_rule_boxes_stay_in_step_in_the_notebook():
    table = GameTable(make_game("deer", num_players=3), seed=2, bot_delay=0)
    table.setup_toggle.value = True
    control(table, "opt:advanced").value = True
    rules = ("opt:knocking", "opt:headlights_spaces", "opt:bullseye_spaces")
    assert all(control(table, rule).value for rule in rules)
    control(table, "opt:knocking").value = False
    assert control(table, "opt:advanced").value is False and control(table, "opt:bullseye_spaces").value


def test_undo_is_not_offered_once_the_game_is_over_and_load_has_no_count():
    table = GameTable(make_game("deer", num_players=2), ["human", "greedy"], seed=4, bot_delay=0)
    play_to_the_end(table, 4)
    assert table.undo_button.layout.display == "none"
    assert table.upload.description == "Load a saved game" and "deerbook-load" in table.upload._dom_classes


def test_seat_menus_say_what_each_bot_does_in_the_games_words():
    table = GameTable(make_game("football", num_players=2), seed=2, bot_delay=0)
    seat = table.setup_box.children[0].children[3]  # game, players, P0, P1
    menu, about = seat.children
    assert dict(menu.options)["greedy (basic)"] == "greedy" and "yards" in about.value
    sheet = control(table, "opt:sheet")
    assert sheet.label == "the standard sheet" and "calibrated-v2" in sheet.tooltip


def test_the_board_holds_the_choices_the_drawing_the_tools_and_the_log_as_a_disclosure():
    """The board's parts in reading order, laid out by the table's style sheet (beside or one above the other); the
    log a disclosure the page's script opens or folds by the table's width, open in the snapshot."""
    from deerbook.widgets.script import CSS, LOG_FOLD

    table = GameTable(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=4, bot_delay=0)
    board = next(child for child in table.widget.children if "deerbook-board" in child._dom_classes)
    assert [child._dom_classes[-1] for child in board.children] == [
        "deerbook-panel", "deerbook-drawing", "deerbook-tools", "deerbook-log-part"]
    assert table.choices in board.children[0].children
    assert table.log_view.value.startswith(f'<details class="{LOG_FOLD}"><summary>The log</summary>')
    assert f'<details class="{LOG_FOLD}" open>' in table.snapshot_html()
    assert "@container" in CSS and "deerbook-narrow { display: block !important; }" in CSS


def test_copy_link_shows_and_copies_a_link_that_replays_the_game():
    from deerbook.engine.link import record_from_link

    table = GameTable(make_game("football", num_players=1), seed=2, bot_delay=0)
    table.roll()
    link = table.copy_link()
    assert record_from_link(link).final_state() == table.state
    assert table.script.link == link and table.script.copies == 1
    assert f'readonly value="{link}"' in table.note.value and f"({len(link):,} characters" in table.note.value
    table._on_link_copied(True)
    assert table.note.value.startswith("Copied to the clipboard.") and link in table.note.value
    table._on_link_copied(False)
    assert table.note.value.startswith("The browser did not let the table copy it") and link in table.note.value


def test_copy_link_of_a_game_with_hidden_hands_in_play_says_why_there_is_none():
    table = GameTable(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=4, bot_delay=0)
    assert table.copy_link() == "" and table.script.copies == 0 and table.script.link == ""
    assert "No link to this game now:" in table.note.value and "once it is over" in table.note.value
    table._on_link_copied(True)  # a late answer about no link changes nothing
    assert "No link to this game now:" in table.note.value
