"""The greedy agent and the simulate command line."""
import json

from deerbook.__main__ import main
from deerbook.engine import make_game
from deerbook.engine.simulate import simulate
from deerbook.football import GreedyAgent
from deerbook.football.rules import NO_EFFECT
from deerbook.football.rules import ACTIVE, PICKS
from deerbook.football.save import position


def greedy_choice(state):
    player = state.current_player()
    return str(GreedyAgent().act(state.observation(player), state.legal_actions(), None))


def test_greedy_kicks_when_its_dice_cannot_score(two):
    doug = position(two, marks={1: dict(marker=10, checked=(0, 0, 1, 0, 1, 0))}, phase=PICKS, actor=1, picks=(3,),
                    board=(0, 0, 3, 3, 5, 0))
    assert greedy_choice(doug) == "kick a field goal from the 10"


def test_greedy_drives_when_its_dice_score(two):
    gina = position(two, marks={0: dict(marker=5, checked=(0, 0, 0, 2, 0, 0), yac=1)}, phase=ACTIVE,
                    hand=(0, 0, 0, 3, 0, 0), board=(0, 2, 2, 2, 1, 1), defense=NO_EFFECT)
    assert greedy_choice(gina) == "check a 4"  # the YAC touchdown beats a field goal


def test_greedy_beats_random():
    summary = simulate(make_game("football", num_players=2), ["greedy", "random"], 40, seed=11)
    assert summary["win_rate_per_seat"][0] > 0.75
    assert summary["means"]["points"][0] > summary["means"]["points"][1]


def test_simulate_solo_reports_blitz_bach(capsys):
    assert main(["simulate", "football", "--solo", "--difficulty", "hard", "--games", "4", "--seed", "3",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["options"] == {"num_players": 1, "solo_difficulty": "hard"}
    assert {"blitz_bach_score", "won_vs_blitz_bach", "points"} <= set(summary["means"])


def test_observations_rebuild_exactly_what_a_checked_load_gives():
    """The agents' unchecked rebuild holds the same field values, of the same types, as the validated load."""
    from deerbook.football.advisor import decisions
    from deerbook.football.agents import rebuild

    for players in (1, 2):
        game = make_game("football", num_players=players)
        for state in decisions(game, ["greedy"] * players, 3)[::5]:
            observation = state.observation(state.current_player())
            rebuilt, loaded = rebuild(observation), game.state_from_json(observation["state"])
            assert rebuilt.__dict__ == loaded.__dict__
            assert [m.__dict__ for m in rebuilt.marks] == [m.__dict__ for m in loaded.marks]
            assert all(type(rebuilt.__dict__[k]) is type(loaded.__dict__[k]) for k in loaded.__dict__)
