"""The strength ladder, the share of skill, the win-chance temperature and the choice differences, on small batches."""
import pytest

from deerbook.analysis.batches import Batch
import json

from deerbook.analysis.choices import (CHOICE_STUDIES, CHOICES_FILE, DEER_KINDS, differences,
                                      differences_of, game_rows, habits, load_choices)
from deerbook.analysis.skill import (field_rate, fit_temperature, information_value, ladder, round_pawns,
                                     skill_share, study_ladder)
from deerbook.analysis.stats import Estimate
from deerbook.analysis.study import load_study


def batch(seats, returns) -> Batch:
    return Batch("deer", {}, 1, tuple(map(tuple, seats)), tuple(map(tuple, returns)), {})


def test_a_field_against_itself_is_read_one_seat_a_game():
    """Four greedy seats: the mean over every seat is 1/4 in every game; one seat a game (in turn) keeps its spread."""
    games = batch([["greedy"] * 4] * 4, [[1, 0, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
    rate = field_rate(games, "greedy")
    assert rate.mean == pytest.approx(0.75) and rate.n == 4 and rate.se > 0


def test_the_ladder_orders_the_rungs_and_reads_the_skill_share():
    rungs = ladder({"search": batch([["search", "greedy"]] * 4, [[1, 0], [1, 0], [1, 0], [0, 1]]),
                    "random": batch([["greedy", "random"]] * 4, [[1, 0]] * 4),
                    "perfect-info": batch([["perfect-info", "greedy"]] * 4, [[1, 0]] * 4)})
    assert [r.agent for r in rungs] == ["random", "search", "perfect-info"]
    assert [r.win_rate.mean for r in rungs] == [0, 0.75, 1]
    share = skill_share(rungs, 0.5)  # the cheat is not a player: the best fair rung is the search agent
    assert share.mean == pytest.approx(0.5) and share.se == pytest.approx(rungs[1].win_rate.se / 0.5)
    assert information_value(rungs).mean == pytest.approx(0.25)


def test_the_stored_study_gives_a_ladder():
    rungs = study_ladder(load_study(), "deer")
    agents = [r.agent for r in rungs]
    assert agents[:2] == ["greedy", "advisor"] or "random" in agents
    assert all(isinstance(r.win_rate, Estimate) for r in rungs)


def test_the_temperature_that_fits_best_is_found():
    rows = round_pawns("deer", 2, 12, 3)
    assert rows and all(len(pawns) == 2 for pawns, _ in rows)
    best = fit_temperature(rows, [5, 40, 400])
    assert best in (5, 40, 400)
    # the lower pawn wins more often than not in these games: a temperature that reads pawns fits better than none
    assert fit_temperature(rows, [40, 10**9]) == 40


def test_differences_are_counted_by_kind_with_their_worth():
    found = differences("deer", {"num_players": 2}, 1, 5, worth_rollouts=2, simulations=4)
    assert found and sum(d.decisions for d in found) > 5
    assert all(d.kind in DEER_KINDS.values() for d in found)
    assert all(0 <= d.differ.mean <= 1 and (d.worth is None) == (d.differ.mean == 0) for d in found)
    assert all(str(d).startswith(d.kind) for d in found)



def test_a_stored_game_of_the_choice_measurements_plays_again_the_same():
    """The book's advice reads `CHOICES_FILE`: game 1 of each measurement, played now, gives the stored rows."""
    stored = json.loads(CHOICES_FILE.read_text())
    for name, study in CHOICE_STUDIES.items():
        assert stored[name]["settings"] == study.settings()
        assert len(stored[name]["games"]) == study.games
        rows = game_rows(study.game, study.options, study.seed, 1, study.worth_rollouts, agent_name=study.agent)
        assert [list(row) for row in rows] == stored[name]["games"][1]


def test_the_stored_choice_measurements_read_by_kind():
    found = load_choices()
    assert set(found) == set(CHOICE_STUDIES)
    for kinds in found.values():
        assert kinds == sorted(kinds, key=lambda d: -d.decisions) and all(d.decisions > 0 for d in kinds)


def test_advice_keeps_the_switches_that_are_really_worth_something():
    rows = ([("pass", True, 0.1 + i / 100, "a", "b", "to the leader", "to the fewest") for i in range(6)]
            + [("pass", True, (-1) ** i * 0.3, "a", "c", "to the leader", "another") for i in range(8)]
            + [("pass", True, 0.5 + i / 100, "a", "d", "x", "y") for i in range(3)]  # too rare to advise
            + [("pass", True, 0.4 + i / 100, "a", "e", "x", "x") for i in range(6)]  # same pattern: no advice
            + [("pass", False, None, "a", "a", "x", "x")] * 4)
    found = differences_of(rows)
    assert [d.decisions for d in found] == [27] and found[0].differ.mean == 23 / 27
    kept = habits(found, least=5)
    assert [(a.instead, a.choose, a.times) for a in kept] == [("to the leader", "to the fewest", 6)]
    assert kept[0].worth.mean == pytest.approx(0.125)


def test_stored_labels_read_in_words():
    from deerbook.analysis.choices import in_words

    assert in_words("no joker") == "keep the Joker" and in_words("the fullest area") == "the fullest area"
