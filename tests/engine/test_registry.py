"""A game is one registration: GameInfo records found through the `deerbook.games` entry-point group.

The toy race (tests/helpers/toy_game.py) is declared only by the installed-package metadata in tests/helpers/plugins/,
as another package would declare it, and must reach the conformance suite, the command line, the
benchmarks and the widgets with no edit to deerbook.
"""
import importlib.util
import os
import subprocess
import sys
import textwrap
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import toy_game
from deerbook.engine import OptionError, make_game
from deerbook.engine import plugins, registry
from deerbook.engine.errors import DeerbookError
from deerbook.engine.options import Option
from deerbook.engine.registry import (AGENT_GROUP, BUILTIN, GROUP, AgentInfo, Benchmark, GameInfo, agent_info,
                                     agent_names, agents_for, game_info, game_names, load_errors, register_agent)
from deerbook.cli.main import main
from deerbook.play.session import Session

ROOT = Path(__file__).resolve().parents[2]
HELPERS = Path(__file__).resolve().parents[1] / "helpers"  # the toy game and its plugins/ metadata
BUILTIN_GAMES = ["deer", "deer-cards", "football"]
PLAYERS = [Option("num_players", int, 2, "number of players", low=1, high=4)]


def deerbook_cli(*args: str, path: list[Path]) -> subprocess.CompletedProcess:
    """`python -m deerbook ARGS` in a fresh process whose PYTHONPATH is `path` (where installed metadata is found)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, path)), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "deerbook", *args], capture_output=True, text=True, timeout=120,
                          env=env, cwd=ROOT)


def write_package(where: Path, name: str, entry_points: str) -> Path:
    """An installed package's metadata (what pip writes): a dist-info folder with METADATA and entry_points.txt."""
    info = where / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{entry_points}\n")
    return where


@pytest.fixture
def fresh_registry(monkeypatch):
    """A registry that has discovered nothing yet and finds only the entry points given to it."""
    def use(*entries: EntryPoint) -> None:
        monkeypatch.setattr(registry, "_GAMES", {})
        monkeypatch.setattr(registry, "_AGENTS", {})
        monkeypatch.setattr(registry, "_LOAD_ERRORS", {})
        monkeypatch.setattr(registry, "_discovered", False)
        monkeypatch.setattr(plugins, "entry_points", lambda group: [e for e in entries if e.group == group])
    return use


def test_pyproject_declares_the_builtin_games_and_agents_in_their_groups():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert tuple(declared[GROUP].values()) == BUILTIN[GROUP]
    assert tuple(declared[AGENT_GROUP].values()) == BUILTIN[AGENT_GROUP]
    assert [info.name for path in BUILTIN[GROUP] for info in registry.load_path(path)] == BUILTIN_GAMES


def test_a_checkout_without_installed_metadata_still_has_the_builtin_games(fresh_registry):
    fresh_registry()
    assert game_names() == BUILTIN_GAMES and load_errors() == {}


def test_a_game_declared_by_another_package_is_registered():
    assert game_names() == [*BUILTIN_GAMES, "toy-race"] and load_errors() == {}
    assert game_info("toy-race") is toy_game.TOY_RACE
    assert (game_info("toy-race").min_players, game_info("toy-race").max_players) == (1, 6)


def test_the_conformance_suite_runs_every_configuration_of_the_installed_game():
    from game_configs import IDS

    toy = [test_id for test_id in IDS if test_id.startswith("toy-race-")]
    assert toy == ["toy-race-num_players=1", "toy-race-num_players=2", "toy-race-num_players=3-target=10"]


def test_the_benchmarks_measure_every_registered_case():
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "benchmarks" / "run.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    cases = bench.cases()
    assert [name for name, _ in cases] == ["deer"] * 3 + ["deer-cards"] + ["football"] * 2 + ["toy-race"]
    assert cases[-1][1] == Benchmark({}, "random")  # a game that lists no case is measured at its defaults


def test_the_command_line_plays_and_lists_the_installed_game():
    path = [HELPERS, HELPERS / "plugins"]
    done = deerbook_cli("simulate", "toy-race", "--games", "5", "--seed", "3", "--option", "target=4", path=path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.startswith("toy-race: 2 players, target 4\n5 games from seed 3\n")
    helps = deerbook_cli("simulate", "--help", path=path).stdout
    assert "{deer,deer-cards,football,toy-race}" in helps and "toy-race 2)" in helps
    assert "toy-race (Race to a target (a toy game for the tests)):\n    num_players" in helps
    assert "target             total that wins (default 6)" in helps
    assert "toy-race" in deerbook_cli("play", "--help", path=path).stdout
    bad = deerbook_cli("simulate", "toy-race", "--seed", "1", "--option", "target=0", path=path)
    assert bad.returncode == 2 and "argument --option: toy-race option target (total that wins) must be an " \
                                   "integer from 1 to 1000, got 0" in bad.stderr
    no_odds = deerbook_cli("odds", "toy-race", path=path)  # the toy race registers no odds
    assert no_odds.returncode == 2 and "invalid choice: 'toy-race'" in no_odds.stderr


def test_without_the_package_the_game_is_not_there():
    done = deerbook_cli("simulate", "toy-race", "--seed", "1", path=[HELPERS])
    assert done.returncode == 2 and "invalid choice: 'toy-race'" in done.stderr


def test_a_broken_entry_point_is_named_and_the_other_games_still_run(tmp_path):
    write_package(tmp_path, "broken_games", "broken = no_such_module:GAMES\nwrong = toy_game:RaceGame")
    done = deerbook_cli("simulate", "toy-race", "--games", "2", "--seed", "1", path=[HELPERS, HELPERS / "plugins",
                                                                                     tmp_path])
    assert done.returncode == 0 and done.stdout.startswith("toy-race: 2 players")
    assert done.stderr.splitlines() == [
        "deerbook: warning: skipped the games of entry point broken = no_such_module:GAMES: "
        "ModuleNotFoundError: No module named 'no_such_module'",
        "deerbook: warning: skipped the games of entry point wrong = toy_game:RaceGame: "
        "DeerbookError: expected a GameInfo or a list of them, got ABCMeta"]


def test_asking_for_a_game_that_did_not_load_names_the_broken_entry_point(fresh_registry):
    fresh_registry(EntryPoint("mygame", "no_such_module:MY_GAME", GROUP))
    with pytest.raises(DeerbookError, match=r"unknown game 'mygame'; known games: deer, deer-cards, football; "
                                            r"entry point mygame = no_such_module:MY_GAME failed to load "
                                            r"\(ModuleNotFoundError: No module named 'no_such_module'\)"):
        make_game("mygame")


def test_a_taken_name_is_refused_and_the_first_registration_kept(fresh_registry):
    fresh_registry(EntryPoint("games", "toy_game:TOY_AND_OTHER_DEER", GROUP))
    assert game_info("deer").title == "Deer in the Headlights, the board game"
    assert game_names() == BUILTIN_GAMES  # the toy race of the refused entry point is not kept either
    assert load_errors() == {"games = toy_game:TOY_AND_OTHER_DEER": "DeerbookError: game name 'deer' is taken "
                                                                         "(by Deer in the Headlights, the board game); "
                                                                         "register under another name"}
    with pytest.raises(DeerbookError, match="game name 'deer' is taken"):
        registry.register(toy_game.OTHER_DEER)
    registry.register(toy_game.TOY_RACE)
    registry.register(toy_game.TOY_RACE)  # the same record again changes nothing
    assert game_info("toy-race") is toy_game.TOY_RACE


@pytest.mark.parametrize("fields,error,words", [
    ({"name": "Toy Race"}, DeerbookError, "one lower-case word"),
    ({"options": [Option("target", int, 6, "total that wins", low=1, high=9)]}, DeerbookError, "num_players"),
    ({"configs": [{"num_players": 9}]}, OptionError, "toy option num_players .* from 1 to 4, got 9"),
    ({"benchmarks": [Benchmark({"speed": 2}, "random")]}, OptionError, "toy has no option 'speed'"),
    ({"odds": registry}, DeerbookError, "its odds hook must be an import path"),
    ({"view": ":render"}, DeerbookError, "its view hook must be an import path"),
])
def test_a_bad_registration_is_refused_when_made(fields, error, words):
    with pytest.raises(error, match=words):
        GameInfo(**{"name": "toy", "title": "Toy", "factory": toy_game.RaceGame, "options": PLAYERS, **fields})


def test_every_hook_of_every_game_loads_and_offers_what_deerbook_calls():
    pytest.importorskip("ipywidgets")  # the hint functions live in deerbook.widgets
    for name in game_names():
        info = game_info(name)
        odds, hints, view, log = (info.hook(kind) for kind in ("odds", "hints", "view", "log"))
        assert odds is None or callable(odds.odds_report) and callable(odds.format_odds)
        assert hints is None or callable(hints)
        assert view is None or all(hasattr(view, part) for part in ("render_svg", "render_text", "headline",
                                                                      "result_text", "PHASE_WORDS"))
        assert (log is None) == (view is None) and (log is None or callable(log.step_narration))
    assert [name for name in game_names() if game_info(name).odds] == BUILTIN_GAMES


def test_a_hook_that_cannot_be_imported_names_the_game_and_the_hook():
    info = GameInfo("toy", "Toy", toy_game.RaceGame, PLAYERS, hints="toy_game:no_such_hint")
    with pytest.raises(DeerbookError, match="game 'toy': its hints hook 'toy_game:no_such_hint' cannot be loaded"):
        info.hook("hints")


@pytest.mark.parametrize("raised", ["ValueError('bad module')", "SystemExit(7)", "RuntimeError"])
def test_a_hook_or_factory_whose_module_fails_in_any_way_is_one_error_naming_it(raised, tmp_path, monkeypatch):
    (tmp_path / "failing_plugin.py").write_text(f"raise {raised}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    name = raised.partition("(")[0]
    info = GameInfo("toy", "Toy", toy_game.RaceGame, PLAYERS, hints="failing_plugin:hint")
    with pytest.raises(DeerbookError, match=f"its hints hook 'failing_plugin:hint' cannot be loaded: {name}"):
        info.hook("hints")
    agent = AgentInfo("failing", "fails", "random", "failing_plugin:Bot")
    with pytest.raises(DeerbookError, match=f"agent 'failing': its factory 'failing_plugin:Bot' cannot be loaded: "
                                            f"{name}"):
        agent.load("deer")


def test_option_errors_come_from_the_spec_the_same_for_every_game():
    for name, key, value, words in [("toy-race", "target", 0, "toy-race option target (total that wins) must be an "
                                                              "integer from 1 to 1000, got 0"),
                                    ("deer", "num_players", 9, "deer option num_players (number of players) must "
                                                               "be an integer from 2 to 6, got 9")]:
        with pytest.raises(OptionError) as info:
            make_game(name, **{key: value})
        assert str(info.value) == words and info.value.option == key


def test_a_table_opens_on_the_installed_game_by_name():
    session = Session("toy-race", ["human", "random", "random"], seed=2)
    assert session.game.num_players == 3 and session.view_module.headline({}, session.game) == "toy-race"
    pytest.importorskip("ipywidgets")
    from deerbook.widgets import GameTable

    table = GameTable("toy-race", ["human", "random"], seed=1, bot_delay=None)
    assert table.game.name == "toy-race" and table.hint_function is None


def test_the_contributing_walk_through_builds_its_record():
    text = (ROOT / "CONTRIBUTING.md").read_text()
    walk_through = text[text.index("## Adding a game"):text.index("## Conventions")]
    namespace = {"RaceGame": toy_game.RaceGame}
    exec(textwrap.dedent(walk_through.split("```python\n")[1].split("```")[0]), namespace)
    info = namespace["MY_RACE"]
    assert (info.name, info.min_players, info.max_players, info.view) == ("my-race", 1, 6, "my_race.view")
    assert info.configs == ({"num_players": 1}, {"num_players": 3, "target": 10})


# -- the agent catalogue: every agent registered once, read by every front end --------------------------------------
def test_every_builtin_agent_is_registered_once_with_its_games():
    assert agent_names() == ["random", "greedy", "greedy-no-knock", "advisor", "search", "perfect-info"]
    assert list(agents_for("deer")) == list(agents_for("deer-cards")) == agent_names()
    assert list(agents_for("football")) == ["random", "greedy", "advisor", "search"]
    assert list(agents_for("toy-race")) == ["random"]  # a generic agent plays a game nobody wrote agents for
    assert [name for name in agent_names() if agent_info(name).cheats] == ["perfect-info"]
    for name in agent_names():
        info = agent_info(name)
        assert info.description and info.summary.startswith(f"{name} ({info.strength}{', cheats' * info.cheats}): ")
        for game in game_names():
            if name in agents_for(game):
                agent = info.load(game)()
                assert callable(agent.act)


def test_a_generic_agent_reads_the_games_metadata():
    assert (game_info("deer").information, game_info("football").information) == ("imperfect", "perfect")
    sees_all = AgentInfo("sees-all", "needs perfect information", "basic", "deerbook.engine.agents:RandomAgent",
                         information=("perfect",))
    assert [name for name in game_names() if sees_all.plays(game_info(name))] == ["football", "toy-race"]


def test_an_agent_registered_at_run_time_plays_at_once(monkeypatch):
    monkeypatch.setattr(registry, "_AGENTS", dict(registry._AGENTS))
    register_agent(AgentInfo("first-choice", "always takes the first legal move", "random", "toy_game:FirstChoice"))
    assert "first-choice" in agents_for("deer") and "first-choice" in agents_for("toy-race")
    result = main(["simulate", "toy-race", "--seed", "1", "--games", "3", "--agents", "first-choice", "--workers", "1"])
    assert result == 0
    with pytest.raises(DeerbookError, match="agent name 'greedy' is taken"):
        register_agent(AgentInfo("greedy", "another", "basic", "toy_game:FirstChoice"))


@pytest.mark.parametrize("fields, words", [
    ({"name": "Big Bot"}, "one lower-case word"),
    ({"strength": "genius"}, "strength must be one of random, basic, good, strong"),
    ({"factory": "no_colon"}, "import path"),
    ({"factory": {"deer": ""}}, "import path"),
    ({"name": "human"}, "agent name 'human' is a table's seat for a person; register the agent under another name"),
])
def test_a_bad_agent_registration_is_refused_when_made(fields, words):
    with pytest.raises(DeerbookError, match=words):
        AgentInfo(**{"name": "bot", "description": "d", "strength": "basic", "factory": "m:f", **fields})
