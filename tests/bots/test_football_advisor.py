"""The advisor: exact turn outcomes against brute force over every line of decisions, and its agent."""
from fractions import Fraction


from deerbook.engine.registry import agents_for
from deerbook.engine import make_game
from deerbook.analysis.simulate import simulate
from deerbook.bots.football_advisor import Advisor, AdvisorAgent, ChoiceOutcome, active_choice, picks_choice
from deerbook.engine.exact import outcome_distribution
from deerbook.analysis.football_odds import blitz_board
from deerbook.football.marks import NO_EFFECT, RUN_MINUS_5, Marks
from deerbook.football.rules import ACTIVE, AREA, BLITZ_ROLL, DEFENSE_ROLL, PICKS
from deerbook.football.save import position
from deerbook.engine.seeding import stream

from football_helpers import within_4_se

def blitz_this_round(state, advisor):
    """Blitz Bach's exact score this round from a solo decision of the round, the player following the advisor."""
    scored = len(state.blitz)
    return outcome_distribution(state, value=lambda s: s.blitz[scored], stop=lambda s: len(s.blitz) > scored,
                                policy=advisor.policy)


GINA = dict(marker=5, checked=(0, 0, 0, 2, 0, 0), yac=1)  # the rule text's incomplete-pass example


def best_points_by_brute_force(state, player, turn=None):
    """Every line of the player's decisions to the end of their turn (no chance on the way): the most points."""
    turn = turn or (state.actor, state.turn, state.overtime)
    if state.is_terminal() or state.is_chance_node() or (state.actor, state.turn, state.overtime) != turn:
        return state.marks[player].points
    return max(best_points_by_brute_force(state.apply(a), player, turn) for a in state.legal_actions())


def test_advisor_ranks_the_touchdown_above_the_field_goal(two):
    gina = position(two, marks={0: GINA}, phase=ACTIVE, hand=(0, 0, 0, 3, 0, 0), board=(0, 2, 2, 2, 1, 1),
                    defense=NO_EFFECT)
    advice = Advisor().advise(gina)
    assert [(str(a.action), a.expected_points, a.touchdown_chance) for a in advice] == [
        ("check a 4", 7, 1), ("kick a field goal from the 5", 6, 0)]  # kicking first leaves two field goals


def test_advisor_kicks_before_an_incomplete_pass(two):
    doug = position(two, marks={1: dict(marker=10, checked=(0, 0, 1, 0, 1, 0))}, phase=PICKS, actor=1, picks=(3,),
                    board=(0, 0, 3, 3, 5, 0))
    advice = Advisor().advise(doug)
    assert str(advice[0].action) == "kick a field goal from the 10" and advice[0].expected_points == 3
    assert advice[0].outcome.expectation(lambda e: e.marker) == 25  # the 20-yard pass completes after the kick


def test_advisor_declines_a_pick_whose_play_gains_nothing(small_two):
    near = position(small_two, marks={1: dict(marker=15)}, phase=PICKS, actor=1, picks=(2,), board=(0, 3, 0, 0, 0, 3))
    advice = Advisor().advise(near)
    assert [str(a.action) for a in advice] == ["decline the second pick", "pick track 6"]  # the pass is incomplete
    assert advice[0].expected_points == advice[1].expected_points == 0
    assert [a.outcome.expectation(lambda e: e.yards_used) for a in advice] == [0, 30]
    far = position(small_two, phase=PICKS, actor=1, picks=(2,), board=(0, 3, 0, 0, 0, 3))
    assert str(Advisor().advise(far)[0].action) == "pick track 6"


def test_advisor_matches_brute_force_over_every_line(two):
    positions = [
        position(two, phase=AREA, board=(3, 2, 1, 2, 2, 1), marks={0: dict(marker=15, checked=(3, 2, 2, 4, 1, 2))},
                 defense=RUN_MINUS_5),
        position(two, phase=PICKS, actor=1, board=(0, 4, 0, 3, 2, 0), marks={1: dict(marker=10, kick=1)}),
        position(two, phase=ACTIVE, hand=(0, 0, 0, 0, 4, 0), marks={0: dict(marker=25, kick=3)}),
    ]
    advisor = Advisor()
    for state in positions:
        best = advisor.advise(state)[0]
        start = state.marks[state.actor].points
        assert best.expected_points == best_points_by_brute_force(state, state.actor) - start
        assert best.outcome.probability(lambda e: True) == 1


def test_advice_can_rank_by_touchdown_chance(two):
    state = position(two, phase=AREA, board=(3, 2, 1, 2, 2, 1), marks={0: dict(marker=20)}, defense=NO_EFFECT)
    by_td = Advisor().advise(state, by="touchdown")
    chances = [a.touchdown_chance for a in by_td]
    assert chances == sorted(chances, reverse=True)
    assert len(by_td) == len(state.legal_actions())


def test_active_choice_replays_the_rule_text_examples():
    doug = active_choice(Marks(), 1, 3, RUN_MINUS_5)  # first run 0 yards, empty box, then 5 + 5 Breakaway
    assert dict(doug) == {ChoiceOutcome(10, 0, 0): 1}
    gina_solo = active_choice(Marks(), 3, 3)  # empty, chain to an empty 4 box, 15-yard run with Breakaway
    assert dict(gina_solo) == {ChoiceOutcome(15, 0, 0): Fraction(2, 3), ChoiceOutcome(10, 0, 0): Fraction(1, 3)}
    assert dict(active_choice(Marks(**GINA), 4, 3, NO_EFFECT)) == {ChoiceOutcome(5, 1, 0): 1}


def test_picks_choice_uses_the_better_order():
    outcome = picks_choice(Marks(marker=10, checked=(0, 0, 1, 0, 1, 0)), 5, 3, NO_EFFECT)
    (result, p), = outcome.items()
    assert p == 1 and result.field_goals == 1 and result.points == 3


def test_choice_distribution_against_monte_carlo_of_the_defense_die(two):
    rng, roll = stream(5), position(two, phase=DEFENSE_ROLL)
    sheet = Marks(marker=30, checked=(6, 4, 3, 2, 1, 1), breakaway=2)
    by_face = {f: active_choice(sheet, 1, 4, f).expectation(lambda o: o.yards) for f in (0, 1, 2)}
    faces = [roll.sample_chance(rng).args[0] for _ in range(2000)]
    within_4_se([by_face[f] for f in faces], active_choice(sheet, 1, 4).expectation(lambda o: o.yards))


def test_solo_advice_counts_blitz_bachs_points():
    solo = make_game("football", num_players=1)
    state = position(solo, phase=AREA, board=(3, 2, 1, 2, 2, 1), power_board=(0, 0, 0, 0, 1, 0),
                     marks={0: dict(power=1)}, defense_marker=2, defense=RUN_MINUS_5)
    advisor = Advisor()
    advice = advisor.advise(state, by="net")
    nets = [a.expected_net for a in advice]
    assert nets == sorted(nets, reverse=True)
    take_ones = next(a for a in advice if str(a.action) == "take the 1s (3 play)")
    assert take_ones.expected_blitz == blitz_board((0, 2, 1, 2, 2, 1), 2, 1).expectation()
    assert blitz_this_round(state, advisor) == blitz_board_after_best(state, advisor)


def blitz_board_after_best(state, advisor):
    while state.phase != BLITZ_ROLL:
        state = state.apply(advisor.best_action(state))
    return blitz_board(state.board, state.defense_marker, state.me.power)


def test_advisor_agent_is_registered_and_beats_random():
    assert agents_for("football")["advisor"].load("football") is AdvisorAgent
    summary = simulate(make_game("football", num_players=2), ["advisor", "random"], 16, seed=4)
    assert summary["win_rate_per_seat"][0] >= 0.9
    assert summary["means"]["points"][0] > summary["means"]["points"][1] + 8


def test_advisor_agent_holds_its_own_against_greedy():
    # 400 games (seeds 5 and 6, both seats) give the advisor 57.75%; a quick sample here
    summary = simulate(make_game("football", num_players=2), ["greedy", "advisor"], 30, seed=6)
    assert summary["win_rate_per_seat"][1] >= 0.5
