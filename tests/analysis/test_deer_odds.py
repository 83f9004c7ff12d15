"""Exact dice odds: checked against brute force over the component data's faces, and against the
engine's seeded sampler (within 4 standard errors)."""
import itertools
import json
import math
from collections import Counter
from fractions import Fraction

import pytest

from deerbook.cli.main import main
from deerbook.analysis.deer_combinations import combination_name
from deerbook.deer.components import signature
from deer_helpers import first_readings_components
from deerbook.analysis.deer_odds import edition, format_odds, joker_reach, odds_report, roll_state
from deerbook.engine import make_game
from deerbook.engine.seeding import stream

EDITIONS = ("deer", "deer-cards")


def faces_of(name):
    return [faces for _, faces in edition(name).components.number_dice]


def brute_force(name):
    """Combination name -> ways, over every face tuple of the number dice."""
    comp = edition(name).components
    return Counter(combination_name(comp, comp.chart_row(t).signature) for t in itertools.product(*faces_of(name)))


def probabilities(name, key="probability"):
    return {row["name"]: Fraction(row[key]) for row in odds_report(name)["combinations"]}


@pytest.mark.parametrize("name", EDITIONS)
def test_combinations_match_brute_force(name):
    ways = brute_force(name)
    total = math.prod(len(f) for f in faces_of(name))
    assert total == 216
    assert probabilities(name) == {n: Fraction(ways.get(n, 0), total) for n in probabilities(name)}
    assert sum(probabilities(name).values()) == 1
    assert {row["name"]: row["rolls"] for row in odds_report(name)["combinations"]} == \
        {n: ways.get(n, 0) for n in probabilities(name)}


def test_board_game_table():
    p = probabilities("deer")
    assert p["Three numbers"] == p["Two numbers + Deer Head"] == Fraction(8, 27)
    assert p["Number + two Deer Heads"] == Fraction(5, 54)
    assert p["Three Deer Heads"] == p["Deer Head + two Running Deer"] == Fraction(1, 108)
    assert len(p) == 9 and all(row["listed"] for row in odds_report("deer")["combinations"])


def test_card_game_lists_its_five_rows_and_the_unlisted_rolls():
    rows = odds_report("deer-cards")["combinations"]
    assert [r["name"] for r in rows if r["listed"]] == ["Three numbers", "Two numbers + Deer in Headlights",
                                                        "Two numbers + Car", "Two numbers + Running Deer",
                                                        "Number + Deer in Headlights + Car"]
    unlisted = sum(Fraction(r["probability"]) for r in rows if not r["listed"])
    assert unlisted == Fraction(sum(brute_force("deer-cards")[r["name"]] for r in rows if not r["listed"]), 216)
    assert probabilities("deer-cards")["Three numbers"] == Fraction(80, 216)


def joker_brute_force(comp, die_options):
    """Combination name -> how many of the 216 face tuples can reach it: as rolled, or with one die
    replaced by any of `die_options(i, face)` (every roll, every Joker choice)."""
    dice = [faces for _, faces in comp.number_dice]
    reach = Counter()
    for roll in itertools.product(*dice):
        options = {roll} | {roll[:i] + (f,) + roll[i + 1:] for i in range(len(dice)) for f in die_options(i, roll[i])}
        reach.update({combination_name(comp, signature(r)) for r in options})
    return reach


def test_joker_reach_matches_brute_force():
    """A Joker makes one die any number 1–12, never a symbol (Ruling 14), or is not played."""
    comp = edition("deer").components
    numbers = sorted({f for faces in faces_of("deer") for f in faces if isinstance(f, int)})
    assert numbers == list(range(1, 13))
    reach = joker_brute_force(comp, lambda die, shown: numbers)
    assert probabilities("deer", "with_joker") == {n: Fraction(reach[n], 216) for n in reach}
    assert probabilities("deer", "with_joker")["Two numbers + Deer Head"] == Fraction(1, 2)
    assert probabilities("deer", "with_joker")["Three Deer Heads"] == probabilities("deer")["Three Deer Heads"]
    assert "with_joker" not in odds_report("deer-cards")["combinations"][0]  # no Jokers in the card game


def test_joker_reach_of_the_own_faces_reading_matches_brute_force(tmp_path):
    """The first reading: a Joker sets one die to another of its own faces, symbols included."""
    game = make_game("deer", num_players=4, components=first_readings_components(tmp_path))
    dice = faces_of("deer")
    reach = joker_brute_force(game.components, lambda die, shown: [f for f in dice[die] if f != shown])
    assert joker_reach(game) == {n: Fraction(reach[n], 216) for n in reach}
    assert joker_reach(game)["Two numbers + Deer Head"] == Fraction(17, 18)


def test_predator_die_and_numbers_match_brute_force():
    comp = edition("deer").components
    report = odds_report("deer")
    faces = Counter(comp.face_name(f) for f in comp.predator_die)
    assert {e["face"]: Fraction(e["probability"]) for e in report["predator_die"]} == \
        {f: Fraction(c, len(comp.predator_die)) for f, c in faces.items()}
    assert odds_report("deer-cards")["predator_die"] is None
    for name in EDITIONS:
        rolls = list(itertools.product(*faces_of(name)))
        for entry in odds_report(name)["numbers"]:
            hits = sum(entry["number"] in roll for roll in rolls)
            assert Fraction(entry["probability"]) == Fraction(hits, len(rolls))


@pytest.mark.parametrize("name", EDITIONS)
def test_engine_sampler_agrees_within_four_standard_errors(name):
    samples = 6000
    state, comp = roll_state(edition(name)), edition(name).components
    rng = stream(2024)
    seen = Counter(combination_name(comp, comp.chart_row(state.sample_chance(rng).args).signature)
                   for _ in range(samples))
    for combo, p in probabilities(name).items():
        se = math.sqrt(p * (1 - p) / samples)
        assert abs(seen[combo] / samples - p) <= 4 * se + 1e-12, combo


def test_command_line_prints_every_combination(capsys):
    main(["odds", "deer"])
    text = capsys.readouterr().out
    assert text == format_odds(odds_report("deer")) + "\n"
    assert "Three numbers" in text and "8/27" in text and "29.63%" in text
    main(["odds", "deer-cards", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["edition"] == "deer-cards"
    assert {r["name"]: Fraction(r["probability"]) for r in data["combinations"]} == probabilities("deer-cards")
