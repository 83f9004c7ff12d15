"""The greedy agent and the simulate command line."""
import json
from dataclasses import replace

from deerbook.cli.main import main
from deerbook.engine import make_game
from deerbook.analysis.simulate import simulate
from deerbook.bots.football_greedy import GreedyAgent
from deerbook.football.marks import NO_EFFECT, RUN_MINUS_5
from deerbook.football.rules import ACTIVE, PICKS
from deerbook.football.save import position

from football_helpers import play_texts, texts


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


def test_greedy_declines_a_pick_whose_play_gains_nothing(small_two):
    """Near the End Zone a 30-yard pass is incomplete: the box would be used up for nothing, so the pick is declined;
    the empty box is picked (it costs nothing), and from the 45 the pass is picked."""
    near = position(small_two, marks={1: dict(marker=15)}, phase=PICKS, actor=1, board=(0, 3, 0, 0, 0, 3))
    assert texts(near) == ["pick track 2", "pick track 6", "decline both picks"]  # out of Kick Range: no kick
    assert greedy_choice(near) == "pick track 2"
    assert greedy_choice(play_texts(near, "pick track 2")) == "decline the second pick"
    far = position(small_two, phase=PICKS, actor=1, board=(0, 3, 0, 0, 0, 3))
    assert greedy_choice(play_texts(far, "pick track 2")) == "pick track 6"


def test_greedy_declines_a_run_the_defense_die_cancels(two):
    """Track 1 box 4 is a 5-yard run: under '-5 yards on a run' it gains nothing, so the greedy agent keeps it."""
    state = position(two, marks={1: dict(checked=(3, 0, 0, 0, 0, 0))}, phase=PICKS, actor=1, picks=(2,),
                     board=(4, 5, 0, 0, 0, 0), defense=RUN_MINUS_5)
    assert texts(state) == ["pick track 1", "decline the second pick"]
    assert greedy_choice(state) == "decline the second pick"
    assert greedy_choice(replace(state, defense=NO_EFFECT)) == "pick track 1"


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
    from deerbook.analysis.positions import decision_states
    from deerbook.bots.football_greedy import rebuild

    for players in (1, 2):
        game = make_game("football", num_players=players)
        for state in decision_states(game, ["greedy"] * players, 3)[::5]:
            observation = state.observation(state.current_player())
            rebuilt, loaded = rebuild(observation), game.state_from_json(observation["state"])
            assert rebuilt.__dict__ == loaded.__dict__
            assert [m.__dict__ for m in rebuilt.marks] == [m.__dict__ for m in loaded.marks]
            assert all(type(rebuilt.__dict__[k]) is type(loaded.__dict__[k]) for k in loaded.__dict__)


# --- the fast look-ahead against the plain one ---------------------------------------------------------
def reference_choice(state):
    """The greedy choice worked out plainly: every move applied in full with `apply`, each run of decisions
    followed until its segment or player changes (the agent's definition, without its shortcuts)."""
    from deerbook.bots.football_greedy import value

    player = state.current_player()

    def finish(after):
        segment = after.segment()
        while after.current_player() == player and after.segment() == segment:
            moves = [a for a in after.legal_actions() if a.kind != "kick"]
            outcomes = [after.apply(move) for move in moves]
            values = [value(outcome, player) for outcome in outcomes]
            after = outcomes[values.index(max(values))]  # the first of the best, as max() picks
        return value(after, player)

    legal = state.legal_actions()
    scores = [finish(state.apply(action)) for action in legal]
    return legal[scores.index(max(scores))]


def decision_states(players, agents, seeds, **options):
    from deerbook.analysis.positions import decision_states

    game = make_game("football", num_players=players, **options)
    return [s for seed in seeds for s in decision_states(game, [agents] * players, seed) if len(s.legal_actions()) > 1]


def test_greedy_agent_chooses_what_the_plain_look_ahead_chooses():
    """Every decision of greedy and random play, every player count and solo difficulty (results unchanged)."""
    states = (decision_states(1, "greedy", range(3)) + decision_states(1, "random", range(3), solo_difficulty="hard")
              + decision_states(2, "greedy", range(4)) + decision_states(3, "random", range(3))
              + decision_states(4, "greedy", range(2)))
    assert len(states) > 500
    agent = GreedyAgent()  # one agent for every seat and game: nothing it keeps may leak between decisions
    for state in states:
        player = state.current_player()
        assert agent.act(state.observation(player), state.legal_actions(), None) == reference_choice(state)


def test_decide_stops_where_apply_hands_play_on_and_changes_no_value_after():
    """`rules.decide` is `apply` while the actor decides on; where it stops, `apply` leaves the actor's run and
    changes no marks but defense_used; `checked_marks` is the actor's marks after a box action."""
    from dataclasses import replace

    from deerbook.football.rules import BOX_ACTIONS, checked_marks, decide

    states = decision_states(1, "random", range(6)) + decision_states(2, "random", range(6)) + \
        decision_states(3, "greedy", range(3))
    stops = 0
    for state in states:
        for action in state.legal_actions():
            applied, (after, goes_on) = state.apply(action), decide(state, action)
            if goes_on:
                assert applied == after and applied.segment() == state.segment()
            else:
                stops += 1
                assert (applied.current_player(), applied.segment()) != (state.actor, state.segment())
                assert [replace(m, defense_used=False) for m in applied.marks] == \
                       [replace(m, defense_used=False) for m in after.marks]
            if action.kind in BOX_ACTIONS:
                assert checked_marks(state, action.args[0])[0] == after.marks[state.actor]
    assert stops > 100


def test_declining_the_last_field_goal_into_an_overtime_run_of_ones_own(two):
    """The one way a stopped run of a game of several seats comes back to its seat: declining the last field goal
    of a tie, then an overtime round without Power Dice, where that seat can only kick or decline again. The agent
    values it where `decide` stops, as the plain look-ahead does by declining once more."""
    from deerbook.bots.football_greedy import action_value, value
    from deerbook.football.rules import FINAL, NO_KICK, OVERTIME

    state = position(two, marks={0: dict(marker=10)}, phase=FINAL, turn=two.total_turns)
    declined = state.apply(NO_KICK)
    assert (declined.phase, declined.current_player(), declined.overtime) == (OVERTIME, 0, 1)
    assert [a.kind for a in declined.legal_actions()] == ["kick", "no kick"]
    assert action_value(state, NO_KICK, 0) == value(declined.apply(NO_KICK), 0) == value(state, 0)
    assert greedy_choice(state) == str(reference_choice(state)) == "kick a field goal from the 10"


def test_the_agent_chooses_in_the_state_itself_as_from_its_observation():
    """`act_in_state` (a look-ahead holding the state, e.g. the search agent's rollouts) chooses as `act` does."""
    states = decision_states(1, "greedy", range(2), solo_difficulty="hard") + decision_states(2, "random", range(2))
    agent = GreedyAgent()
    for state in states:
        player, legal = state.current_player(), state.legal_actions()
        assert agent.act_in_state(state, legal, player) == agent.act(state.observation(player), legal, None)
    assert len(states) > 50


def test_the_rebuilt_state_is_of_the_observations_own_game():
    """The game kept from the last observation is not handed to an observation of other options."""
    from deerbook.bots.football_greedy import rebuild

    for options in ({"num_players": 2}, {"num_players": 1, "solo_difficulty": "hard"}, {"num_players": 2}):
        state = make_game("football", **options).initial_state()
        assert rebuild(state.observation(0)).game.options() == state.game.options()
