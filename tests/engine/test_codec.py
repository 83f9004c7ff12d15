"""Actions as integers: each game's fixed numbering (`GameInfo.codec`) covers every action and chance outcome of
every node met in random games of every configuration, and reads each number back as the same action."""
import pytest

from deerbook.engine import RuleViolation, make_game
from deerbook.engine.codec import ActionCodec
from deerbook.engine.protocol import Action
from deerbook.engine.registry import game_info
from deerbook.football.rules import DECLINE_ACTIONS, NO_KICK

from game_configs import CONFIGS as EVERY_CONFIG, walk

CONFIGS = [(name, options) for name, options in EVERY_CONFIG if game_info(name).codec]  # the games that number
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in sorted(opts.items()))}" for name, opts in CONFIGS]
GAMES_PER_CONFIG = 3


def codec_of(game) -> ActionCodec:
    return game_info(game.name).hook("codec")(game)


@pytest.mark.parametrize("name,options", CONFIGS, ids=IDS)
def test_every_action_and_outcome_met_has_a_number_that_reads_back(name, options):
    game = make_game(name, **options)
    codec = codec_of(game)
    met = set()
    for seed in range(GAMES_PER_CONFIG):
        for state in walk(game.initial_state(), seed):
            if state.is_chance_node():
                outcomes = [outcome for outcome, _ in state.chance_outcomes()]
                numbers = [codec.outcome_id(outcome) for outcome in outcomes]
                assert [codec.outcome(number) for number in numbers] == outcomes
                assert codec.outcome_ids(outcomes) == numbers
                assert all(0 <= number < codec.num_outcomes for number in numbers)
            else:
                outcomes = list(state.legal_actions())
                numbers = [codec.action_id(action) for action in outcomes]
                assert [codec.action(number) for number in numbers] == outcomes
                assert codec.action_ids(outcomes) == numbers
                assert all(0 <= number < codec.num_actions for number in numbers)
            assert len(set(numbers)) == len(numbers), "one node's actions have distinct numbers"
            met.update((state.is_chance_node(), number) for number in numbers)
    assert len(met) > 20


@pytest.mark.parametrize("name,options", CONFIGS, ids=IDS)
def test_the_numbering_depends_on_the_game_only(name, options):
    """Built again (another game object, the same options), the numbering lists the same actions in the same order."""
    first, again = codec_of(make_game(name, **options)), codec_of(make_game(name, **options))
    assert first.actions == again.actions and first.outcomes == again.outcomes


def test_numbers_and_actions_outside_the_game_are_refused_by_name():
    codec = codec_of(make_game("football", num_players=2))
    for bad in (-1, codec.num_actions, 2.0, "3", True, None):
        with pytest.raises(RuleViolation, match="Action numbering: action numbers are integers from 0 to 27"):
            codec.action(bad)
    with pytest.raises(RuleViolation, match="this game has no action"):
        codec.action_id(Action("take", (7,)))
    with pytest.raises(RuleViolation, match="this game has no chance outcome"):
        codec.outcome_ids([Action("defense", (0,)), Action("defense", (9,))])
    with pytest.raises(RuleViolation, match="this game has no action"):
        codec.action_id("take 1")


def test_football_numbers_its_decisions_as_documented():
    codec = codec_of(make_game("football", num_players=3))
    assert codec.num_actions == 28 and codec.num_outcomes == 3 + 6 + 12_375 + 923
    assert [codec.action_id(Action(kind, (1,))) for kind in ("take", "check", "pick", "wild")] == [0, 6, 12, 18]
    assert codec.action_id(Action("kick")) == 24 and codec.action_id(NO_KICK) == 25
    assert [codec.action_id(DECLINE_ACTIONS[n]) for n in (2, 1)] == [26, 27]
    assert codec.outcome_id(Action("defense", (2,))) == 2


def test_deer_numbers_cards_by_kind():
    game = make_game("deer", num_players=4)
    codec, kinds = codec_of(game), len(game.components.cards)
    assert [codec.outcome_id(Action("deal", (k,))) for k in range(kinds)] == list(range(kinds))
    assert codec.outcome_id(Action("draw_card", (0,))) == kinds
    assert codec.action_id(Action("pass", (3, 2))) == 3 * 4 + 2
    assert codec.num_outcomes == 2 * kinds + len(game.components.roll_outcomes)


def test_a_codec_lists_each_action_once():
    with pytest.raises(ValueError, match="each action once"):
        ActionCodec([Action("a"), Action("a", (), "same action, other text")], [])
