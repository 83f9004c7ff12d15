"""`GameTable.from_link`: a game in progress goes on at the notebook table, a finished one is stepped through."""
import re
from dataclasses import replace

import pytest

pytest.importorskip("ipywidgets")

from deerbook.engine.link import LinkError, link_of  # noqa: E402
from deerbook.play.session import Stop  # noqa: E402
from deerbook.widgets import GameTable  # noqa: E402
from deerbook.widgets.replay import ReplayTable  # noqa: E402
from recorded_games import seeded  # noqa: E402

HAND = re.compile(r"Your hand \([^<]*")


def test_an_unfinished_football_game_goes_on_at_the_table_to_its_end():
    record, _ = seeded("football", ["human", "greedy"])
    cut = replace(record, steps=record.steps[:60])
    table = GameTable.from_link(link_of(cut), bot_delay=0)
    assert isinstance(table, GameTable) and table.seats == ["human", "greedy"]
    assert table.seed_text == "a stream" and "Loaded the link" in " ".join(table.history)
    assert table.record().steps[:60] == cut.steps  # the log and the steps since the start, told again
    for _ in range(500):
        if table.stop == Stop.OVER:
            break
        shown = table.shown_controls
        assert shown, "the table offers the person something to do"
        control = shown[0]
        (control if hasattr(control, "click") else control.children[0]).click()
    assert table.state.is_terminal() and table.why_no_link() == ""
    again = table.record()
    assert again.steps[:60] == cut.steps and again.final_state() == table.state


def test_a_finished_game_is_stepped_through_and_shows_every_hand_at_the_end():
    record, end = seeded("deer", ["human", "greedy", "greedy"])
    replay = GameTable.from_link(link_of(record))
    assert isinstance(replay, ReplayTable)
    r = replay.replay
    replay.next_button.click()
    assert r.turn == 1 and replay.back_button.disabled is False
    replay.turn_box.value = r.turns
    assert r.state == end and "Game over." in replay.title.value and replay.next_button.disabled
    replay.every_hand_button.click()
    assert replay.view.value.count("view</h4>") == 3
    replay.seat_menu.value = 2
    assert not r.every_hand and r.seat == 2


def test_before_the_end_a_replay_shows_one_seats_hand_and_refuses_every_hand():
    record, _ = seeded("deer", ["human", "greedy", "greedy"])
    replay = ReplayTable(replace(record, steps=record.steps[:200]))
    replay.turn_box.value = replay.replay.turns
    mine = set(HAND.findall(replay.view.value))
    replay.every_hand_button.disabled = False  # as if clicked anyway: refused in a sentence, nothing changes
    replay.every_hand_button.click()
    assert "Not shown:</b> every hand is shown only once the game is over" in replay.note.value
    assert set(HAND.findall(replay.view.value)) == mine and len(mine) == 1
    replay.seat_menu.value = 1
    assert set(HAND.findall(replay.view.value)) != mine


def test_a_bad_link_is_refused_with_a_sentence():
    record, _ = seeded("football", ["human"])
    link = link_of(record)
    with pytest.raises(LinkError, match=r"^The link was changed|^The link is cut short"):
        GameTable.from_link(link[:-3] + ("AAA" if link[-3:] != "AAA" else "BBB"))
    with pytest.raises(LinkError, match="cannot be opened at a table here: seat 'nobody'"):
        GameTable.from_link(link_of(replace(record, seats=("nobody",), steps=record.steps[:5])))
