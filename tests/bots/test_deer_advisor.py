"""One turn exactly, and the advisor: exact values checked by hand and against the engine's sampler."""
import math

import numpy as np
from deer_helpers import DH, RD, act, position, roll
from batch_studies import matchup
from sampled_turn import sample_turn

from deerbook.engine.registry import agents_for, make_agents
from deerbook.bots.deer_greedy import GreedyAgent
from deerbook.bots.deer_advisor import AdvisorAgent, advise_seat, position_for_hand, seat_belief
from deerbook.bots.deer_turn_walk import TurnAccount, advise, greedy_policy, turn_distribution, turn_summary
from deerbook.engine import make_game
from deerbook.engine.exact import agent_policy
from deerbook.engine.seeding import stream
from deerbook.deer import position as deer_position


def test_choose_number_values_are_the_points_discarded():
    """Two numbers + Running Deer (Ruling 4): no predators, empty Predator pile, so the turn ends right
    after the discard and each choice is worth exactly the points of the three numbers."""
    state = roll(position([["5", "7", "9", "9", "3", "12"], ["1", "2"]], predator_pile=[], discard=None),
                 RD, 5, 7, "Fox")
    ranked = advise(state)
    assert {str(a): v for a, v in ranked} == {f"choose {n}": 12 + 18 * (n == 9) + 3 * (n == 3) + 12 * (n == 12)
                                             for n in (1, 2, 3, 4, 6, 8, 9, 10, 11, 12)}
    assert str(ranked[0][0]) == "choose 9" and ranked[0][1] == 30
    assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)


def test_joker_advice_counts_the_rest_of_the_turn():
    """Holding a Joker after a freezing roll: every die and face is offered, best first, and the
    exact values agree with playing each choice out under the greedy agent."""
    state = roll(position([["4", "4", "1", "Joker"], ["2", "3"]], predator_pile=[], discard=None), 1, DH, DH, "Fox")
    ranked = advise(state)
    assert {str(a) for a, _ in ranked} == {str(a) for a in state.legal_actions()}
    no_joker = dict((str(a), v) for a, v in ranked)["no Joker"]
    assert no_joker == 0  # frozen: the turn is lost (Ruling 7)
    best, value = ranked[0]
    assert value > 0 and best.kind == "joker"
    assert value == turn_summary(turn_distribution(state.apply(best)))["net"]


def test_turn_distribution_is_a_distribution_and_matches_the_sampler():
    state = position([["3", "3", "5", "9", "Fox"], ["7", "8"], ["1", "2", "4"], ["12"]], discard=["6", "6"])
    dist = turn_distribution(state)
    summary = turn_summary(dist)
    assert sum(dist.values()) == 1 and summary["net"] == summary["shed"] - summary["received"]
    rng, agent, samples = stream(7), GreedyAgent(), 1500
    turns = [sample_turn(state, agent, rng) for _ in range(samples)]
    for name, values in (("shed", [t.shed for t in turns]), ("received", [t.received for t in turns]),
                         ("goes_out", [t.goes_out() for t in turns])):
        se = np.std(values, ddof=1) / math.sqrt(samples)
        assert abs(np.mean(values) - float(summary[name])) <= 4 * se, name


def test_three_deer_heads_loop_is_summed_exactly():
    """Re-rolling Three Deer Heads with the Discard pile already taken comes back to the same position:
    the exact answer sums the loop; the engine's sampler (which really loops) agrees."""
    start = position([["1"], ["2", "3"]], discard=[], predator_pile=None)
    state = roll(start, DH, DH, DH, "Fox")
    assert state.phase == "reroll"
    dist = turn_distribution(state)
    out = dist.probability(lambda o: o[2])
    rng, samples = stream(11), 4000
    hits = sum(sample_turn(state, GreedyAgent(), rng).goes_out() for _ in range(samples))
    assert abs(hits / samples - float(out)) <= 4 * math.sqrt(out * (1 - out) / samples)
    assert out.denominator % 107 == 0  # 1 / (1 − 1/108): the geometric series


def test_knock_is_advised_with_the_lowest_hand():
    game = make_game("deer", num_players=3, knocking=True)
    state = deer_position(game, [["1", "2"], ["7", "8", "9"], ["10", "11", "12"]])
    assert state.phase == "knock"
    ranked = dict((a.kind, v) for a, v in advise(state))
    assert ranked["knock"] == 3  # nobody is under 3: the knocker scores 0, shedding the hand's 3 points
    assert ranked["knock"] > ranked["no_knock"]


def test_card_edition_turn():
    game = make_game("deer-cards", num_players=3)
    state = deer_position(game, [["A", "3", "5", "K", "Q"], ["7", "8"], ["2", "4", "J"]])
    summary = turn_summary(turn_distribution(state))
    assert 0 < summary["shed"] < 29 and summary["goes_out"] == 0
    rng = stream(3)
    samples = [sample_turn(state, GreedyAgent(), rng).shed for _ in range(1500)]
    assert abs(np.mean(samples) - float(summary["shed"])) <= 4 * np.std(samples, ddof=1) / math.sqrt(1500)


def test_a_hand_made_position_deals_the_unseen_cards_from_the_belief():
    game = make_game("deer", num_players=4)
    state = position_for_hand(game, ["3", "Fox"], [2, 9, 7, 5], stream(1), discard=["6"])
    assert [sum(h) for h in state.hands] == [2, 9, 7, 5] and sum(state.discard) == 1
    assert state.observation(0) == position_for_hand(game, ["3", "Fox"], [2, 9, 7, 5], stream(2),
                                                     discard=["6"]).observation(0)
    hands = {position_for_hand(game, ["3", "Fox"], [2, 9, 7, 5], stream(seed), discard=["6"]).hands
             for seed in range(5)}
    assert len(hands) == 5, "the other hands are drawn, not fixed"


def test_the_advisor_sees_a_roll_a_joker_changed():
    """After a Joker turns die C (showing 4) into a second 1, the seat's belief draws the position it is in."""
    state = act(roll(position([["1", "1", "9", "12", "Joker"], ["2"], ["4"]]), 1, RD, 4, "Bear"),
                "Joker on die C", "die C shows 1")
    drawn = seat_belief(state.observation(0)).sample(stream(2))
    assert (drawn.roll, drawn.joker_die, drawn.phase) == ((1, RD, 1, "Bear"), 2, "choose_number")
    ranked = advise(drawn)
    assert str(ranked[0][0]) == "choose 12" and ranked[0][1] == 1 + 1 + 12


def test_the_advisor_reads_what_the_seat_saw_go_into_a_hand():
    """The advisor's positions keep what the seat saw: player 0 passed its 9 to player 1 (Ruling 3), so every
    position it draws has that 9 in player 1's hand, where a deal by hand sizes would often put it elsewhere."""
    game = make_game("deer", num_players=3)
    start = deer_position(game, [["7", "9", "Fox", "2"], ["7", "7", "5", "1"], ["3", "4", "6", "8"]],
                          discard=None, predator_pile=[])
    state = roll(start, 9, DH, 7, "Fox")
    while state.phase == "pass":
        state = state.apply(next(a for a in state.legal_actions() if a.args[1] == 1))
    nine = game.components.number_kind[9]
    belief, rng = seat_belief(state.observation(0)), stream(3)
    for _ in range(30):
        drawn = belief.sample(rng)
        assert drawn.hands[1][nine] == 1 and drawn.observation(0) == state.observation(0)


def test_advise_seat_averages_the_deals_best_first():
    state = act(roll(position([["1", "1", "9", "12", "Joker"], ["2"], ["4"]]), 1, RD, 4, "Bear"),
                "Joker on die C", "die C shows 1")
    values = advise_seat(state.observation(0), 3, stream(4))
    assert all(len(v) == 3 for v in values.values())
    means = [sum(v) / 3 for v in values.values()]
    assert means == sorted(means, reverse=True) and str(next(iter(values))) == "choose 12"
    assert advise_seat(state.observation(0), 3, stream(4), budget=1) == {}, "every deal over the budget"


def test_turn_wrapper_delegates_the_engine():
    state = position([["1", "2"], ["3"]])
    assert TurnAccount.start(state, agent_policy(GreedyAgent())).chance_outcomes() == state.chance_outcomes()
    turn = TurnAccount.start(state, greedy_policy())  # predator-blind: the predator die waits until it is read
    assert by_number_dice(turn.chance_outcomes()) == by_number_dice(state.chance_outcomes()) and not turn.over()
    assert len(turn.chance_outcomes()) < len(state.chance_outcomes())


def by_number_dice(outcomes):
    chances = {}
    for action, p in outcomes:
        chances[action.args[:-1]] = chances.get(action.args[:-1], 0) + p
    return chances


def test_advisor_agent_beats_random():
    result = matchup("deer", "advisor", "random", 4, games=20, seed=5)
    assert result["hero_win_rate"].mean > 0.5  # fair share 0.25
    assert "advisor" in agents_for("deer")
    assert isinstance(make_agents(make_game("deer", num_players=4), ["advisor"])[0], AdvisorAgent)


def advisor_game(seed: int, **options) -> list:
    """Every move of a seeded 4-player game with the advisor in seat 0 against greedy agents."""
    from deerbook.engine.runner import play

    moves: list = []
    game = make_game("deer", num_players=4, **options)
    play(game, [AdvisorAgent(), *make_agents(game, ["greedy"] * 3)], seed, on_step=lambda s, a: moves.append(a))
    return moves


def test_the_advisor_walks_the_turn_only_to_decide_a_knock(monkeypatch):
    """Its cost only where it gains strength: no exact walk at the numbers it names (greedy's choice there)."""
    from deerbook.bots import deer_advisor
    from deerbook.deer.rules import Phase

    walked = []

    def recording(observation, deals, rng, budget=None):
        walked.append(observation["phase"])
        return advise_seat(observation, deals, rng, budget)

    monkeypatch.setattr(deer_advisor, "advise_seat", recording)
    advisor_game(3)
    assert walked == []
    advisor_game(3, knocking=True)
    assert walked and set(walked) == {Phase.KNOCK}


def test_the_advisor_plays_the_games_it_played_when_it_walked_the_numbers_too(monkeypatch):
    """With knocking on, the seat's stream stands where the walk at the numbers left it (`draw_deals`), so every knock
    sees the same deals: the same seeded games as the advisor that walked the numbers (which chose as greedy)."""
    from deerbook.bots import deer_advisor

    now = [advisor_game(seed, knocking=True) for seed in (1, 2)]
    monkeypatch.setattr(deer_advisor, "ADVISED_PHASES", deer_advisor.ADVISED_PHASES | deer_advisor.NUMBER_PHASES)
    monkeypatch.setattr(AdvisorAgent, "draw_deals", lambda self, observation, rng: None)
    assert now == [advisor_game(seed, knocking=True) for seed in (1, 2)]


def test_a_position_met_again_is_answered_from_the_last_answers():
    """An odds explorer set back to a position answers at once: the same (unchangeable) distribution, the walk's."""
    hands = [["3", "3", "5", "9", "Fox"], ["7", "8"], ["1", "2", "4"], ["12"]]
    first = turn_distribution(position(hands, discard=["6", "6"]))
    again = turn_distribution(position(hands, discard=["6", "6"]))
    assert again is first
    assert first == turn_distribution(position(hands, discard=["6", "6"]), greedy_policy())
