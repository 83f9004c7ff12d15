"""Component data: the default file, the roll distribution, and rejection of bad files."""
import copy
import re
import json
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from deer_helpers import position, roll
from deerbook.deer import load_components
from deerbook.deer.component_file import DATA_DIR, components_from_data, components_from_file
from deerbook.deer.components import EFFECTS, signature
from deerbook.deer.rules import EFFECT_HANDLERS
from deerbook.engine import ComponentError, make_game
from deerbook.deer import position as deer_position

NINE_COMBINATIONS = {(3, 0, 0, 0), (2, 1, 0, 0), (2, 0, 1, 0), (1, 1, 1, 0), (1, 0, 2, 0), (1, 2, 0, 0),
                     (0, 2, 1, 0), (0, 1, 2, 0), (0, 3, 0, 0)}


@pytest.fixture
def comp():
    return load_components()


@pytest.fixture
def board_data():
    return json.loads((DATA_DIR / "board-2014.json").read_text())


def test_default_components_match_rulings_section_1(comp):
    counts = {card.name: (card.count, card.points) for card in comp.cards}
    assert sum(comp.full_deck) == 60
    assert all(counts[str(n)] == (4, n) for n in range(1, 13))
    assert (counts["Fox"], counts["Wolf"], counts["Bear"], counts["Joker"]) == ((3, 3), (3, 5), (3, 7), (3, 0))
    assert sorted(comp.predator_die) == ["Bear", "Fox", "Fox", "Wolf", "Wolf", "discard"]
    assert (comp.finish, comp.min_players, comp.max_players) == (100, 2, 6)


def test_the_nine_combinations_are_exactly_the_possible_rolls(comp):
    dice = [faces for _, faces in comp.number_dice]
    triples = list(product(*dice))
    assert len(triples) == 216
    assert {signature(t) for t in triples} == NINE_COMBINATIONS == {row.signature for row in comp.chart}
    assert (0, 0, 3, 0) not in {signature(t) for t in triples}  # three Running Deer cannot happen


def test_roll_outcomes_are_the_exact_merged_distribution_of_four_dice(comp):
    tuples = Counter(product(*[faces for _, faces in comp.number_dice], comp.predator_die))
    outcomes = {a.args: p for a, p in comp.roll_outcomes}
    assert len(outcomes) == len(comp.roll_outcomes) == 6 * 6 * 5 * 4
    assert outcomes == {faces: Fraction(c, 6 ** 4) for faces, c in tuples.items()}
    assert outcomes[(1, 2, "deer_head", "Fox")] == Fraction(4, 1296)


def test_every_chart_effect_has_a_rule_handler():
    assert set(EFFECTS) == set(EFFECT_HANDLERS)


def test_the_chart_is_data_the_engine_reads(tmp_path, board_data):
    board_data["chart"][0] = {"numbers": 3, "deer_head": 0, "running_deer": 0, "car": 0, "effect": "nothing",
                              "rule": "House rule: three numbers do nothing"}
    path = tmp_path / "house.json"
    path.write_text(json.dumps(board_data))
    game = make_game("deer", num_players=3, components=str(path))
    assert make_game("deer", **game.options()) == game
    s = roll(deer_position(game, [["1", "9"], ["2"], ["4"]]), 1, 2, 4, "Bear")
    assert s.hands[0] == position([["1", "9"], ["2"], ["4"]]).hands[0]  # nothing discarded


def test_a_chart_default_covers_the_rolls_the_chart_leaves_out(tmp_path, board_data):
    del board_data["chart"][8]
    board_data["chart_default"] = {"effect": "nothing", "rule": "House rule: unlisted rolls do nothing"}
    path = tmp_path / "short.json"
    path.write_text(json.dumps(board_data))
    comp = components_from_file(path)
    row = comp.chart_row(("deer_head", "deer_head", "deer_head", "Fox"))
    assert (row.effect, row.listed, row.signature) == ("nothing", False, (0, 3, 0, 0))


def test_readings_are_data_defaulting_to_the_rulings(tmp_path, board_data, comp):
    assert comp.readings == {"joker": "any_number", "set_aside": "optional"} == board_data["readings"]
    assert comp.joker_any_number and comp.set_aside_optional
    del board_data["readings"]
    path = tmp_path / "no-readings.json"
    path.write_text(json.dumps(board_data))
    assert components_from_file(path).readings == comp.readings
    board_data["readings"] = {"set_aside": "compulsory"}
    path.write_text(json.dumps(board_data))
    first = components_from_file(path)
    assert first.joker_any_number and not first.set_aside_optional


def _set(path, value):
    def mutate(data):
        *parents, last = path
        target = data
        for key in parents:
            target = target[key]
        if value is DELETE:
            del target[last]
        else:
            target[last] = value
    return mutate


DELETE = object()
BAD = [
    (_set(["cards", 3, "points"], -1), "cards[3].points"),
    (_set(["cards", 1, "name"], "1"), "cards[1].name: duplicate"),
    (_set(["cards", 12, "category"], "animal"), "cards[12].category"),
    (_set(["cards", 12, "number"], 13), "cards[12].number"),
    (_set(["cards", 0, "count"], "four"), "cards[0].count"),
    (_set(["number_dice", 2, "faces", 0], 13), "number_dice[2].faces[0]"),
    (_set(["number_dice", 1], DELETE), "number_dice: must list exactly 3 dice"),
    (_set(["predator_die", 0], "Lion"), "predator_die[0]"),
    (_set(["board", "finish"], 0), "board.finish"),
    (_set(["board", "bullseye_spaces"], [5, 165]), "board.bullseye_spaces"),
    (_set(["chart", 1, "effect"], "explode"), "chart[1].effect"),
    (_set(["chart", 0, "pull_if_none"], 3), "chart[0].pull_if_none"),
    (_set(["chart", 1, "choose_more"], 1), "chart[1].choose_more: not a parameter"),
    (lambda data: data["chart"][2].update(numbers=3, running_deer=0), "chart[2]: duplicate signature"),
    (_set(["chart", 8], DELETE), "chart: no row for the possible roll"),
    (_set(["players", "max"], 1), "players.max"),
    (_set(["game"], ""), "game: must name the edition"),
    (_set(["players", "decks"], {"7": 2}), "players.decks.7"),
    (_set(["players", "decks"], {"5": 0}), "players.decks.5"),
    (_set(["board", "clamp_at_finish"], "yes"), "board.clamp_at_finish"),
    (_set(["advanced_rules"], ["flying"]), "advanced_rules"),
    (_set(["chart", 2, "choose_from_rolled"], 1), "chart[2]: choose_more and choose_from_rolled exclude"),
    (_set(["chart_default"], {"effect": "explode", "rule": "x"}), "chart_default.effect"),
    (lambda data: data["chart"][8].update(deer_head=0, running_deer=3), "chart[8]: these dice cannot roll it"),
    (_set(["readings", "joker"], "wild"), "readings.joker: must be one of any_number, own_faces, got 'wild'"),
    (_set(["readings", "dealing"], "fast"), "readings.dealing: must be one of"),
    (_set(["readings"], ["optional"]), "readings: must be an object"),
]


@pytest.mark.parametrize("mutate, message", BAD, ids=[m for _, m in BAD])
def test_bad_component_file_is_rejected_naming_the_entry(tmp_path, board_data, mutate, message):
    data = copy.deepcopy(board_data)
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ComponentError, match=re.escape(message)):
        components_from_file(path)


def test_unreadable_component_file_is_rejected(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(ComponentError, match="broken.json: cannot read"):
        components_from_file(path)
    with pytest.raises(ComponentError, match="cannot read"):
        components_from_file(tmp_path / "missing.json")


def test_an_edition_names_its_die_symbols_and_bad_names_are_rejected():
    cards = components_from_file(DATA_DIR / "card-game.json")
    assert cards.face_name("deer_head") == "Deer in Headlights" and cards.face_name("car") == "Car"
    data = json.loads((DATA_DIR / "card-game.json").read_text())
    data["symbol_names"] = {"moose": "Moose"}
    with pytest.raises(ComponentError, match="symbol_names.moose"):
        components_from_data(data)
