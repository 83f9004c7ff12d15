"""Exact football odds against brute-force enumeration and seeded Monte Carlo from the engine."""
import json
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import pytest

from deerbook.cli.main import main
from deerbook.engine import make_game
from deerbook.analysis.football_odds import (AREA_STATISTICS, Gain, area_count_tables, blitz_board, board_counts,
                                   chance_by_field_position, default_game, expected_yards, next_box, odds_report,
                                   track_profile, track_sheets, whole_track)
from deerbook.football.marks import NO_EFFECT, PASS_MINUS_10, RUN_MINUS_5, Marks
from deerbook.football.rules import dice_roll
from deerbook.football.sheet import TRACKS
from deerbook.football.rules import ACTIVE, BLITZ_ROLL, DEFENSE_ROLL, PLAY_ROLL
from deerbook.football.save import position
from deerbook.engine.seeding import stream
from football_helpers import within_4_se
from seasons import solo_seasons, win_rates

DEFENSE = {NO_EFFECT: Fraction(1, 2), RUN_MINUS_5: Fraction(1, 3), PASS_MINUS_10: Fraction(1, 6)}


def brute_force_board(dice):
    """All 6**dice die assignments, counted per area."""
    return Counter(tuple(faces.count(t) for t in TRACKS) for faces in product(TRACKS, repeat=dice))


@pytest.mark.parametrize("play, power", [(1, 0), (3, 0), (5, 0), (2, 2), (3, 1), (0, 3)])
def test_board_counts_match_all_die_assignments(play, power):
    ways = brute_force_board(play + power)
    exact = board_counts(play, power)
    assert dict(exact) == {board: Fraction(n, 6 ** (play + power)) for board, n in ways.items()}
    for name, statistic in AREA_STATISTICS.items():
        counts = Counter()
        for board, n in ways.items():
            counts[statistic(board)] += n
        assert dict(area_count_tables(play, power)[name]) == {k: Fraction(n, 6 ** (play + power))
                                                              for k, n in counts.items()}


def test_power_dice_added_one_by_one_equal_the_engines_node():
    two_nodes = Counter()
    for play, p in dice_roll("play dice", 2):
        for power, q in dice_roll("power dice", 3):
            two_nodes[tuple(a + b for a, b in zip(play.args, power.args))] += p * q
    assert dict(board_counts(2, 3)) == dict(two_nodes)


def test_eleven_dice_tables():
    tables = area_count_tables(11)
    assert dict(tables["one area"]) == {k: Fraction(comb(11, k) * 5 ** (11 - k), 6 ** 11) for k in range(12)}
    assert tables["largest area"][2] == Fraction(1925, 93312)  # 11 dice, at most 2 per area
    assert tables["empty areas"][0] == Fraction(99715, 279936)
    assert all(board_counts(4).map(lambda b, t=t: b[t]) == board_counts(4).map(lambda b: b[0]) for t in range(6))


def test_largest_area_against_monte_carlo_from_the_engine():
    rng = stream(7)
    roll = position(default_game(), phase=PLAY_ROLL, board=(6, 0, 0, 0, 0, 0))  # 5 play dice in the pool
    samples = [max(roll.sample_chance(rng).args) for _ in range(3000)]
    within_4_se(samples, area_count_tables(5)["largest area"].expectation())


# --- one die on a track ---------------------------------------------------------------------------
def brute_force_yards(marks, track):
    """Each Defense Die face applied through the engine; every wild target tried, the most yards kept."""
    game, result = default_game(), Counter()
    for face, p in DEFENSE.items():
        state = position(game, marks={0: {**marks.__dict__}}, phase=ACTIVE, defense=face,
                         hand=tuple(int(t == track) for t in TRACKS))
        states, finished = [state.apply(state.find_action(f"check a {track}"))], []
        while states:
            s = states.pop()
            (states.extend(s.apply(a) for a in s.legal_actions()) if s.wild_from else finished.append(s))
        yards = [marks.marker if s.marks[0].touchdowns else marks.marker - s.marks[0].marker for s in finished]
        result[max(yards)] += p
    return dict(result)


@pytest.mark.parametrize("track", TRACKS)
def test_next_box_yards_match_brute_force_along_the_track(track):
    for marks in track_sheets(default_game(), track)[::4]:
        for marker in (45, 20, 5):
            sheet = Marks(**{**marks.__dict__, "marker": marker})
            exact = next_box(default_game(), sheet, track).map(lambda g: g.yards)
            assert dict(exact) == brute_force_yards(sheet, track)


def test_first_box_of_each_track_from_a_fresh_sheet():
    expected = {t: expected_yards(next_box(default_game(), Marks(), t)) for t in TRACKS}
    assert expected == {1: Fraction(10, 3), 2: Fraction(25, 3), 3: 0, 4: 0, 5: Fraction(55, 3), 6: 0}
    unrolled = {t: expected_yards(next_box(default_game(), Marks(), t, NO_EFFECT)) for t in TRACKS}
    assert unrolled == {1: 5, 2: 10, 3: 0, 4: 0, 5: 20, 6: 0}


def test_used_defense_die_costs_nothing():
    used = Marks(defense_used=True)
    assert dict(next_box(default_game(), used, 1)) == {Gain(5): 1}
    assert dict(next_box(default_game(), Marks(), 1)) == {Gain(5): Fraction(2, 3), Gain(0): Fraction(1, 3)}


def test_incomplete_pass_from_the_5_yard_line():
    gina = Marks(marker=5, checked=(0, 0, 0, 2, 0, 0), yac=1)  # the rule text's incomplete 15-yard pass
    assert dict(next_box(default_game(), gina, 4)) == {Gain(0, incomplete=True): 1}
    ten_yard_pass = Marks(checked=(0, 0, 0, 6, 0, 0))  # complete, but the Defense Die takes its 10 yards
    assert dict(next_box(default_game(), ten_yard_pass, 4, PASS_MINUS_10)) == {Gain(0): 1}
    assert chance_by_field_position(default_game(), 4, "incomplete", gina)[5] == 1
    assert chance_by_field_position(default_game(), 4, "incomplete", gina)[30] == 0


def test_touchdown_chance_of_a_breakaway_run_by_field_position():
    chances = chance_by_field_position(default_game(), 1, "touchdown", Marks())
    assert chances == {m: (Fraction(2, 3) if m == 5 else 0) for m in chances}  # 5 yards unless -5 on a run


def test_whole_track_averages_the_profile():
    game = default_game()
    profile = track_profile(game, 6, marker=20)
    assert whole_track(game, 6, 20).expectation(lambda g: g.yards) == sum(map(expected_yards, profile)) / len(profile)


def test_next_box_against_monte_carlo_of_the_defense_die():
    game, rng = default_game(), stream(3)
    roll = position(game, phase=DEFENSE_ROLL)
    sheet = track_sheets(game, 3)[10]
    faces = [roll.sample_chance(rng).args[0] for _ in range(2000)]
    yards = {f: expected_yards(next_box(game, sheet, 3, f)) for f in DEFENSE}
    within_4_se([yards[f] for f in faces], expected_yards(next_box(game, sheet, 3)))


# --- Blitz Bach ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("power", [0, 1, 2, 3, 4])
def test_blitz_bach_matches_every_power_die_assignment(power):
    solo = make_game("football", num_players=1)
    board, marker = (3, 2, 1, 2, 2, 1), 5
    state = position(solo, phase=BLITZ_ROLL, board=board, defense_marker=marker, marks={0: dict(power=power)})
    scores = Counter()
    for faces in product(TRACKS, repeat=power):
        counts = tuple(faces.count(t) for t in TRACKS)
        roll = next(a for a, _ in state.chance_outcomes() if a.args == counts)
        scores[state.apply(roll).blitz[-1]] += Fraction(1, 6 ** power)
    assert dict(blitz_board(board, marker, power)) == dict(scores)


def test_blitz_bach_against_monte_carlo():
    solo, rng = make_game("football", num_players=1), stream(11)
    state = position(solo, phase=BLITZ_ROLL, board=(4, 0, 3, 1, 3, 0), defense_marker=1, marks={0: dict(power=4)})
    samples = [state.apply(state.sample_chance(rng)).blitz[-1] for _ in range(2000)]
    within_4_se(samples, blitz_board((4, 0, 3, 1, 3, 0), 1, 4).expectation())


# --- the odds command ---------------------------------------------------------------------------------
def test_odds_command_prints_tables_and_json(capsys):
    assert main(["odds", "football"]) == 0
    text = capsys.readouterr().out
    assert "Dice in the largest area" in text and "Expected yards of each die" in text
    assert main(["odds", "football", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report == json.loads(json.dumps(odds_report("football")))
    assert report["tracks"]["5"][0] == {"die": 1, "box": "wild", "expected_yards": "55/3", "touchdown": "0",
                                        "yards": {"10": "1/6", "20": "5/6"}}
    assert Fraction(report["dice"][10]["largest area"]["3"]) == Fraction(125125, 279936)


def test_solo_win_rates_come_from_the_same_seeded_games_as_simulate():
    from deerbook.analysis.simulate import simulate
    seasons = solo_seasons(["random", "greedy"], ("hard",), games=6, seed=2)
    table = win_rates(seasons)
    for agent in ("random", "greedy"):
        summary = simulate(make_game("football", num_players=1, solo_difficulty="hard"), [agent], 6, seed=2)
        assert table[agent, "hard"]["wins"] == summary["wins_per_seat"][0]
        assert float(table[agent, "hard"]["mean_blitz_bach"]) == pytest.approx(summary["means"]["blitz_bach_score"],
                                                                               abs=1e-4)
