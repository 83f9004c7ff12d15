"""The balance study's options reach every configuration (`games_of`), and its progress bar names each one."""
import pytest

from deerbook.analysis import study as study_module
from deerbook.analysis.study import CONFIGURATIONS, DEFAULT_ADVISOR_GAMES, games_of, run_study
from deerbook.cli.balance import study_bar

SEARCHING = {"search", "perfect-info"}


@pytest.fixture
def played(monkeypatch):
    """The (configuration key, games) each configuration was played with, the games themselves not played."""
    calls: list[tuple[str, int]] = []

    def run_configuration(config, games, **_):
        calls.append((config.key, games))
        return {"games": games}

    monkeypatch.setattr(study_module, "run_configuration", run_configuration)
    monkeypatch.setattr(study_module, "timing", lambda config, stored: {})
    return calls


def test_a_short_study_is_short_in_every_configuration(played):
    """`--games 2` alone: the advisor's configurations (knocking too) and the search agent's play 2 as well."""
    started = []
    run_study(2, started=lambda config, games: started.append((config.key, games)))
    assert played == started == [(c.key, 2) for c in CONFIGURATIONS]


def test_each_configuration_plays_its_own_option(played):
    """--advisor-games bounds every advisor configuration, --search-games every search agent's, --games the rest."""
    study = run_study(3, 2, search_games=1)
    for key, games in played:
        agents = set(next(c for c in CONFIGURATIONS if c.key == key).agents)
        assert games == (1 if agents & SEARCHING else 2 if "advisor" in agents else 3), key
    assert {key for key, _ in played} == {c.key for c in CONFIGURATIONS}
    assert (study["games"], study["advisor_games"]) == (3, 2)


def test_an_option_given_reaches_every_configuration_it_names_at_any_size():
    """--advisor-games 5000 plays 5,000 games of the advisor with knocking too (its own size is 1,000), and
    --search-games 3000 every search configuration, however small its own size (issue 57, item 3)."""
    for config in CONFIGURATIONS:
        agents = set(config.agents)
        games = games_of(config, 20_000, 5_000, 3_000)
        assert games == (3_000 if agents & SEARCHING else 5_000 if "advisor" in agents else config.games or 20_000)


def test_the_default_study_keeps_each_configurations_own_size():
    sizes = {c.key: games_of(c, 20_000) for c in CONFIGURATIONS}
    assert sizes["deer-advisor"] == DEFAULT_ADVISOR_GAMES
    assert sizes["deer-advisor-knocking"] == 1_000 and sizes["deer-search"] == 1_000
    assert sizes["football-search"] == 2_000 and sizes["deer-perfect-info"] == 400
    assert sizes["deer-basic"] == 20_000


def test_the_progress_bar_names_each_configuration(capsys):
    knocking = next(c for c in CONFIGURATIONS if c.key == "deer-advisor-knocking")
    with study_bar(10, True) as (progress, started):
        started(knocking, 10)
        progress(4)
    assert "deer-advisor-knocking (10 games)" in capsys.readouterr().err
    with study_bar(10, False) as callbacks:
        assert callbacks == (None, None)
