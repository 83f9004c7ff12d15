"""The study's CPU time a decision: a median with its distribution-free interval, measured on the configuration's own
games (a timed game that is not the stored one is refused), and stored beside the configurations, not in them."""
import pytest

from deerbook.analysis.decision_times import Timed, decision_time, median_interval, short_time, time_decisions
from deerbook.analysis.study import configuration, merged, retimed, run_study, spec_of
from deerbook.engine.errors import SaveFileError


def test_the_median_interval_brackets_the_median_by_order_statistics():
    median, low, high = median_interval(range(100))
    assert median == 49.5
    assert (low, high) == (40, 59)  # ranks 50 -+ 9.8, rounded outwards
    assert median_interval([3.0]) == (3.0, 3.0, 3.0)
    with pytest.raises(ValueError, match="at least one"):
        median_interval([])


def test_a_decision_time_is_in_milliseconds_with_its_mean():
    timed = decision_time([0.001, 0.002, 0.003, 0.100], games=2)
    assert (timed.median_ms, timed.mean_ms, timed.decisions, timed.games) == (2.5, 26.5, 4, 2)
    assert [short_time(ms) for ms in (0.0123, 2.5, 104.8, 1450)] == ["0.012 ms", "2.5 ms", "105 ms", "1.4 s"]


def test_every_agent_of_a_configuration_is_timed_on_its_stored_games():
    study = run_study(3, workers=1, only=["football-3p-advisor"])
    times = study["decision_times"]["football-3p-advisor"]
    assert set(times["agents"]) == {"advisor", "greedy"}
    assert all(t["games"] == 3 and t["decisions"] > 0 and t["low_ms"] <= t["median_ms"] <= t["high_ms"]
               for t in times["agents"].values())
    assert "decision_times" not in study["configurations"]["football-3p-advisor"]  # the same on any machine


def test_a_timed_game_that_is_not_the_stored_one_is_refused():
    study = run_study(2, workers=1, only=["football-solo-hard-random"])
    config = study["configurations"]["football-solo-hard-random"]
    config["records"]["winners"][1] ^= 1
    with pytest.raises(SaveFileError, match="football-solo-hard-random: timed game 1 is not the stored game"):
        retimed(study, ["football-solo-hard-random"])


def test_time_decisions_checks_each_game_it_plays():
    config = configuration("football-2p")
    seen = []
    times = time_decisions(spec_of(config), config.agents, config.seed, 2, lambda index, record: seen.append(index))
    assert seen == [0, 1] and times["greedy"]["games"] == 2


def test_a_partial_run_merges_into_a_study_keeping_the_rest():
    base = run_study(2, workers=1, only=["football-2p", "football-solo-hard"], timed=False)
    part = run_study(2, workers=1, only=["football-solo-hard"])
    study = merged(base, part)
    assert list(study["configurations"]) == ["football-2p", "football-solo-hard"]
    assert study["configurations"]["football-2p"] == base["configurations"]["football-2p"]
    assert set(study["decision_times"]) == {"football-solo-hard"}
    assert set(retimed(study, ["football-2p"])["decision_times"]) == {"football-2p", "football-solo-hard"}


def test_a_timed_agent_is_shown_what_the_agent_is_shown():
    """The timer passes on how the agent reads its observation and whether it sees every hand (the cheating
    ceiling), so the timed games are the stored ones."""
    class Cheat:
        sees_every_hand = True

    timed = Timed(Cheat(), [])
    assert timed.sees_every_hand and not timed.observes_by_key
