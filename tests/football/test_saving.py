"""Saved games, tampered files, illegal actions and impossible hand-built positions."""
import json

import pytest

from deerbook.engine import RuleViolation, SaveFileError, play, state_from_json, state_to_json
from deerbook.engine.agents import RandomAgent
from deerbook.engine.errors import OptionError
from deerbook.engine.protocol import Action
from deerbook.engine.saving import _digest
from deerbook.football.rules import ACTIVE, PICKS
from deerbook.football.save import position

from football_helpers import play_texts


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


@pytest.mark.parametrize("picks", [(0, 3), (0,), (3, 3), (3, 0, 0), (7,)])
def test_declined_picks_end_the_picking_in_a_save(two, picks):
    with pytest.raises(RuleViolation, match="Position builder.*state.picks"):
        position(two, phase=PICKS, actor=1, board=(0, 0, 4, 5, 0, 2), picks=picks)


def test_a_save_with_declined_picks_round_trips(two):
    for picks in ((0, 0), (3, 0)):
        state = position(two, marks={1: dict(marker=10)}, phase=PICKS, actor=1, board=(0, 0, 4, 5, 0, 2),
                         picks=picks)
        assert state_from_json(state_to_json(state)) == state and state.picks == picks


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


@pytest.mark.parametrize("fields, message", [
    (dict(phase="area", board=(0,) * 6, pool=11), "no legal action or chance outcome in the area position"),
    (dict(phase=PICKS, actor=1, board=(0, 0, 4, 5, 0, 2), pool=0, power_board=(1, 0, 0, 0, 0, 0), power=1),
     "state.power_board: no power dice in phase 'picks'"),
    (dict(phase="area", board=(0, 0, 4, 5, 0, 2), pool=0, power_board=(1, 0, 0, 0, 0, 0)),
     "more power dice than unlocked"),
    (dict(phase="area", board=(0, 0, 4, 5, 0, 2), pool=0, power_board=(1, 0, 0, 0, 0, 0), power=2),
     "unlocked power dice are all rolled"),
    (dict(phase="final kicks", turn=12, actor=0), "no legal action or chance outcome in the final kicks position"),
])
def test_unplayable_positions_are_refused_naming_the_field(two, fields, message):
    doc = json.loads(state_to_json(two.initial_state()))
    doc["state"]["marks"][0]["power"] = fields.pop("power", 0)
    doc["state"].update({k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()})
    doc["digest"] = _digest({k: doc[k] for k in ("game", "options", "state")})
    with pytest.raises(SaveFileError, match=message):
        state_from_json(json.dumps(doc))


def test_returns_are_zero_until_the_game_ends(two):
    states = states_of_a_game(two, 3)
    assert all(s.returns() == (0.0, 0.0) for s in states)  # `play` reports every state before the last action


def test_a_custom_sheet_is_embedded_in_the_save_and_loads_without_its_file(tmp_path):
    from deerbook.engine import make_game
    from deerbook.football.sheet import DEFAULT_SHEET

    data = json.loads(DEFAULT_SHEET.read_text())
    data["play_tracks"][0]["boxes"][0] = {"box": "45"}
    path = tmp_path / "house.json"
    path.write_text(json.dumps(data))
    game = make_game("football", num_players=2, sheet_file=str(path))
    text = state_to_json(states_of_a_game(game, 2)[30])
    path.unlink()
    loaded = state_from_json(text)
    assert "sheet_file" not in text and loaded.game == game and hash(loaded.game) == hash(game)
    assert loaded.game.sheet.track(1)[0].code == "45"
