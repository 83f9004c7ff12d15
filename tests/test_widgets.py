"""The notebook table, driven from Python through its own controls to the end of a game."""
import json
import re

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w  # noqa: E402

from deerbook.engine import make_game  # noqa: E402
from deerbook.widgets import GameTable  # noqa: E402
from deerbook.deer import position  # noqa: E402

GAMES = [("deer", {"num_players": 3}), ("deer", {"num_players": 4, "advanced": True}),
         ("deer-cards", {"num_players": 3}), ("football", {"num_players": 1}), ("football", {"num_players": 2})]


def controls(table):
    """The clickable things the table offers the person to move."""
    return list(table.shown_controls)


def shown(parts):
    return [part for part in parts if part.layout.display != "none"]


def click_something(table, rng) -> None:
    """Use the table as a person would: a button, a menu and its Play button, or the rack's move control."""
    control = rng.choice(controls(table))
    if isinstance(control, w.Button):
        return control.click()
    parts = shown(control.children)
    if all(isinstance(p, w.Button) for p in parts):
        return parts[int(rng.integers(len(parts)))].click()
    menu, *rest = parts
    menu.value = menu.options[int(rng.integers(len(menu.options)))][1]  # (label in words, the action's text)
    if isinstance(rest[0], w.BoundedIntText):
        rest[0].value = int(rng.integers(rest[0].min, rest[0].max + 1))
    rest[-1].click()


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
    assert table.shown_controls == (table.new_button,)
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
    assert "<svg" in bundle["text/html"] and "VBox" not in bundle["text/plain"]
    assert table.widget._repr_mimebundle_()["text/html"] == bundle["text/html"]


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
                click_something(table, np.random.default_rng(len(table.events)))
    assert tables[0].history == tables[1].history and tables[0].state == tables[1].state


def test_save_writes_a_file_never_shown_and_load_continues(tmp_path):
    table = GameTable(make_game("deer", num_players=3), seed=6, bot_delay=0, save_dir=tmp_path)
    path = table.save()
    saved = table.state
    shown = " ".join(str(getattr(widget, "value", "")) for widget in (table.status, table.view, table.log_view,
                                                                         table.note))
    assert path.exists() and '"hands"' not in shown and "digest" not in shown
    click_something(table, np.random.default_rng(0))
    assert table.load(path.read_text(), path.name)
    assert table.state == saved and table.history[0].startswith("Loaded ")


def test_a_bad_or_tampered_file_is_reported_and_changes_nothing(tmp_path):
    table = GameTable(make_game("deer", num_players=3), seed=6, bot_delay=0, save_dir=tmp_path)
    before = table.state
    assert not table.load("{not json", "broken.json")
    assert "Cannot load broken.json" in table.note.value and table.state == before
    saved = json.loads(table.save().read_text())
    saved["state"]["pawns"][0] = 9
    tampered = json.dumps(saved)
    assert not table.load(tampered, "tampered.json") and "digest mismatch" in table.note.value


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


def test_a_rack_is_one_control(monkeypatch):
    from deerbook.play.deer_narrate import act, roll

    game = make_game("deer", num_players=3)
    state = act(roll(position(game, [["1", "Fox", "Wolf", "Bear", "9"], ["2", "3"], ["4", "5"]]),
                     1, 2, 4, "discard"), "discard nothing", "rack Fox+Wolf+Bear (15)")
    table = GameTable(game, ["human", "greedy", "greedy"], seed=1, state=state, bot_delay=0)
    which, spaces, left, go = table.shown_controls[0].children
    assert which.value == "move player 0 back" and spaces.value == 15 and "<b>15</b> left" in left.value
    assert dict(which.options)["You pawn back (on 0: these spaces are lost)".replace("You ", "Your ")] == which.value
    which.value = "move player 1 forward"
    spaces.value = 15
    go.click()
    assert table.state.pawns[1] == 15 and "You moved P1 (greedy)'s pawn forward 15 spaces" in table.history


def test_seats_are_checked():
    with pytest.raises(ValueError, match="seat 'nobody'"):
        GameTable(make_game("deer", num_players=2), ["human", "nobody"], seed=1)


def test_the_last_space_of_a_rack_moves_in_one_control():
    from deerbook.play.deer_narrate import act, roll

    game = make_game("deer", num_players=3)
    state = act(roll(position(game, [["1", "Fox", "Wolf", "Bear", "9"], ["2", "3"], ["4", "5"]]),
                     1, 2, 4, "discard"), "discard nothing", "rack Fox+Wolf+Bear (15)", "move player 1 forward",
                "14 spaces")
    table = GameTable(game, ["human", "greedy", "greedy"], seed=1, state=state, bot_delay=0)
    table.move_pawn("move player 2 forward", 1)  # one space left: the amount is a single choice
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
    while not table.state.is_terminal():
        if table.passing_to is not None:
            assert table.script.lines == []  # nothing the last seat was told stays in the page
            telling, passes = [], passes + 1
        else:
            telling += announcer.news(table)
            assert table.script.lines == telling[-LIVE_LINES:]
            assert set(table.script.lines) <= set(table.history)  # the viewer's own log, nothing else
        click_something(table, rng)
    assert passes > 10


def test_the_live_region_keeps_its_newest_lines_and_a_new_game_empties_it():
    from deerbook.widgets.script import LIVE_LINES, TableScript

    news = TableScript(on_pick=print)
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
        assert focused[-1] is (shown(first.children)[0] if isinstance(first, w.Box) else first)
        assert focused[-1].layout.display != "none"
        kinds.add(type(focused[-1]).__name__)
    assert kinds >= {"Button", "Dropdown"}
    before = len(focused)
    table.hint_button.click()  # a tool: the focus stays where it is
    assert len(focused) == before


def test_a_pick_on_the_page_plays_what_the_page_showed_when_its_button_was_pressed():
    from deerbook.play.deer_narrate import act, roll

    game = make_game("deer", num_players=3)
    state = act(roll(position(game, [["1", "Fox", "Wolf", "Bear", "9"], ["2", "3"], ["4", "5"]]),
                     1, 2, 4, "discard"), "discard nothing", "rack Fox+Wolf+Bear (15)")
    table = GameTable(game, ["human", "greedy", "greedy"], seed=1, state=state, bot_delay=0)
    which, spaces, _, go = table.shown_controls[0].children
    names = [value for _, value in which.options]
    # The page's select shows P2 forward and its field 4, though a held-back update left the kernel at the default:
    table.script._handle_custom_msg({"picked": names.index("move player 2 forward"), "spaces": 4}, [])
    assert table.state.pawns == (0, 0, 4) and which.value == "move player 0 back" and spaces.value == 11
    go.click()  # pressed from Python: the controls' own values
    assert "You moved your own pawn back 11 spaces" in table.history and table.move_box not in table.shown_controls


def test_a_long_list_is_a_menu_and_a_pick_on_the_page_plays_its_option():
    tables = [GameTable(make_game("deer", num_players=2), ["human", "human"], seed=2, bot_delay=0) for _ in range(2)]
    for table in tables:  # the same clicks up to the first menu
        rng = np.random.default_rng(2)
        while table.menu_box not in table.shown_controls:
            click_something(table, rng)
    page, twin = tables
    names = [value for _, value in page.menu.options]
    assert len(names) > 12 and page.menu.value == names[0] and page.menu.description == "Choose"
    page.script._handle_custom_msg({"picked": len(names) - 1, "spaces": None}, [])  # as the page sends it
    twin.play(names[-1])
    assert page.state == twin.state and page.history == twin.history
