"""Exact dice odds: checked against brute force over the component data's faces, and against the
engine's seeded sampler (within 4 standard errors)."""
import itertools
import json
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from deerbook.__main__ import main
from deerbook.deer.components import combination_name, signature
from deerbook.deer.odds import edition, format_odds, odds_report, roll_state
from deerbook.engine.runner import sample_outcome

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
    assert [r["name"] for r in rows if r["listed"]] == ["Three numbers", "Two numbers + Deer in Headlights", "Two numbers + Car",
                                                        "Two numbers + Running Deer", "Number + Deer in Headlights + Car"]
    unlisted = sum(Fraction(r["probability"]) for r in rows if not r["listed"])
    assert unlisted == Fraction(sum(brute_force("deer-cards")[r["name"]] for r in rows if not r["listed"]), 216)
    assert probabilities("deer-cards")["Three numbers"] == Fraction(80, 216)


def test_joker_reach_matches_brute_force():
    """A Joker sets one die to another of its own faces (Ruling 14), or is not played."""
    comp = edition("deer").components
    dice = faces_of("deer")
    reach = Counter()
    for roll in itertools.product(*dice):
        options = {roll} | {roll[:i] + (f,) + roll[i + 1:]
                            for i, faces in enumerate(dice) for f in faces if f != roll[i]}
        reach.update({combination_name(comp, signature(r)) for r in options})
    assert probabilities("deer", "with_joker") == {n: Fraction(reach[n], 216) for n in reach}
    assert probabilities("deer", "with_joker")["Two numbers + Deer Head"] == Fraction(17, 18)
    assert "with_joker" not in odds_report("deer-cards")["combinations"][0]  # no Jokers in the card game


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
    rng = np.random.default_rng(2024)
    seen = Counter(combination_name(comp, comp.chart_row(sample_outcome(state, rng).args).signature)
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
