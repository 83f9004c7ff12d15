"""Saved games, tampered files, illegal actions and impossible hand-built positions."""
import json

import pytest

from deerbook.engine import RuleViolation, SaveFileError, play, state_from_json, state_to_json
from deerbook.engine.agents import RandomAgent
from deerbook.engine.errors import OptionError
from deerbook.engine.protocol import Action
from deerbook.engine.saving import _digest
from deerbook.football.state import ACTIVE, PICKS, position

from conftest import play_texts


def states_of_a_game(game, seed):
    seen = []
    play(game, [RandomAgent()] * game.num_players, seed, on_step=lambda state, _: seen.append(state))
    return seen


@pytest.mark.parametrize("players", [1, 2, 4])
def test_json_round_trip_along_a_game(players):
    from deerbook.engine import make_game

    for state in states_of_a_game(make_game("football", num_players=players), 5)[::7]:
        assert state_from_json(state_to_json(state)) == state


def resealed(text, change):
    """The save with `change` applied to its body and a fresh digest (a careful forger)."""
    data = json.loads(text)
    change(data["state"])
    data["digest"] = _digest({k: data[k] for k in ("game", "options", "state")})
    return json.dumps(data)


def test_tampered_saves_are_rejected(two):
    text = state_to_json(states_of_a_game(two, 1)[40])
    unsealed = json.loads(text)
    unsealed["state"]["marks"][0]["touchdowns"] += 1
    with pytest.raises(SaveFileError, match="digest"):
        state_from_json(json.dumps(unsealed))
    extra_die = resealed(text, lambda s: s["board"].__setitem__(0, s["board"][0] + 1))
    with pytest.raises(SaveFileError, match="state.board"):
        state_from_json(extra_die)
    bad_marker = resealed(text, lambda s: s["marks"][1].__setitem__("marker", 12))
    with pytest.raises(SaveFileError, match=r"state.marks\[1\].marker"):
        state_from_json(bad_marker)
    bad_phase = resealed(text, lambda s: s.__setitem__("phase", "halftime"))
    with pytest.raises(SaveFileError, match="state.phase"):
        state_from_json(bad_phase)


def test_illegal_actions_name_the_rule_and_leave_the_state(two):
    state = position(two, phase=PICKS, actor=1, board=(0, 0, 4, 5, 0, 2))
    before = state_to_json(state)
    with pytest.raises(RuleViolation, match="Non-Active players A-D") as info:
        state.apply(Action("pick", (1,)))  # area 1 has no play dice
    assert info.value.rule == state.rule() and state_to_json(state) == before
    with pytest.raises(RuleViolation, match="Game Play A-E"):
        position(two, phase=ACTIVE, hand=(0, 0, 2, 0, 0, 0), board=(0, 0, 0, 4, 5, 0)).apply(Action("check", (4,)))
    wild = play_texts(position(two, marks={0: dict(marker=10)}, phase=ACTIVE, hand=(0, 0, 0, 0, 1, 0),
                               board=(2, 2, 2, 2, 1, 0)), "check a 5")
    with pytest.raises(RuleViolation, match="Wild Chained Action"):
        wild.apply(Action("kick"))  # never inside a chain
    with pytest.raises(RuleViolation, match="Wild Chained Action"):
        wild.apply(Action("wild", (5,)))  # any OTHER track


def test_impossible_positions_are_refused(two):
    with pytest.raises(RuleViolation, match="Position builder.*board"):
        position(two, phase=PICKS, actor=1, board=(0, 0, 4, 5, 0, 2), pool=3)
    with pytest.raises(RuleViolation, match="Position builder.*active player does not pick"):
        position(two, phase=PICKS, actor=0, board=(0, 0, 4, 5, 0, 2))
    with pytest.raises(RuleViolation, match="track 1 has only"):
        position(two, marks={0: dict(checked=(99, 0, 0, 0, 0, 0))})


def test_game_options_round_trip_and_bad_options():
    from deerbook.engine import make_game

    for options in ({"num_players": 1, "solo_difficulty": "hard"}, {"num_players": 3, "solo_difficulty": "normal"}):
        assert make_game("football", **options).options() == options
    with pytest.raises(OptionError, match="num_players .* from 1 to 4"):
        make_game("football", num_players=5)
    with pytest.raises(OptionError, match="solo_difficulty .* normal or hard"):
        make_game("football", num_players=1, solo_difficulty="legendary")
