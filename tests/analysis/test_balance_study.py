"""The balance study: its stored results file replays from its seeds, the study runs the same anywhere, and the
agents' strengths in the catalogue say what it measured."""
import gzip
import itertools
import json

import numpy as np
import pytest

from study_records import record_at

from deerbook.analysis.study import (CONFIGURATIONS, DEFAULT_ADVISOR_GAMES, DEFAULT_GAMES, RESULTS_FILE, STUDY_VERSION,
                                     departs, difference, games_of, load_study, replay, replay_game, returns_of,
                                     run_study, save_study, winners_mask)
from deerbook.analysis.skill import study_ladder
from deerbook.analysis.stats import Estimate
from deerbook.engine.registry import STRENGTHS, agents_for
from deerbook.engine.errors import SaveFileError

REPLAYS_PER_CONFIGURATION = 3
# A game with a searching agent takes seconds to replay: one drawn for each such configuration but the two whose
# game 7 `replay_game` replays (test_replay_game_plays_the_stored_game_again: the same check, a second game).
SEARCHING_AGENTS = {"search", "perfect-info"}
REPLAYED_BY_KEY = {"deer-search": (7,), "football-search": (7,)}
SAMPLE_SEED = 20_251_204  # the sample is the same every run, so is the time it takes


@pytest.fixture(scope="module")
def study():
    return load_study(RESULTS_FILE)


def test_the_stored_study_has_every_configuration_at_its_declared_size(study):
    assert study["version"] == STUDY_VERSION
    declared = {c.key: c for c in CONFIGURATIONS}
    assert set(study["configurations"]) <= set(declared), "a stored configuration the study no longer declares"
    for key, config in study["configurations"].items():
        expected = games_of(declared[key], study["games"])  # each configuration at its own default size
        assert config["games"] == expected >= (50 if SEARCHING_AGENTS & set(config["agents"]) else 100)
        assert len(config["records"]["winners"]) == config["games"]


def test_every_declared_configuration_is_stored(study):
    """The results file is regenerated whole (`deerbook balance`): until then a new configuration is reported here."""
    missing = sorted({c.key for c in CONFIGURATIONS} - set(study["configurations"]))
    assert not missing, (f"the stored study predates configurations {', '.join(missing)}: regenerate it with "
                         "`deerbook balance --workers 2 --update-package`")


def test_replay_game_plays_the_stored_game_again(study):
    """`deerbook balance --replay KEY --game I` (`replay_game`) gives game I of a stored configuration as stored."""
    for key, indices in {"deer-basic": (0, 7), "deer-cards": (0, 7), **REPLAYED_BY_KEY}.items():
        for index in indices:
            assert replay_game(key, index) == record_at(study["configurations"][key], index)


def test_the_default_study_is_big():
    assert DEFAULT_GAMES >= 20_000 and DEFAULT_ADVISOR_GAMES >= 1_000


def test_a_random_sample_of_stored_games_replays_from_its_seeds(study):
    rng = np.random.default_rng(SAMPLE_SEED)
    for key, config in study["configurations"].items():
        if key in REPLAYED_BY_KEY:
            continue
        replays = 1 if SEARCHING_AGENTS & set(config["agents"]) else REPLAYS_PER_CONFIGURATION
        for index in rng.choice(config["games"], replays, replace=False):
            assert replay(config, int(index)) == record_at(config, int(index)), f"{key} game {index} drifted"


def test_stored_summaries_are_the_records_summarised(study):
    for config in study["configurations"].values():
        rates = config["summary"]["win_rate_per_seat"]
        wins = np.array([returns_of(m, len(config["agents"])) for m in config["records"]["winners"]]).mean(axis=0)
        assert [r["mean"] for r in rates] == pytest.approx(wins.tolist(), abs=1e-6)
        assert all(r["low"] <= r["mean"] <= r["high"] for r in rates)


@pytest.mark.parametrize("game", ["deer", "football"])
def test_the_catalogue_strengths_say_what_the_study_measured(study, game):
    """Against the same field (greedy agents), an agent the catalogue calls stronger than another wins more often
    beyond both 95% intervals, and two agents it calls equal are not told apart by them (the cheating ceiling
    aside)."""
    rungs = [rung for rung in study_ladder(study, game) if not rung.cheats]
    catalogue = agents_for(game)
    rank = {rung.agent: STRENGTHS.index(catalogue[rung.agent].strength) for rung in rungs}
    assert [rung.agent for rung in rungs] == ["random", "greedy", "advisor", "search"]
    for a, b in itertools.combinations(rungs, 2):
        weaker, stronger = sorted((a, b), key=lambda rung: rank[rung.agent])
        separated = weaker.win_rate.high < stronger.win_rate.low
        assert separated == (rank[weaker.agent] < rank[stronger.agent]), (weaker, stronger)


def test_winner_masks_round_trip_shared_wins():
    for returns in [(1.0, 0.0, 0.0), (0.5, 0.0, 0.5), (0.0,), (1 / 3, 1 / 3, 1 / 3, 0.0)]:
        assert returns_of(winners_mask(returns), len(returns)) == pytest.approx(returns)


def test_the_study_is_the_same_on_one_or_two_workers(tmp_path):
    only = ["deer-knocking", "football-solo-hard"]
    one = run_study(4, 2, workers=1, only=only)
    two = run_study(4, 2, workers=2, only=only)
    assert one["configurations"] == two["configurations"]
    path = save_study(one, tmp_path / "study.json.gz")
    assert load_study(path)["configurations"] == one["configurations"]
    assert path.read_bytes() == save_study(one, tmp_path / "again.json.gz").read_bytes()


def test_a_bad_results_file_is_refused_by_name(tmp_path):
    bad = tmp_path / "bad.json.gz"
    bad.write_bytes(b"not gzip")
    with pytest.raises(SaveFileError, match="gzip"):
        load_study(bad)
    study = run_study(2, 2, workers=1, only=["football-2p"])
    study["configurations"]["football-2p"]["records"]["winners"].pop()
    with gzip.open(bad, "wt") as file:
        json.dump(study, file)
    with pytest.raises(SaveFileError, match="football-2p.records"):
        load_study(bad)
    study["version"] = 99
    with gzip.open(bad, "wt") as file:
        json.dump(study, file)
    with pytest.raises(SaveFileError, match="version"):
        load_study(bad)


def test_a_difference_is_real_only_when_its_interval_leaves_out_zero():
    a, b = Estimate(0.30, 0.01, 1000), Estimate(0.25, 0.01, 1000)
    assert departs(difference(a, b), 0)
    assert not departs(difference(a, Estimate(0.29, 0.01, 1000)), 0)
    assert difference(a, b).se == pytest.approx(0.01 * 2 ** 0.5)
