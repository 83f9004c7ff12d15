"""JSON saves: exact round trip, and tampered or inconsistent saves rejected naming the field."""
import json

import pytest

from deer_helpers import RD, act, position, roll
from deerbook.bots.deer_greedy import GreedyAgent
from deerbook.deer.rules.history import Entry, Place
from deerbook.engine import RandomAgent, RuleViolation, SaveFileError, make_game, play, state_from_json, state_to_json
from deerbook.engine.saving import _digest


def states_of_a_game(n=3, seed=5):
    seen = []
    play(make_game("deer", num_players=n), [GreedyAgent(), RandomAgent(), RandomAgent()][:n], seed,
         on_step=lambda s, a: seen.append(s))
    return seen


def test_round_trip_of_every_state_of_a_game():
    for state in states_of_a_game():
        assert state_from_json(state_to_json(state)) == state


def test_round_trip_mid_turn_keeps_pending_choices():
    s = act(roll(position([["8", "2", "6", "3", "5", "9"], ["9"], ["10"]]), RD, RD, 8, "Bear"), "group 3+5")
    back = state_from_json(state_to_json(s))
    assert back == s and back.legal_actions() == s.legal_actions()


def test_history_entries_are_named_in_play_and_saved_as_four_plain_integers():
    """Each history entry is an `Entry` with named fields and places, saved as the list of four integers that saves
    from before named entries hold, and loaded back to named entries."""
    state = max(states_of_a_game(), key=lambda s: len(s.history))
    saved = json.loads(state_to_json(state))["state"]["history"]
    assert len(saved) == len(state.history) > 10 and Place.NOTHING in {entry.target for entry in state.history}
    assert all(len(entry) == 4 and all(type(v) is int for v in entry) for entry in saved)
    assert saved == [[e.source, e.target, e.kind, e.mask] for e in state.history]
    loaded = state_from_json(state_to_json(state)).history
    assert loaded == state.history and all(isinstance(entry, Entry) for entry in [*loaded, *state.history])


def test_a_changed_file_fails_the_digest():
    text = state_to_json(position([["1"], ["2"], ["4"]])).replace('"round": 0', '"round": 1')
    with pytest.raises(SaveFileError, match="digest"):
        state_from_json(text)


def resigned(state, change) -> str:
    """A save edited by `change(state_dict)` with a recomputed digest (a careful tamperer)."""
    doc = json.loads(state_to_json(state))
    change(doc["state"])
    body = {k: doc[k] for k in ("game", "options", "state")}
    return json.dumps({**doc, "digest": _digest(body)})


def set_at(*path_and_value):
    *path, value = path_and_value

    def change(data):
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value
    return change


TAMPERED = [
    (set_at("hands", 0, 6, 5), r"card 7\): 7 in play, the deck has 4"),
    (set_at("pawns", 1, 101), r"state.pawns\[1\]"),
    (set_at("pawns", 1, 7), r"state.pawns\[1\]: 7 differs from the ledger"),
    (set_at("phase", "flying"), "state.phase"),
    (set_at("current", 3), "state.current"),
    (set_at("frozen", 0, 1), r"state.frozen\[0\]"),
    (set_at("hands", 0, 0, True), r"state.hands\[0\]\[0\]"),
    (set_at("roll", [1, 6, 4, "Fox"]), r"state.roll\[1\]"),
    (set_at("phase", "rack"), "the position does not allow the rack phase"),
    (set_at("extra", 1), "fields must be exactly"),
    (lambda d: d.pop("ledger"), "fields must be exactly"),
]


@pytest.mark.parametrize("change, message", TAMPERED, ids=[m for _, m in TAMPERED])
def test_a_tampered_state_is_rejected_naming_the_field(change, message):
    s = roll(position([["1", "7", "7", "9", "Fox"], ["2"], ["4"]], pawns=[3, 5, 8]), 1, 2, 4, "Fox")
    assert s.phase == "predator"
    with pytest.raises(SaveFileError, match=message):
        state_from_json(resigned(s, change))


def test_a_deal_out_of_order_is_rejected():
    s = make_game("deer", num_players=3).initial_state()
    s = s.apply(s.chance_outcomes()[0][0])
    with pytest.raises(SaveFileError, match=r"state.current"):
        state_from_json(resigned(s, set_at("current", 0)))


@pytest.mark.parametrize("hands, message", [
    ([["7"] * 5, ["2"], ["4"]], "card 7: 5 listed, the deck has 4"),
    ([["Dragon"], ["2"], ["4"]], "unknown card 'Dragon'"),
    ([["1"], [], ["4"]], "a hand is empty"),
])
def test_impossible_hand_made_positions_are_refused(hands, message):
    with pytest.raises(RuleViolation, match=message):
        position(hands)


def blocking_state():
    s = roll(position([["1", "1", "9"], ["2"], ["4", "7"]], options={"headlights_spaces": True},
                      set_aside=[[], ["1", "5", "9"], []]), 1, 2, 4, "Bear")
    assert s.phase == "block"
    return s


def test_round_trip_of_a_pending_block_and_a_card_edition_hand_over():
    hand_over = roll(position([["5"], ["2", "K"], ["A", "9"]], edition="deer-cards"), 2, 1, 12)
    for s in (blocking_state(), hand_over):
        back = state_from_json(state_to_json(s))
        assert back == s and back.current_player() == s.current_player() and back.legal_actions() == s.legal_actions()


def set_aside_from_the_predator_pile(player, kind):
    """A change moving one card of `kind` from the Predator pile to `player`'s set-aside cards."""
    def change(data):
        data["predator_pile"][kind] -= 1
        data["set_aside"][player][kind] += 1
    return change


ADVANCED_TAMPERED = [
    (set_at("set_aside", 1, 6, 1), r"card 7\): 5 in play"),
    (set_aside_from_the_predator_pile(1, 0), r"state.set_aside\[1\]: at most three number cards of different numbers"),
    (set_at("blocking", None), "state.blocking"),
    (set_at("blocking", [0, 0]), "state.blocking"),
    (set_at("set_aside_due", 1, 3), "state.set_aside_due"),
    (set_at("benefit_spaces", 0, 7), r"state.benefit_spaces\[0\]"),
    (set_at("giver", 0), "state.giver"),
]


@pytest.mark.parametrize("change, message", ADVANCED_TAMPERED, ids=[m for _, m in ADVANCED_TAMPERED])
def test_a_tampered_advanced_state_is_rejected_naming_the_field(change, message):
    with pytest.raises(SaveFileError, match=message):
        state_from_json(resigned(blocking_state(), change))


def test_set_aside_cards_need_the_headlights_option():
    s = position([["1", "9"], ["2"], ["4"]])
    with pytest.raises(SaveFileError, match=r"state.set_aside\[1\]: needs headlights_spaces"):
        state_from_json(resigned(s, set_aside_from_the_predator_pile(1, 6)))


def test_a_headlights_pawn_and_a_bullseye_pawn_at_one_round_end_save_and_load():
    """Issue 16: at this round end player 2 owes three set-aside cards while player 3 makes Bullseye moves."""
    seen = []
    play(make_game("deer", num_players=4, advanced=True), [GreedyAgent()] * 4, 32, on_step=lambda s, a: seen.append(s))
    due = [s for s in seen if s.phase == "bullseye_pawn" and any(s.set_aside_due)]
    assert due
    for s in due:
        assert state_from_json(state_to_json(s)) == s
    with pytest.raises(SaveFileError, match="state.set_aside_due"):
        state_from_json(resigned(due[0], set_at("set_aside_due", due[0].set_aside_due.index(3), 2)))


def test_custom_components_are_embedded_in_the_save_and_load_without_their_file(tmp_path):
    from deerbook.deer.component_file import DATA_DIR

    data = json.loads((DATA_DIR / "board-2014.json").read_text())
    data["name"], data["cards"][0]["points"] = "house board", 9
    path = tmp_path / "house.json"
    path.write_text(json.dumps(data))
    game = make_game("deer", num_players=3, components=str(path))
    assert game.options()["components"] == data
    text = state_to_json(states_of_a_game_of(game)[-1])
    path.unlink()
    loaded = state_from_json(text)
    assert loaded.game == game and hash(loaded.game) == hash(game) and loaded.game.components.cards[0].points == 9
    assert make_game("deer", num_players=3).options()["components"] == "board-2014"  # built-ins go by name


def states_of_a_game_of(game):
    seen = []
    play(game, [RandomAgent()] * game.num_players, 1, on_step=lambda s, a: seen.append(s))
    return seen
