"""The engine itself: exact distributions, the runner, saving, playthroughs, simulate."""
import itertools
import json
from fractions import Fraction

import numpy as np
import pytest

from deerbook.engine import Distribution, RuleViolation, SaveFileError, make_game, play, state_from_json, state_to_json
from deerbook.engine.agents import RandomAgent
from deerbook.engine.distribution import cumulative_weights, draw_index
from deerbook.engine.events import Event
from deerbook.engine.protocol import Action
from deerbook.engine.playthrough import record, replay
from deerbook.analysis.simulate import format_summary, simulate
from deerbook.engine.seeding import stream

D6 = Distribution.uniform(range(1, 7))


def test_distribution_merges_and_checks_total():
    d = Distribution([("a", Fraction(1, 4)), ("b", Fraction(1, 2)), ("a", Fraction(1, 4))])
    assert d["a"] == Fraction(1, 2) and d["zzz"] == 0 and len(d) == 2
    with pytest.raises(ValueError, match="sum to 1"):
        Distribution([("a", Fraction(1, 3))])


def test_bind_matches_brute_force_two_dice():
    two = D6.bind(lambda a: D6.map(lambda b: a + b))
    brute = Distribution.from_counts({s: sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a + b == s)
                                      for s in range(2, 13)})
    assert two == brute and two[7] == Fraction(1, 6)
    assert two.expectation() == 7
    assert two.given(lambda s: s >= 11) == Distribution({11: Fraction(2, 3), 12: Fraction(1, 3)})
    assert two.probability(lambda s: s % 2 == 0) == Fraction(1, 2)


def test_sampling_agrees_with_exact_within_four_standard_errors():
    rng = stream(1)
    probs = [Fraction(1, 6), Fraction(1, 3), Fraction(1, 2)]
    n = 20_000
    counts = np.bincount([draw_index(cumulative_weights(probs), rng) for _ in range(n)], minlength=3)
    for count, p in zip(counts, probs):
        se = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(count / n - float(p)) < 4 * se


def test_runner_is_reproducible_and_needs_a_seed():
    game = make_game("toy-race", num_players=3)
    agents = [RandomAgent()] * 3
    assert play(game, agents, 5) == play(game, agents, stream(5))
    assert len({play(game, agents, s).totals for s in range(20)}) > 1
    with pytest.raises(ValueError, match="seed"):
        play(game, agents, None)


def test_the_runner_hands_the_observation_view_only_to_agents_reading_by_key():
    game = make_game("deer", num_players=2)
    shown = {True: [], False: []}

    class Watching(RandomAgent):
        def act(self, observation, legal, rng):
            shown[self.observes_by_key].append(observation)
            return super().act(observation, legal, rng)

    class WholeDict(Watching):
        observes_by_key = False

    end = play(game, [Watching(), WholeDict()], 4)
    assert end == play(game, [RandomAgent(), RandomAgent()], 4)  # what an agent is handed changes no draw
    assert shown[False] and all(type(o) is dict for o in shown[False])
    assert shown[True] and not any(isinstance(o, dict) for o in shown[True])
    assert all(o["player"] == 0 and len(o) == len(shown[False][0]) for o in shown[True])


def test_save_round_trip_and_rejections():
    state = play(make_game("toy-race"), [RandomAgent()] * 2, 3)
    text = state_to_json(state)
    assert state_from_json(text) == state
    data = json.loads(text)
    data["state"]["totals"][0] += 1
    with pytest.raises(SaveFileError, match="digest"):
        state_from_json(json.dumps(data))
    for bad, message in [("{", "not a JSON"), ("[]", "format"), (json.dumps({"format": "deerbook-save"}), "version")]:
        with pytest.raises(SaveFileError, match=message):
            state_from_json(bad)


def test_illegal_action_leaves_state():
    state = make_game("toy-race").initial_state()
    with pytest.raises(RuleViolation, match="Race rule"):
        state.apply(state.legal_actions()[0].__class__("add", (3,)))
    assert state.totals == (0, 0)


def test_playthrough_round_trip_and_detection():
    text = record("toy-race", {"num_players": 2}, ["random", "random"], 11)
    assert replay(text).is_terminal()
    tampered = text.replace("action: add 1", "action: add 2", 1)
    with pytest.raises(AssertionError):
        replay(tampered)


def test_simulate_is_seeded_and_sums_wins():
    game = make_game("toy-race", num_players=2)
    summary = simulate(game, ["random", "random"], 50, seed=9)
    assert summary == simulate(game, ["random", "random"], 50, seed=9)
    assert sum(summary["wins_per_seat"]) == 50
    assert len(summary["means"]["totals"]) == 2
    assert "win rate" in format_summary(summary)


def test_exact_enumeration_matches_brute_force_on_the_toy_race():
    from deerbook.engine.exact import action_values, outcome_distribution, uniform_policy

    game = make_game("toy-race", num_players=2, target=3)
    start = game.initial_state()
    first_turn_over = lambda s: s.turn == 1  # noqa: E731
    exact = outcome_distribution(start, lambda s: s.totals[0], first_turn_over, uniform_policy)
    # brute force: step 1 or 2 (1/2 each), coin 0 or 1 (1/2 each)
    brute = Distribution.from_counts({t: sum(1 for step in (1, 2) for coin in (0, 1) if step + coin == t)
                                      for t in (1, 2, 3)})
    assert exact == brute
    values = action_values(start, lambda s: s.totals[0], first_turn_over)
    assert [str(a) for a, _ in values] == ["add 2", "add 1"]
    assert [v for _, v in values] == [Fraction(5, 2), Fraction(3, 2)]


class TwoStateLoop:
    """A chance node whose only outcome leads back to it after two steps (parity of n)."""

    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return hash(self.n % 2)

    def __eq__(self, other):
        return self.n % 2 == other.n % 2

    def is_terminal(self):
        return False

    def is_chance_node(self):
        return True

    def chance_outcomes(self):
        return ((TwoStateLoop(self.n + 1), Fraction(1)),)

    def apply(self, outcome):
        return outcome


def test_exact_enumeration_reports_a_loop_instead_of_recursing_forever():
    from deerbook.engine.exact import outcome_distribution

    with pytest.raises(ValueError, match="return to an earlier state"):
        outcome_distribution(TwoStateLoop(0), lambda s: 0, lambda s: False)


def test_step_returns_the_applied_state_and_its_events_and_refuses_illegal_actions():
    state = make_game("toy-race").initial_state()
    for action in state.legal_actions():
        step = state.step(action)
        assert step.state == state.apply(action)
        assert [(e.kind, e.player, e.detail) for e in step.events] == [("add", 0, {"action": str(action)})]
        assert json.loads(json.dumps([e.to_json() for e in step.events]))[0]["kind"] == "add"
    with pytest.raises(RuleViolation):
        state.step(Action("add", (3,), "add 3"))


def test_an_event_tells_a_seat_only_what_it_may_know():
    passed = Event("card_passed", 0, {"card": "Fox", "to": 2}, frozenset({0, 2}), {"to": 2})
    assert passed.for_seat(2) == passed and passed.for_seat(0).detail["card"] == "Fox"
    hidden = passed.for_seat(1)
    assert hidden.detail == {"to": 2} and "card" not in hidden.to_json()["detail"] and not hidden.visible_to(1)


def test_best_response_equals_the_best_of_every_policy_by_brute_force():
    """One player races to 5: the chance to overshoot to 6 under the expectimax plan equals the best
    over all 32 deterministic plans (one choice per total 0..4), each enumerated exactly."""
    from deerbook.engine.exact import best_response, outcome_distribution

    start = make_game("toy-race", num_players=1, target=5).initial_state()
    overshoot = lambda d: d.probability(lambda total: total == 6)  # noqa: E731
    final_total = lambda s: s.totals[0]  # noqa: E731
    action, best = best_response(start, lambda s: Distribution({final_total(s): 1}), lambda s: False, overshoot)
    plans = [dict(zip(range(5), choice)) for choice in itertools.product(start.legal_actions(), repeat=5)]
    brute = [outcome_distribution(start, final_total, lambda s: False,
                                  lambda s, plan=plan: Distribution({plan[s.totals[0]]: 1})) for plan in plans]
    assert overshoot(best) == max(map(overshoot, brute)) > min(map(overshoot, brute))
    assert action in start.legal_actions()


def test_the_runner_can_report_every_steps_events_and_plays_the_same_game():
    game, events = make_game("toy-race"), []
    agents = [RandomAgent(), RandomAgent()]
    steps = []
    final = play(game, agents, 9, on_step=lambda s, a: steps.append(a), on_events=events.extend)
    assert final == play(game, agents, 9)
    assert [e.detail["action"] for e in events] == [str(a) for a in steps]


def test_a_certain_outcome_is_the_one_point_distribution():
    assert Distribution.certain("win") == Distribution({"win": 1})
    assert Distribution.certain(3).expectation() == 3 and Distribution.certain(3).probability(lambda x: x == 3) == 1
