"""GreedyAgent: each of its stated preferences, and determinism."""
from collections import Counter
from itertools import combinations

import pytest

from deer_helpers import DH, RD, act, cards, deal_out, first_readings_components, position, roll
from deerbook.bots.deer_greedy import GreedyAgent
from deerbook.bots.deer_greedy import (NO_FACE, _groups_holding, _joker_tables, _without, choose_group, choose_number,
                                  group_bound, joker_best, joker_choice, max_groups, rack_shortfall, shed_points)
from deerbook.deer.rules import (available_racks, choosable_numbers, group_target, hand_value, joker_faces,
                                  moved_numbers, number_points, rolled_numbers, sum_groups)
from deerbook.engine import Action, make_game, play
from deerbook.engine.seeding import stream


def greedy(state):
    """The greedy agent's choice at `state`, as text."""
    player = state.current_player()
    return str(GreedyAgent().act(state.observation(player), state.legal_actions(), stream(0)))


def test_joker_goes_on_the_die_and_number_shedding_most_points():
    s = roll(position([["1", "9", "9", "9", "12", "12", "Joker"], ["2"], ["4"]]), 1, RD, DH, "Bear")
    # as rolled, the odd cards go (28); die C made a 9 gives two numbers + Running Deer: the 1, the 9s and,
    # as the chosen third number, the 12s (52); die A or B can do no better than 28
    assert greedy(s) == "Joker on die C"
    assert greedy(act(s, "Joker on die C")) == "die C shows 9"


def test_joker_face_on_a_die_another_player_chose_is_the_best_face_for_that_die():
    s = act(roll(position([["1", "9", "9", "9", "12", "12", "Joker"], ["2"], ["4"]]), 1, RD, DH, "Bear"),
            "Joker on die A")  # greedy would pick die C
    comp, hand, roll_now = s.game.components, s.hands[0], s.roll
    faces = joker_faces(comp, roll_now, 0)
    scores = [shed_points(comp, hand, s.discard, (face,) + roll_now[1:]) for face in faces]
    assert greedy(s) == f"die A shows {comp.face_name(faces[scores.index(max(scores))])}"


def test_joker_on_its_own_faces_by_the_first_reading(tmp_path):
    first = {"components": first_readings_components(tmp_path)}
    s = roll(position([["1", "9", "9", "9", "Joker"], ["2"], ["4"]], options=first), 1, 2, 4, "Bear")
    # die A showing 9 sheds 27; die B showing Running Deer sheds the 1 and, as the chosen number, the 9s: 28
    assert greedy(s) == "Joker on die B"
    assert greedy(act(s, "Joker on die B")) == "die B shows Running Deer"


def test_no_joker_when_the_roll_is_already_best():
    s = roll(position([["1", "Joker"], ["2"], ["4"]]), 1, 2, 4, "Bear")
    assert greedy(s) == "no Joker"


def test_chosen_number_maximises_points_discarded():
    s = roll(position([["3", "3", "3", "11", "9"], ["2"], ["4"]]), RD, 5, 7, "Bear")
    assert greedy(s) == "choose 11"


def test_groups_maximise_points_passed():
    s = roll(position([["1", "2", "3", "4", "4", "5", "6", "7", "9"], ["2"], ["10"]]), RD, RD, 8, "Bear")
    while s.phase == "group":
        s = act(s, greedy(s))
    assert sum(s.to_pass) == 8  # 1+7, 2+6, 3+5, 4+4: taking 1+2+5 first would leave only 4+4


def test_cards_go_to_the_opponent_with_fewest_cards_then_lowest_pawn():
    s = roll(position([["3", "5", "9"], ["1", "2"], ["4", "6"], ["7", "8", "10"]], pawns=[0, 9, 4, 0]), 3, 5,
             "deer_head", "Bear")
    assert greedy(s) == "pass 3 to player 2"


def test_predators_are_passed_unless_they_keep_a_rack_within_reach():
    s = roll(position([["1", "Fox", "9"], ["2", "2"], ["4"]]), 1, 2, 4, "Fox")
    assert greedy(s) == "pass Fox to player 2"
    s = roll(position([["1", "Fox", "Wolf", "9"], ["2"], ["4"]]), 1, 2, 4, "Fox")
    assert greedy(s) == "keep the rest"


def test_rack_moves_itself_back_then_the_leader_forward():
    s = act(roll(position([["1", "Fox", "Wolf", "Bear", "9"], ["2"], ["4"]], pawns=[10, 30, 20]), 1, 2, 4,
                 "discard"), "discard nothing")
    while s.phase in ("rack", "rack_pawn", "rack_amount"):
        s = act(s, greedy(s))
    assert s.pawns == (0, 30, 25)


def test_draws_only_one_card_short_of_a_rack():
    one_short = act(roll(position([["1", "Fox", "Wolf", "9"], ["2"], ["4"]]), 1, 2, 4, "Bear"))
    assert one_short.phase == "draw" and greedy(one_short) == "draw from the Predator pile"
    far = act(roll(position([["1", "Fox", "9"], ["2"], ["4"]]), 1, 2, 4, "Bear"))
    assert greedy(far) == "don't draw"


def test_greedy_games_are_deterministic_given_the_seed():
    game = make_game("deer", num_players=4)
    first = play(game, [GreedyAgent() for _ in range(4)], 3)
    again = play(game, [GreedyAgent() for _ in range(4)], 3)
    assert first == again and first.ledger == again.ledger and first.stats() == again.stats()


def test_knocks_only_with_few_points_and_no_opponent_holding_fewer_cards_than_its_points():
    knock = {"knocking": True}
    assert greedy(position([["1", "2"], ["5", "7", "9"], ["12", "11", "3"]], options=knock)) == "knock"
    assert greedy(position([["1", "2"], ["5", "7"], ["12", "11", "3"]], options=knock)) == "roll the dice"
    assert greedy(position([["3", "4"], ["5", "7", "9"], ["12", "11", "3"]], options=knock)) == "roll the dice"


def test_sets_aside_its_highest_numbers():
    s = deal_out(roll(position([["1"], ["3"], ["2", "4"]], options={"headlights_spaces": True}), 1, 5, 7, "Fox"))
    while s.phase == "set_aside":
        s = act(s, greedy(s))
    assert cards(s, s.set_aside[1]) == Counter({"12": 1, "11": 1, "10": 1})


def test_blocks_a_discard_but_not_a_hand_over_to_someone_else():
    headlights = {"headlights_spaces": True}
    discard = roll(position([["1", "9"], ["2"], ["4"]], options=headlights, set_aside=[[], ["1"], []]), 1, 2, 4, "Bear")
    assert greedy(discard) == "reveal 1 to block"
    board = [["9", "Fox"], ["1", "2", "2"], ["4", "12"]]
    to_roller = roll(position(board, options=headlights, set_aside=[[], [], ["2"]]), 1, 2, 4, "Bear")
    assert greedy(to_roller) == "don't block"
    to_me = roll(position(board, options=headlights, set_aside=[["2"], [], []]), 1, 2, 4, "Bear")
    assert greedy(to_me) == "reveal 2 to block"


def test_bullseye_moves_itself_back_then_the_leader_forward():
    s = roll(position([["1"], ["5"], ["7"]], pawns=[0, 0, 10], options={"bullseye_spaces": True}), 1, 2, 4, "Fox")
    while s.phase.startswith("bullseye"):
        s = act(s, greedy(s))
    assert s.pawns == (0 + 7, 0, 17)  # 5 back for itself, the other 7 onto the leader (player 0 at 0)


def test_always_hands_cards_over_when_asked():
    s = roll(position([["5"], ["2", "K"], ["A", "9"]], edition="deer-cards"), 2, 1, 12)
    assert greedy(s) == "hand over 2 to player 0"


def test_greedy_plays_both_editions_with_every_option_deterministically():
    for name, options in [("deer", {"advanced": True}), ("deer-cards", {})]:
        game = make_game(name, num_players=3, **options)
        first = play(game, [GreedyAgent() for _ in range(3)], 5)
        assert first.is_terminal() and first.ledger == play(game, [GreedyAgent() for _ in range(3)], 5).ledger


def _random_hands(deck, rng, count: int):
    """`count` (hand, discard) pairs dealt at random from `deck`: 3 to 12 cards in hand, up to 8 discarded."""
    cards = [k for k, c in enumerate(deck) for _ in range(c)]
    for _ in range(count):
        picked = rng.sample(cards, 20)
        hand, discard = [0] * len(deck), [0] * len(deck)
        for k in picked[:rng.randint(3, 12)]:
            hand[k] += 1
        for k in picked[12:12 + rng.randint(0, 8)]:
            discard[k] += 1
        yield tuple(hand), tuple(discard)


@pytest.mark.parametrize("edition", ["deer", "deer-cards", "own-faces"])
def test_joker_best_is_the_first_face_shedding_the_most_of_every_face_scored_in_full(edition, tmp_path):
    """`joker_best` skips faces it can bound: it must agree with scoring every face through `shed_points`."""
    options = {"components": first_readings_components(tmp_path)} if edition == "own-faces" else {}
    game = make_game("deer" if edition == "own-faces" else edition, num_players=4, **options)
    comp, rng = game.components, stream(12)
    dice = [faces for _, faces in comp.number_dice]
    grouped = 0
    for hand, discard in _random_hands(game.full_deck, rng, 1500):
        roll = (tuple(rng.choice(faces) for faces in dice)
                + ((rng.choice(comp.predator_die),) if comp.predator_die else ()))
        for die, (best, first) in enumerate(joker_best(comp, hand, discard, roll)):
            faces = joker_faces(comp, roll, die)
            scores = [shed_points(comp, hand, discard, roll[:die] + (face,) + roll[die + 1:]) for face in faces]
            assert (best, first) == ((max(scores), scores.index(max(scores))) if scores else NO_FACE), (hand, roll, die)
            grouped += any(plan.group_target for plan in _joker_tables(comp, roll[:len(comp.number_dice)])[die].plans)
    assert grouped >= 20  # the bounded (Ruling 6 group) faces were exercised


@pytest.mark.parametrize("edition", ["deer", "deer-cards", "own-faces"])
def test_joker_choice_is_the_first_die_of_joker_best_beating_the_roll_as_it_is(edition, tmp_path):
    """`joker_choice` scores each die only above the best so far: it must pick what `joker_best` (every die in
    full) and `shed_points` of the roll as it is pick."""
    options = {"components": first_readings_components(tmp_path)} if edition == "own-faces" else {}
    game = make_game("deer" if edition == "own-faces" else edition, num_players=4, **options)
    comp, rng = game.components, stream(13)
    dice = [faces for _, faces in comp.number_dice]
    answers = Counter()
    for hand, discard in _random_hands(game.full_deck, rng, 1500):
        roll = (tuple(rng.choice(faces) for faces in dice)
                + ((rng.choice(comp.predator_die),) if comp.predator_die else ()))
        per_die = joker_best(comp, hand, discard, roll)
        most = max(best for best, _ in per_die)
        expected = None
        if most > shed_points(comp, hand, discard, roll):
            die = [best for best, _ in per_die].index(most)
            expected = die, per_die[die][1]
        assert joker_choice(comp, hand, discard, roll) == expected, (hand, discard, roll)
        answers[expected is None] += 1
    assert min(answers[True], answers[False]) >= 10, answers  # both answers were exercised


@pytest.mark.parametrize("edition", ["deer", "deer-cards", "own-faces"])
def test_shed_points_is_the_most_the_rules_move_with_any_numbers_chosen(edition, tmp_path):
    """`shed_points` (cached plans, the numbers holding the most points chosen) against the rules in full: the
    cards `moved_numbers` moves with every choice of numbers the chart row offers, then the most groups left."""
    options = {"components": first_readings_components(tmp_path)} if edition == "own-faces" else {}
    game = make_game("deer" if edition == "own-faces" else edition, num_players=4, **options)
    comp, rng, memo = game.components, stream(13), {}
    dice = [faces for _, faces in comp.number_dice]
    chose = 0
    for hand, discard in _random_hands(game.full_deck, rng, 1500):
        roll = tuple(rng.choice(faces) for faces in dice)
        row, rolled = comp.chart_row(roll), rolled_numbers(comp, roll)
        if row.effect == "take_discard_reroll":
            assert shed_points(comp, hand, discard, roll) == -hand_value(comp, discard)
            continue
        target, scores = group_target(comp, row, rolled), []
        for chosen in combinations(choosable_numbers(comp, roll, row), row.choices):
            moved = {comp.number_kind[n] for n in moved_numbers(comp, row, rolled, chosen)}
            left = tuple(0 if k in moved else c for k, c in enumerate(hand))
            groups = _exhaustive_max_groups(comp, left, target, memo) if target else 0
            scores.append(sum(hand[k] * comp.points[k] for k in moved) + target * groups)
        assert shed_points(comp, hand, discard, roll) == max(scores), (hand, roll)
        chose += row.choices > 0 and len(scores) > 1
    assert chose >= 50  # rows letting the roller choose numbers were exercised


def _exhaustive_max_groups(comp, available: tuple, target: int, memo: dict) -> int:
    """The most disjoint Ruling 6 groups in `available`, trying every group at every step."""
    if (available, target) not in memo:
        memo[available, target] = max((1 + _exhaustive_max_groups(comp, _without(available, group), target, memo)
                                       for group in sum_groups(comp, available, target)), default=0)
    return memo[available, target]


def _random_number_cards(comp, rng, fewest: int, most: int) -> tuple:
    """A count vector of `fewest` to `most` number cards (up to 4 of a kind)."""
    available = [0] * len(comp.cards)
    for k in rng.sample([k for k in comp.number_kinds_by_points for _ in range(4)], rng.randint(fewest, most)):
        available[k] += 1
    return tuple(available)


def test_max_groups_matches_an_exhaustive_search():
    """The bounds that stop `max_groups` early never change its answer, and never fall below it."""
    comp, rng, memo = make_game("deer", num_players=4).components, stream(3), {}
    for _ in range(400):
        available, target = _random_number_cards(comp, rng, 2, 11), rng.randint(2, 12)
        most = _exhaustive_max_groups(comp, available, target, memo)
        assert max_groups(comp, available, target) == most <= group_bound(comp, available, target), available


def test_the_groups_holding_a_card_are_the_groups_of_the_rules_holding_it():
    """The group search asks `sum_groups` only about the cards that can join a given card: it must still find
    every group of the rules' `sum_groups` holding that card, each once."""
    comp, rng = make_game("deer", num_players=4).components, stream(8)
    checked = 0
    for _ in range(300):
        available, target = _random_number_cards(comp, rng, 2, 12), rng.randint(2, 12)
        for kind in {k for k, c in enumerate(available) if c and 0 < comp.points[k] < target}:
            found = sorted(tuple(sorted(group)) for group in _groups_holding(comp, available, target, kind))
            assert found == sorted(g for g in sum_groups(comp, available, target) if kind in g), (available, kind)
            checked += len(found) > 1
    assert checked >= 100  # cards in several groups were exercised


def test_the_group_chosen_is_the_first_largest_leaving_the_most_groups_by_exhaustive_search():
    """`choose_group` stops at the first group leaving one group fewer than the hand holds: it must pick what
    scoring every group by an exhaustive search picks."""
    comp, rng, memo = make_game("deer", num_players=4).components, stream(4), {}
    chosen = 0
    for _ in range(300):
        available, target = _random_number_cards(comp, rng, 4, 12), rng.randint(3, 12)
        groups = [Action("group", g, "") for g in sum_groups(comp, available, target)]
        if not groups:
            continue
        best = max(groups, key=lambda a: (_exhaustive_max_groups(comp, _without(available, a.args), target, memo),
                                          len(a.args)))
        obs = {"hand": available, "to_pass": (0,) * len(available)}
        assert choose_group(comp, obs, groups + [Action("no_more_groups", (), "")]) is best, (available, target)
        chosen += best is not groups[0]
    assert chosen >= 20  # often not simply the first group listed


def test_rack_shortfall_is_the_fewest_predator_cards_that_complete_a_rack_of_the_rules():
    """Against the rules' `available_racks`: the fewest predator cards added to the hand that make a rack."""
    comp, rng = make_game("deer", num_players=4).components, stream(5)
    preds, joker = comp.predator_kinds, comp.joker_kind
    for _ in range(500):
        hand = [0] * len(comp.cards)
        for k in rng.sample([k for k in (*preds, joker) for _ in range(4)], rng.randint(0, 6)):
            hand[k] += 1
        reach, added = {tuple(hand)}, 0
        while not any(available_racks(comp, h) for h in reach):
            reach, added = {h[:k] + (h[k] + 1,) + h[k + 1:] for h in reach for k in preds}, added + 1
        assert rack_shortfall(comp, tuple(hand)) == added, hand


def test_the_number_chosen_is_the_first_whose_cards_the_rules_count_the_most_points():
    """`choose_number` sums held points per kind: it must pick what the rules' `number_points` ranks first."""
    comp, rng = make_game("deer", num_players=4).components, stream(6)
    for _ in range(500):
        hand = _random_number_cards(comp, rng, 0, 14)
        offered = [Action("choose", tuple(rng.sample(comp.numbers, rng.choice((1, 1, 2)))), "")
                   for _ in range(rng.randint(1, 10))]
        best = max(offered, key=lambda a: number_points(comp, hand, a.args))
        assert choose_number(comp, {"hand": hand}, offered) is best, (hand, offered)


def test_one_agent_moved_to_another_edition_plays_as_a_fresh_one():
    """The agent keeps the components of the last observation: they must follow the observation's edition."""
    agents = [GreedyAgent() for _ in range(3)]
    for name in ("deer", "deer-cards", "deer"):
        game = make_game(name, num_players=3)
        assert play(game, agents, 7).ledger == play(game, [GreedyAgent() for _ in range(3)], 7).ledger
