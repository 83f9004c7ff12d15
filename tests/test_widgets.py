"""The generic notebook table drives the engine: clicks apply legal actions, bots and chance move."""
import pytest

pytest.importorskip("ipywidgets")

import toy_game  # noqa: F401,E402  (registers "toy-race")
from deerbook.engine import make_game  # noqa: E402
from deerbook.widgets import GameTable  # noqa: E402


def test_a_click_applies_the_action_and_the_bot_replies():
    table = GameTable(make_game("toy-race", target=50), ["human", "random"], seed=3)
    assert table.state.current_player() == 0
    buttons = table.choices.children[0].children
    assert [b.description for b in buttons] == ["add 1", "add 2"]
    buttons[1].click()
    assert table.history[0] == "P0 (human): add 2"
    assert table.history[1].startswith("chance: coin")
    assert any(line.startswith("P1 (random)") for line in table.history)
    assert table.state.current_player() == 0 and table.state.totals[0] >= 2


def test_same_seed_same_table_and_save_load():
    tables = [GameTable(make_game("toy-race", target=30), ["human", "random"], seed=8) for _ in range(2)]
    for table in tables:
        for _ in range(4):
            table.play("add 1")
    assert tables[0].history == tables[1].history
    first = tables[0]
    first._save()
    saved_state = first.state
    first.play("add 2")
    first._load()
    assert first.state == saved_state


def test_a_bad_save_is_reported_not_raised():
    table = GameTable(make_game("toy-race"), ["human", "human"], seed=1)
    table.saved.value = "{not json"
    table._load()
    assert "Cannot load" in table.status.value and table.state.totals == (0, 0)


def test_seats_are_checked():
    with pytest.raises(ValueError, match="seat 'nobody'"):
        GameTable(make_game("toy-race"), ["human", "nobody"], seed=1)
