"""The Hint button shows every legal choice with the advisor's exact value, using only the player's view."""
import pytest

pytest.importorskip("ipywidgets")


from deerbook.bots.deer_advisor import seat_belief  # noqa: E402
from deerbook.bots.deer_turn_walk import advise  # noqa: E402
from deerbook.engine import make_game  # noqa: E402
from deerbook.bots.football_advisor import Advisor  # noqa: E402
from deerbook.bots.football_greedy import rebuild  # noqa: E402
from deerbook.widgets import GameTable, Hint  # noqa: E402
from deerbook.play.hints import DEALS, HINT_SEED, deer_hints, football_hints, percent  # noqa: E402
from deerbook.play.session import Stop  # noqa: E402
from deerbook.play.table_html import choices  # noqa: E402
from html import escape  # noqa: E402
from deerbook.engine.seeding import stream


def click_hint(table):
    table.hint_button.click()
    return table.hints


def rolled(table):
    """The table after the person's own first roll (a turn starts with it): at a decision."""
    table.roll_button.click()
    assert table.person_to_move() == 0
    return table


def test_deer_hint_equals_the_advisor_on_the_players_view():
    table = rolled(GameTable(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=5))
    state, player = table.state, table.state.current_player()
    hints = click_hint(table)
    assert sorted(h.action for h in hints) == sorted(str(a) for a in state.legal_actions())
    assert [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
    belief, rng = seat_belief(state.observation(player)), stream(HINT_SEED)
    deals = [dict((str(a), v) for a, v in advise(belief.sample(rng))) for _ in range(DEALS)]
    for hint in hints:
        assert hint.value == sum(d[hint.action] for d in deals) / DEALS
        assert hint.label.endswith(" (exact)") == (len({d[hint.action] for d in deals}) == 1)
    label = dict((choice.name, choice.label) for choice in choices(table, Stop.DECIDE))[hints[0].action]
    assert f"<b>{escape(label)}</b>: {escape(hints[0].label)}" in table.hint_view.value


class ViewOnly:
    """A stand-in state that exposes nothing but one player's observation."""

    def __init__(self, state, player):
        self.view, self.player = state.observation(player), player

    def observation(self, player):
        assert player == self.player
        return self.view


@pytest.mark.parametrize("name, seats, hint", [("deer", ["human", "greedy", "greedy"], deer_hints),
                                               ("deer-cards", ["human", "greedy"], deer_hints),
                                               ("football", ["human", "greedy"], football_hints)])
def test_hints_read_only_the_players_view(name, seats, hint):
    table = rolled(GameTable(make_game(name, num_players=len(seats)), seats, seed=5))
    player = table.state.current_player()
    assert click_hint(table) == hint(ViewOnly(table.state, player), player) != []


def test_football_hint_equals_the_advisor_and_clears_after_a_move():
    table = rolled(GameTable(make_game("football", num_players=2), ["human", "greedy"], seed=7))
    state = table.state
    hints = click_hint(table)
    expected = Advisor().advise(rebuild(state.observation(state.current_player())), by="net")
    assert [(h.action, h.value) for h in hints] == [(str(a.action), a.expected_net) for a in expected]
    assert f"touchdown {percent(expected[0].touchdown_chance)}" in hints[0].label
    assert len({h.label for h in hints}) > 1, "the choices differ in what they gain, even scoring nothing this turn"
    table.play(hints[0].action)
    assert table.hints == [] and table.hint_view.value == ""


def test_a_game_without_hints_hides_the_button_and_a_custom_hint_is_used():
    plain = GameTable(make_game("toy-race"), ["human", "random"], seed=1)
    assert plain.person_to_move() == 0
    assert plain.hint_function is None and plain.hint_button.layout.display == "none"
    plain.hint_button.click()
    assert plain.hints == []
    custom = GameTable(make_game("toy-race"), ["human", "random"], seed=1,
                       hint=lambda state, player: [Hint(str(a), 1, "one") for a in state.legal_actions()])
    assert [h.action for h in click_hint(custom)] == ["add 1", "add 2"]
    assert "<li><b>add 2</b>: one</li>" in custom.hint_view.value


def test_asking_for_a_hint_does_not_change_the_game():
    tables = [rolled(GameTable(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=5))
              for _ in range(2)]
    click_hint(tables[0])
    for table in tables:
        table.play(str(table.state.legal_actions()[0]))
    assert tables[0].history == tables[1].history
