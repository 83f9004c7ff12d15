"""The game object, illegal moves, observations and the decision list."""
import itertools
import json

import pytest

from deer_helpers import DH, RD, act, position, roll
from deerbook.engine.registry import agents_for
from deerbook.deer import DECISIONS, DeerGame, DeerOptions, rules
from deerbook.engine import Action, RandomAgent, RuleViolation, State, make_game, play, state_to_json
from deerbook.engine.protocol import ChanceTable
from deerbook.engine.seeding import stream
from deerbook.engine.errors import OptionError


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("name, options", [("deer", {}), ("deer", {"advanced": True}), ("deer", {"knocking": True}),
                                           ("deer-cards", {})])
def test_options_round_trip(n, name, options):
    game = make_game(name, num_players=n, **options)
    assert isinstance(game, DeerGame) and game.num_players == n and game.name == name
    assert make_game(name, **json.loads(json.dumps(game.options()))) == game
    assert set(agents_for(game.name)) >= {"random", "greedy"}


def test_advanced_means_all_three_flags_and_flags_switch_one_by_one():
    assert make_game("deer", advanced=True).advanced == DeerOptions(True, True, True)
    assert make_game("deer", bullseye_spaces=True).advanced == DeerOptions(bullseye_spaces=True)
    assert make_game("deer", advanced=True).options()["headlights_spaces"] is True
    assert "advanced" not in make_game("deer").options()


@pytest.mark.parametrize("kwargs", [{"num_players": 1}, {"num_players": 7}, {"num_players": 3, "knocking": "yes"},
                                    {"num_players": 3, "advanced": 1}])
def test_unsupported_options_are_refused(kwargs):
    with pytest.raises(ValueError):
        make_game("deer", **kwargs)


def test_an_unknown_option_is_refused():
    with pytest.raises(OptionError, match="no option 'flying'; its options are num_players"):
        make_game("deer", num_players=3, flying=True)


def test_advanced_rule_flags_default_off():
    assert DeerOptions() == DeerOptions(knocking=False, headlights_spaces=False, bullseye_spaces=False)
    assert make_game("deer").advanced == DeerOptions()


ILLEGAL = [
    (lambda: roll(position([["1", "Fox", "9"], ["2"], ["4"]]), 1, 2, 4, "Fox"), Action("pass", (12, 0)), "Ruling 12"),
    (lambda: roll(position([["5", "7", "9"], ["2"], ["4"]]), RD, 5, 7, "Bear"), Action("choose", (5,)), "Ruling 4"),
    (lambda: roll(position([["1", "Joker", "9"], ["2"], ["4"]]), 1, 2, 4, "Bear"), Action("joker", (3,)), "Ruling 14"),
    (lambda: act(roll(position([["1", "Joker", "9"], ["2"], ["4"]]), 1, 2, 4, "Bear"), "Joker on die C"),
     Action("face", (DH,)), "Ruling 14"),
    (lambda: position([["1"], ["2"], ["4"]]), Action("roll", (1, 6, 4, "Fox")), "Ruling 1"),
    (lambda: roll(position([["3", "5"], ["2"], ["4"]]), 3, 5, DH, "Fox"), Action("pass", (2, 0)), "Ruling 3"),
]


@pytest.mark.parametrize("build, action, ruling", ILLEGAL, ids=[r for _, _, r in ILLEGAL])
def test_illegal_action_names_the_ruling_and_leaves_the_state_unchanged(build, action, ruling):
    s = build()
    before = state_to_json(s)
    with pytest.raises(RuleViolation) as info:
        s.apply(action)
    assert info.value.rule.startswith(ruling)
    assert state_to_json(s) == before


def test_rack_amount_beyond_the_value_is_refused():
    s = act(roll(position([["1", "Fox", "Wolf", "Bear", "9"], ["2"], ["4"]]), 1, 2, 4, "discard"), "discard nothing",
            "rack Fox+Wolf+Bear (15)", "move player 1 forward")
    with pytest.raises(RuleViolation, match="Ruling 13"):
        s.apply(Action("amount", (16,)))


def test_observation_shows_own_hand_and_only_sizes_of_others():
    s = roll(position([["3", "3", "5", "9"], ["1", "Fox"], ["2"]], discard=["12"]), 3, 5, DH, "Bear")
    mine, theirs = s.observation(0), s.observation(1)
    assert mine["hand"] == s.hands[0] and theirs["hand"] == s.hands[1]
    assert mine["hand_sizes"] == (4, 2, 1) and mine["discard"] == s.discard
    assert mine["to_pass"] == s.to_pass and theirs["to_pass"] is None and theirs["to_pass_count"] == 3
    text = json.dumps(theirs)
    assert json.dumps(list(s.hands[0])) not in text and "predator_pile\"" not in text
    assert theirs["predator_pile_size"] == sum(s.predator_pile)


def test_str_is_readable():
    s = roll(position([["3", "9"], ["1"], ["2"]], frozen=[False, True, False]), 3, 5, DH, "Bear")
    text = str(s)
    assert "roll: 3, 5, Deer Head; predator Bear" in text and "player 1: pawn 0 frozen" in text
    assert "to pass: (1) 3" in text


def test_decisions_are_documented():
    assert len(DECISIONS) >= 10 and all(isinstance(d, str) and d for d in DECISIONS)
    for topic in ("Ruling 18", "Ruling 19, set aside", "Ruling 19, block", "Ruling 20", "Ruling 21", "Card edition",
                  "Card chart"):
        assert any(d.startswith(topic) for d in DECISIONS), topic


@pytest.mark.parametrize("name, phases", [("deer", {"deal", "draw_card", "roll"}),
                                          ("deer-cards", {"deal", "roll"})])
def test_a_chance_outcome_is_drawn_as_the_chance_table_draws_it(name, phases):
    """A deal or a draw from the Predator pile samples the pile's counts directly, a roll the shared roll table
    (`rules.draw`): the same outcome as the generic draw from the node's chance table, for the same random
    stream."""
    game = make_game(name, num_players=4)
    nodes = []
    play(game, [RandomAgent() for _ in range(4)], 8,
         on_step=lambda s, a: nodes.append(s) if s.is_chance_node() else None)
    assert {s.phase for s in nodes} == phases  # the card game has no Predator pile to draw from
    assert any(0 in s.deck for s in nodes if s.phase == "deal")  # kinds dealt out: zero counts in the pile
    for i, s in enumerate(nodes):
        direct, generic = stream(i), stream(i)
        assert s.sample_chance(direct) == State.sample_chance(s, generic)
        assert direct.random() == generic.random()  # one draw each


class _Fixed:
    """A stand-in random stream whose `random()` returns the given values in turn."""

    def __init__(self, *values: float):
        self.values = list(values)

    def random(self) -> float:
        return self.values.pop(0)


def _table_draw(counts, rng) -> int:
    """The kind a pile's chance table (its present kinds, weighted by their counts) draws."""
    present = [k for k, c in enumerate(counts) if c]
    return ChanceTable(present, itertools.accumulate(counts[k] for k in present)).draw(rng)


@pytest.mark.parametrize("counts", [(3,), (0, 2, 0, 1), (1, 1, 1), (4, 0, 0, 2, 5, 0)])
def test_a_card_drawn_from_the_laid_out_pile_is_the_kind_the_chance_table_draws(counts):
    """`rules.drawn_kinds` takes the card at position floor(u * cards) of the pile laid out in kind order: for
    every position that is the kind the pile's chance table (bisect over running totals) draws for the same u."""
    total = sum(counts)
    for place in range(total):
        u = (place + 0.5) / total  # floor(u * total) == place
        laid_out = rules.drawn_kinds(counts, 1, _Fixed(u))
        assert laid_out == [_table_draw(counts, _Fixed(u))]
        assert laid_out == [[k for k, c in enumerate(counts) for _ in range(c)][place]]


@pytest.mark.parametrize("seed", range(20))
def test_cards_drawn_in_a_row_are_those_the_chance_tables_draw_one_by_one(seed):
    """Several cards drawn from one pile: the kinds the chance table of the counts left draws, one
    `rng.random()` value each, so the stream ends at the same point."""
    game = make_game("deer" if seed % 2 else "deer-cards", num_players=2 + seed % 5)
    counts, cards = game.full_deck, sum(game.full_deck) - seed
    fast, slow = stream(seed), stream(seed)
    left, kinds = list(counts), []
    for _ in range(cards):
        kinds.append(_table_draw(left, slow))
        left[kinds[-1]] -= 1
    assert rules.drawn_kinds(counts, cards, fast) == kinds
    assert fast.random() == slow.random()
