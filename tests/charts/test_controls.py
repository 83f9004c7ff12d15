"""Charts with their own dropdowns and sliders: every step's data against the engine's exact values, computed
directly (not through the chart module), labels that read horizontally, and deterministic figure JSON."""

from fractions import Fraction

import pytest

pytest.importorskip("plotly")

import plotly.graph_objects as go  # noqa: E402

from deerbook.analysis.numbers import chance, decimal, percent  # noqa: E402
from deerbook.analysis import deer_positions, football_positions  # noqa: E402
from deerbook.chapters import deer_examples, football_examples  # noqa: E402
from deerbook.charts import deer_odds, football_odds  # noqa: E402
from deerbook.charts.controls import (LABEL_WIDTH, ROW_HEIGHT, Step, pinned_axes, step_titles,  # noqa: E402
                                      with_dropdown, with_slider, wrap_label)
from figure_steps import step_data  # noqa: E402
from deerbook.bots.deer_turn_walk import advise, turn_distribution, turn_summary  # noqa: E402
from deerbook.engine import make_game  # noqa: E402
from deerbook.bots.football_advisor import Advisor  # noqa: E402
from deerbook.analysis.deer_odds import odds_report  # noqa: E402
from deerbook.analysis.football_odds import FIELD_POSITIONS, box_gain, default_game, whole_track  # noqa: E402
from deerbook.charts import football_sheet  # noqa: E402
from deerbook.football.sheet import TRACKS  # noqa: E402
from deerbook.bots.deer_advisor import position_for_hand  # noqa: E402
from deerbook.engine.seeding import stream  # noqa: E402
from deerbook.charts.alternative import plain  # noqa: E402


@pytest.fixture(scope="module")
def hand_fig():
    return deer_odds.hand_odds_figure()


@pytest.fixture(scope="module")
def deer_states():
    return deer_examples.advisor_positions()


@pytest.fixture(scope="module")
def deer_advisor_fig(deer_states):
    return deer_odds.advisor_values_figure(deer_states)


@pytest.fixture(scope="module")
def football_states():
    return football_examples.advisor_positions()


@pytest.fixture(scope="module")
def football_advisor_fig(football_states):
    return football_odds.advisor_values(football_states)


@pytest.fixture(scope="module")
def yards_fig():
    return football_odds.yards_by_marker()


def labels(fig, control="updatemenus"):
    return [step["label"] for step in fig.layout[control][0]["buttons" if control == "updatemenus" else "steps"]]


def unwrap(label: str) -> str:
    return label.replace("<br>", " ")


# -- odds for a chosen hand -------------------------------------------------------------------------------------
def test_hand_dropdown_offers_every_sample_hand_and_starts_at_the_first(hand_fig):
    assert labels(hand_fig) == list(deer_odds.SAMPLE_HANDS)
    assert hand_fig.layout.updatemenus[0].active == 0
    first = step_data(hand_fig, 0)[0]
    assert list(hand_fig.data[0].x) == first["x"] and list(hand_fig.data[0].hovertext) == first["hovertext"]
    assert plain(hand_fig.layout.title.text) == step_titles(hand_fig)[0]


@pytest.mark.parametrize("index", [0, 1, 4])
def test_each_hand_shows_the_exact_points_shed_of_that_hand(hand_fig, index):
    hand = deer_odds.SAMPLE_HANDS[index]
    # The position built here directly, as the live explorer deals it: the others hold five cards each, deal seed 0.
    game = make_game("deer", num_players=4)
    state = position_for_hand(game, hand.split(), [len(hand.split()), 5, 5, 5], stream(0))
    dist = turn_distribution(state)
    shed = dist.map(lambda outcome: outcome[0])
    bars = step_data(hand_fig, index)[0]
    assert bars["x"] == sorted(shed)
    assert [Fraction(text.split("exactly ")[1].rstrip(")")) for text in bars["hovertext"]] == \
        [shed[k] for k in sorted(shed)]
    assert bars["y"] == [float(shed[k]) for k in sorted(shed)]
    summary = turn_summary(dist)
    title = step_titles(hand_fig)[index]
    assert f": {decimal(summary['shed'])} expected," in title
    assert title.endswith(f"chance {chance(summary['goes_out'])}")


def test_every_point_is_a_bar_of_its_own(hand_fig):
    """Points are counted one by one: bars one point wide, a tick mark at every point, each step's axis to its
    largest number of points."""
    assert hand_fig.data[0].width == 0.8 and hand_fig.layout.xaxis.minor.dtick == 1
    for index, button in enumerate(hand_fig.layout.updatemenus[0].buttons):
        points = step_data(hand_fig, index)[0]["x"]
        assert points == sorted(set(points)) and button.args[1]["xaxis.range"] == [-0.5, points[-1] + 0.5]


def test_the_static_hand_chart_and_the_live_explorer_agree_to_the_shown_precision(hand_fig):
    from deerbook.widgets import DeerExplorer

    for hand, title in zip(deer_odds.SAMPLE_HANDS, step_titles(hand_fig)):
        explorer = DeerExplorer("deer", hand=hand.lower())
        shed = decimal(explorer.summary["shed"])
        assert f"{shed} expected" in title and f"points shed {shed}," in explorer.snapshot_text()
        assert title.endswith(f"chance {chance(explorer.summary['goes_out'])}")
        assert f"hand empties {chance(explorer.summary['goes_out'])}" in explorer.snapshot_text()


# -- yardage by track and marker --------------------------------------------------------------------------------
def test_yards_slider_steps_through_every_marker(yards_fig):
    assert labels(yards_fig, "sliders") == [str(m) for m in FIELD_POSITIONS]
    assert yards_fig.layout.sliders[0].currentvalue.prefix == "marker on the "
    assert [title.split("from the ")[1].split(",")[0] for title in step_titles(yards_fig, "sliders")] == \
        [str(m) for m in FIELD_POSITIONS]


@pytest.mark.parametrize("marker", [45, 20, 5])
def test_each_marker_shows_every_tracks_exact_yards(yards_fig, marker):
    game = default_game()
    shown = step_data(yards_fig, FIELD_POSITIONS.index(marker), "sliders")
    assert len(shown) == len(TRACKS)
    for track, bars in zip(TRACKS, shown):
        yards = whole_track(game, track, marker).map(lambda g: g.yards)
        assert bars["x"] == sorted(yards)
        assert bars["y"] == [float(yards[k]) for k in sorted(yards)]
        assert [Fraction(text.split("exactly ")[1].rstrip(")")) for text in bars["hovertext"]] == \
            [yards[k] for k in sorted(yards)]


# -- advisor values -------------------------------------------------------------------------------------------
def test_deer_positions_are_seeded_and_one_per_kind_of_decision(deer_states):
    again = deer_examples.advisor_positions()
    assert [s.to_json() for s in again] == [s.to_json() for s in deer_states]
    phases = [s.phase for s in deer_states]
    assert len(phases) >= 3 and len(set(phases)) == len(phases) and set(phases) <= set(deer_positions.ADVISOR_QUESTIONS)
    assert all(len(s.legal_actions()) > 1 for s in deer_states)


def test_deer_advisor_dropdown_shows_the_exact_value_of_every_legal_choice(deer_advisor_fig, deer_states):
    assert labels(deer_advisor_fig) == [deer_positions.ADVISOR_QUESTIONS[s.phase] for s in deer_states]
    for index, state in enumerate(deer_states):
        ranked = advise(state)
        bars = step_data(deer_advisor_fig, index)[0]
        assert [unwrap(label) for label in bars["y"]] == [str(action) for action, _ in ranked]
        assert {str(a) for a in state.legal_actions()} == {unwrap(label) for label in bars["y"]}
        assert bars["x"] == [float(value) for _, value in ranked]
        assert [Fraction(text.split("exactly ")[1].rstrip(")")) for text in bars["hovertext"]] == [v for _, v in ranked]


def test_football_positions_are_decisions_where_the_choice_matters(football_states):
    assert len(football_states) == 6
    assert [s.to_json() for s in football_examples.advisor_positions()] == [s.to_json() for s in football_states]
    for state in football_states:
        assert state.phase in football_positions.ADVISOR_QUESTIONS
        assert len({a.expected_points for a in Advisor().advise(state)}) > 1


def test_football_advisor_dropdown_shows_the_exact_expected_points(football_advisor_fig, football_states):
    assert len(set(labels(football_advisor_fig))) == len(football_states)
    for index, state in enumerate(football_states):
        advice = Advisor().advise(state)
        bars = step_data(football_advisor_fig, index)[0]
        assert [unwrap(label) for label in bars["y"]] == [str(a.action) for a in advice]
        assert bars["x"] == [float(a.expected_points) for a in advice]
        assert [Fraction(text.split(": ")[1].split(" ")[0]) for text in bars["hovertext"]] == \
            [a.expected_points for a in advice]
        assert all(str(a.touchdown_chance) in text for a, text in zip(advice, bars["hovertext"]))


# -- readable and deterministic ----------------------------------------------------------------------------------
def test_choice_names_read_horizontally(deer_advisor_fig, football_advisor_fig):
    for fig in (deer_advisor_fig, football_advisor_fig):
        assert fig.data[0].orientation == "h" and fig.layout.yaxis.tickangle == 0
        heights = []
        for index, button in enumerate(fig.layout.updatemenus[0].buttons):
            bars = step_data(fig, index)[0]["y"]
            layout = button.args[1]
            assert layout["yaxis.range"] == [len(bars) - 0.5, -0.5]  # best at the top
            heights.append(layout["height"] - ROW_HEIGHT * len(bars))  # a bar equally thick in every step
            for label in bars:
                assert all(len(line) <= LABEL_WIDTH or " " not in line for line in label.split("<br>"))
        assert len(set(heights)) == 1
        assert ((fig.layout.height, list(fig.layout.yaxis.range))
                == (fig.layout.updatemenus[0].buttons[0].args[1]["height"],
                    fig.layout.updatemenus[0].buttons[0].args[1]["yaxis.range"]))


def test_wrap_label_breaks_long_names_at_spaces():
    assert wrap_label("take the 5s (2 play + 2 power)") == "take the 5s (2<br>play + 2 power)"
    assert wrap_label("knock") == "knock"


def test_figures_are_deterministic(hand_fig, deer_advisor_fig, football_advisor_fig, yards_fig, deer_states):
    assert deer_odds.hand_odds_figure().to_json() == hand_fig.to_json()
    assert deer_odds.advisor_values_figure(deer_examples.advisor_positions()).to_json() == deer_advisor_fig.to_json()
    assert (football_odds.advisor_values(football_examples.advisor_positions()).to_json()
            == football_advisor_fig.to_json())
    assert football_odds.yards_by_marker().to_json() == yards_fig.to_json()


def test_figures_stay_small(hand_fig, deer_advisor_fig, football_advisor_fig, yards_fig):
    for fig in (hand_fig, deer_advisor_fig, football_advisor_fig, yards_fig):
        assert len(fig.to_json()) < 100_000


def test_a_step_must_give_data_for_every_trace():
    fig = go.Figure([go.Bar(), go.Bar()])
    with pytest.raises(ValueError, match="each of the figure's 2 traces"):
        with_dropdown(fig, [Step("one", "title", ({"x": [1]},))], "Bar chart")
    with pytest.raises(ValueError, match="at least one step"):
        with_slider(go.Figure(go.Bar()), [], "value ", "Bar chart")


def test_controls_update_data_title_and_text_alternative_of_the_traces_by_index():
    steps = [Step(str(n), f"n = {n}", ({"x": [n], "y": [n * n]}, {"x": [n], "y": [-n]}), headline=f"square {n * n}")
             for n in (1, 2)]
    fig = with_slider(go.Figure([go.Bar(), go.Bar()]), steps, "n = ", "Bar charts with a slider")
    assert [list(trace.y) for trace in fig.data] == [[1], [-1]] and fig.layout.title.text == "n = 1"
    assert fig.layout.meta == {"description": "Bar charts with a slider: n = 1; square 1"}
    assert fig.layout.sliders[0].steps[1].args == (
        {"x": [[2], [2]], "y": [[4], [-2]]},
        {"title.text": "n = 2", "meta": {"description": "Bar charts with a slider: n = 2; square 4"}}, (0, 1))
    assert step_data(fig, 1, "sliders") == [{"x": [2], "y": [4]}, {"x": [2], "y": [-2]}]


# -- Explore the odds: every case of a question on the static page ----------------------------------------------
def test_combination_chances_show_each_editions_exact_chances_with_and_without_a_joker():
    fig = deer_odds.combination_chances()
    assert labels(fig) == ["board game", "card game"]
    for index, name in enumerate(("deer", "deer-cards")):
        rolled, joker = step_data(fig, index)
        rows = odds_report(name)["combinations"]
        assert rolled["y"] == [r["name"] for r in rows]
        assert rolled["x"] == [float(Fraction(r["probability"])) for r in rows]
        if name == "deer":
            assert joker["x"] == [float(Fraction(r["with_joker"])) for r in rows]
        else:
            assert joker["x"] == [] and "no Jokers" in step_titles(fig)[index]


@pytest.fixture(scope="module")
def touchdown_fig():
    return football_odds.touchdown_boxes()


@pytest.fixture(scope="module")
def box_yards_fig():
    return football_odds.yards_boxes()


def test_touchdown_boxes_show_the_touchdown_chance_of_every_box_from_every_yard_line(touchdown_fig):
    game = default_game()
    assert labels(touchdown_fig) == [f"track {t}: {football_sheet.TRACK_KINDS[t]}" for t in TRACKS]
    assert list(touchdown_fig.data[0].x) == [str(m) for m in FIELD_POSITIONS]
    for track in (1, 5):
        (cells,) = step_data(touchdown_fig, track - 1)
        assert cells["y"] == list(range(1, len(game.sheet.track(track)) + 1))
        for box in (1, 2, len(cells["y"])):
            for column, marker in enumerate(FIELD_POSITIONS):
                gain = box_gain(game, track, box, marker)
                p = gain.probability(lambda g: g.touchdown)
                assert cells["z"][box - 1][column] == (float(p) if p else None)
                shown, fraction, incomplete, yards = cells["customdata"][box - 1][column]
                assert (Fraction(fraction), shown) == (p, percent(p))
                assert incomplete == percent(gain.probability(lambda g: g.incomplete))
                assert yards == decimal(sum(g.yards * q for g, q in gain.items()))


def test_box_yards_show_every_boxs_exact_yards_from_the_45(box_yards_fig):
    game = default_game()
    columns = [int(x) for x in box_yards_fig.data[0].x]
    assert columns == sorted(columns) and columns[0] == 0
    for track in TRACKS:
        (cells,) = step_data(box_yards_fig, track - 1)
        for box in cells["y"]:
            yards = {}
            for gain, p in box_gain(game, track, box).items():
                yards[gain.yards] = yards.get(gain.yards, 0) + p
            row = cells["customdata"][box - 1]
            assert {x: Fraction(row[i][1]) for i, x in enumerate(columns) if row[i][1] != "0"} == yards
            assert [cells["text"][box - 1][i] for i in range(len(columns))] == \
                [percent(yards[x], 0)[:-1] if x in yards else "" for x in columns]


def test_the_static_box_charts_and_the_live_explorer_agree_to_the_shown_precision(touchdown_fig, box_yards_fig):
    from deerbook.widgets import FootballExplorer

    for track, box, marker in [(1, 1, 45), (5, 2, 15), (6, 3, 5), (3, 7, 10)]:
        explorer = FootballExplorer(track=track, marker=marker, box=box)
        words = explorer.snapshot_text()
        shown, _, incomplete, yards = step_data(touchdown_fig, track - 1)[0]["customdata"][box - 1][
            FIELD_POSITIONS.index(marker)]
        assert f"touchdown {shown}" in words and f"incomplete pass {incomplete}" in words
        assert f"expected yards {yards}," in words
        if marker == 45:
            assert step_data(box_yards_fig, track - 1)[0]["customdata"][box - 1][0][2] == yards


def test_face_chances_count_every_face_over_every_roll_of_the_dice():
    """Against brute force: every combination of faces of the edition's dice, each equally likely."""
    from itertools import product

    fig = deer_odds.face_chances()
    assert labels(fig) == ["board game", "card game"]
    for index, name in enumerate(("deer", "deer-cards")):
        comp = make_game(name, num_players=4).components
        dice = [faces for _, faces in comp.number_dice]
        rolls = list(product(*dice))
        (cells,) = step_data(fig, index)
        for row, face_name in enumerate(cells["y"]):
            face = next(f for faces in dice + [comp.predator_die] for f in faces if comp.face_name(f) == face_name)
            if face in comp.predator_die:
                showing = [Fraction(comp.predator_die.count(face), 6)] * 2 + [Fraction(0)] * 2
            else:
                counts = [sum(roll.count(face) == k for roll in rolls) for k in range(4)]
                showing = [Fraction(len(rolls) - counts[0], len(rolls))] + [Fraction(c, len(rolls)) for c in counts[1:]]
            assert [Fraction(cell[1]) for cell in cells["customdata"][row]] == showing, face_name
    numbers = step_data(fig, 0)[0]["customdata"][:12]
    assert all(cell[0] == ["16.7%", "1/6"] for cell in numbers)  # every number is on exactly one die


def test_a_menu_never_changes_an_axis_type_or_direction(touchdown_fig, hand_fig):
    """Plotly's update forgets an axis's type when it changes the data (the yard lines "45" ... "5" would become
    numbers, in the other direction): every step repeats the figure's own."""
    assert touchdown_fig.layout.xaxis.type == "category" and touchdown_fig.layout.yaxis.autorange == "reversed"
    for fig in (touchdown_fig, hand_fig, deer_odds.combination_chances()):
        pinned = pinned_axes(fig)
        assert pinned
        for button in fig.layout.updatemenus[0].buttons:
            assert {key: button.args[1][key] for key in pinned} == pinned
