"""The Deer game charts read the engine's events and agree with the pawn ledger (checked as figure data, not pixels)."""

import pytest

pytest.importorskip("plotly")

from deerbook.charts.deer_game import pawn_steps, pawns_over_rounds  # noqa: E402
from deerbook.bots.deer_greedy import GreedyAgent  # noqa: E402
from deerbook.engine import RandomAgent, make_game  # noqa: E402
from deerbook.engine.runner import play  # noqa: E402
from deerbook.deer import position  # noqa: E402

GAME = make_game("deer", num_players=3)


@pytest.fixture(scope="module")
def game_events():
    events = []
    final = play(GAME, [GreedyAgent(), RandomAgent(), RandomAgent()], 25, on_events=events.extend)
    assert final == play(GAME, [GreedyAgent(), RandomAgent(), RandomAgent()], 25)  # the same game either way
    return final, events


@pytest.fixture(scope="module")
def final(game_events):
    return game_events[0]


@pytest.fixture(scope="module")
def steps(game_events):
    return pawn_steps(GAME.initial_state(), game_events[1])


def test_steps_replay_the_ledger(final, steps):
    assert steps[0].label == "start" and steps[0].pawns == (0, 0, 0)
    assert steps[-1].pawns == final.pawns
    # every ledger entry is in exactly one step, in order
    flat = [move for step in steps for move in step.moves]
    assert flat == [(p, requested, applied) for p, _, requested, applied in final.ledger]
    for before, after in zip(steps, steps[1:]):
        moved = [0, 0, 0]
        for p, _, applied in after.moves:
            moved[p] += applied
        assert after.pawns == tuple(b + m for b, m in zip(before.pawns, moved))


def test_one_step_per_rack_move_and_per_round_scoring(final, steps):
    racks = sum(reason == "rack" for _, reason, _, _ in final.ledger)
    rounds = final.round + 1
    assert len(steps) == 1 + racks + rounds
    ends = [s for s in steps if s.label.startswith("end of round")]
    assert [s.label for s in ends] == [f"end of round {r}" for r in range(1, rounds + 1)]
    assert all(len(s.moves) == 3 for s in ends)  # every player scores together
    for step in steps[1:]:  # a rack move belongs to the round scored after it
        later_ends = [e.round for e in ends if steps.index(e) >= steps.index(step)]
        assert step.round == later_ends[0]


def test_figure_data_is_the_steps(game_events, steps):
    figure = pawns_over_rounds(GAME.initial_state(), game_events[1], names=["greedy", "random 1", "random 2"])
    assert [trace.name for trace in figure.data] == ["greedy", "random 1", "random 2"]
    for p, trace in enumerate(figure.data):
        assert list(trace.x) == list(range(len(steps)))
        assert list(trace.y) == [step.pawns[p] for step in steps]
        assert trace.text[-1].endswith(steps[-1].label)
    ticks = [i for i, s in enumerate(steps) if s.label.startswith("end of round")]
    assert list(figure.layout.xaxis.tickvals) == ticks
    assert list(figure.layout.xaxis.ticktext) == [str(steps[i].round) for i in ticks]  # short: they never overlap
    assert figure.layout.xaxis.title.text and figure.layout.yaxis.title.text and figure.layout.title.text
    assert figure.layout.shapes[0].y0 == GAME.components.finish


def test_hand_made_positions_and_clamped_moves():
    state = position(GAME, [["Fox", "Wolf", "Bear", "9"], ["10"], ["11"]], pawns=[5, 0, 40],
                                    discard=None, predator_pile=())
    from deerbook.chapters.deer_examples import act, roll

    state = start = roll(state, 1, 2, 4, "Bear")
    events = []
    for text in ("keep the rest", "rack Fox+Wolf+Bear (15)", "move player 0 back", "15 spaces"):
        state, emitted = state.step(state.find_action(text))
        events.extend(emitted)
    assert state == act(start, "keep the rest", "rack Fox+Wolf+Bear (15)", "move player 0 back", "15 spaces")
    steps = pawn_steps(start, events)
    assert steps[0].pawns == (5, 0, 40) and steps[0].moves == ((0, 5, 5), (2, 40, 40))
    assert steps[1].label == "round 1: rack, player 0 -15 (clamped to -5)" and steps[1].pawns == (0, 0, 40)
    assert steps[1].round == 1  # the round still being played

