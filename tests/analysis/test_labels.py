"""Each agent's label is true for every mode: derived from the stored balance study (never typed), present for every
agent a table seats in every mode, and shown at the tables' seat menus and in `deerbook play --help`."""
import pytest

from deerbook.analysis.labels import (MEASURED, MODES, derive, ladder_word, mode_labels, mode_of, sentence,
                                      stored_labels, words)
from deerbook.analysis.study import RESULTS_FILE, load_study
from deerbook.bots.catalogue import labels_help, mode_strength, table_words
from deerbook.cli.main import main
from deerbook.engine.registry import agent_info, table_agents
from deerbook.play.setup import setup_fields

GAME_OF = {"deer": ("deer", {"num_players": 4}), "deer-knocking": ("deer", {"num_players": 4, "knocking": True}),
           "deer-cards": ("deer-cards", {"num_players": 4}), "football-2p": ("football", {"num_players": 2}),
           "football-3p": ("football", {"num_players": 3}), "football-4p": ("football", {"num_players": 4}),
           "solo-normal": ("football", {"num_players": 1, "solo_difficulty": "normal"}),
           "solo-hard": ("football", {"num_players": 1, "solo_difficulty": "hard"})}


@pytest.fixture(scope="module")
def study():
    return load_study(RESULTS_FILE)


def test_the_stored_labels_are_the_stored_study_derived(study):
    """A change of the study that moves a label (a win rate, its interval, a ladder word, a time) fails here until
    the labels are derived again (`save_labels(derive(load_study()))`)."""
    assert derive(study) == stored_labels()


def test_every_agent_a_table_seats_has_a_measured_label_in_every_mode(study):
    assert [mode.key for mode in MODES] == list(GAME_OF) == list(MEASURED)
    for mode, (game, options) in GAME_OF.items():
        assert mode_of(game, options) == mode
        labels = stored_labels()["modes"][mode]
        assert set(labels) == set(table_agents(game)), mode
        for agent, found in labels.items():
            rate, ms = found["win_rate"], found["decision_ms"]
            assert 0 <= rate["low"] <= rate["mean"] <= rate["high"] <= 1, (mode, agent)
            assert ms is not None and ms["low_ms"] <= ms["median_ms"] <= ms["high_ms"], (mode, agent)
            assert found["games"] == study["configurations"][found["configuration"]]["games"] >= 40


def with_all_lost(study: dict, key: str) -> dict:
    """The study with every game of configuration `key` lost, the study itself untouched (copied along the path only:
    a deep copy of the whole study took longer than the rest of the test)."""
    config = study["configurations"][key]
    lost = {**config, "records": {**config["records"], "winners": [0] * config["games"]}}
    return {**study, "configurations": {**study["configurations"], key: lost}}


def test_a_label_follows_the_study(study):
    """The solo advisor's games all lost: its label says weaker than greedy, at 0%."""
    key, _ = MEASURED["solo-hard"]["advisor"]
    before, after = mode_labels(study, "solo-hard"), mode_labels(with_all_lost(study, key), "solo-hard")
    assert after["advisor"]["win_rate"]["mean"] == 0 and after["advisor"]["ladder"] == "random"
    assert before["advisor"] != after["advisor"] and before["greedy"] == after["greedy"]


def test_the_ladder_word_only_where_the_intervals_tell_agents_apart():
    rates = {"random": {"low": 0.0, "mean": 0.01, "high": 0.02}, "greedy": {"low": 0.24, "mean": 0.25, "high": 0.26},
             "advisor": {"low": 0.25, "mean": 0.27, "high": 0.29}, "good": {"low": 0.27, "mean": 0.28, "high": 0.3},
             "best": {"low": 0.31, "mean": 0.35, "high": 0.39}, "no-knock": {"low": 0.21, "mean": 0.22, "high": 0.23}}
    assert [ladder_word(rates, agent) for agent in rates] == ["random", "basic", None, "good", "strong",
                                                              "below greedy"]


def test_modes_of_every_table():
    assert mode_of("deer", {"num_players": 3}) == "deer"
    assert mode_of("deer", {"num_players": 5, "advanced": True}) == "deer-knocking"
    assert mode_of("deer-cards", {"num_players": 2}) == "deer-cards"
    assert mode_of("football", {"num_players": 1}) == "solo-normal"
    assert mode_of("toy-race", {}) is None


def test_a_label_in_words_carries_the_stored_numbers():
    found = stored_labels()["modes"]["solo-hard"]["advisor"]
    text = words("advisor", "football", {"num_players": 1, "solo_difficulty": "hard"})
    assert text == sentence(found, MODES[-1])
    rate = found["win_rate"]
    assert f"wins {100 * rate['mean']:.0f}% ({100 * rate['low']:.0f}–{100 * rate['high']:.0f}%)" in text
    assert "solo Football, hard against Blitz Bach" in text and "a decision" in text


@pytest.mark.parametrize("mode", list(GAME_OF))
def test_the_seat_menus_show_each_bots_label_for_the_mode_chosen(mode):
    game, options = GAME_OF[mode]
    form = {"game": game, "num_players": str(options["num_players"]), "seat0": "human"}
    form.update({f"opt:{name}": value for name, value in options.items() if name != "num_players"})
    seat = next(field for field in setup_fields(form) if field.name == "seat0")
    about, picks = dict(seat.about), dict(seat.options)
    for agent in table_agents(game):
        assert about[agent] == table_words(agent_info(agent), game, options)
        assert about[agent].endswith(words(agent, game, options))
        word = mode_strength(agent_info(agent), game, options)
        assert picks[agent] == f"{agent} ({'weakest' if word == 'random' else word})"


def test_the_advisor_is_strong_in_solo_where_the_study_says_so():
    """The catalogue's one-word strength of the advisor ("basic") holds in 4-player Deer; in a mode where the study
    tells it apart from greedy, the menu says what the study says instead."""
    labels = stored_labels()["modes"]
    for mode, (game, options) in GAME_OF.items():
        assert mode_strength(agent_info("advisor"), game, options) == (labels[mode]["advisor"]["ladder"]
                                                                       or "≈ greedy")


def test_play_help_lists_every_label(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert labels_help().splitlines()[0] in out
    for mode in MODES:
        assert f"{mode.words}:" in out
