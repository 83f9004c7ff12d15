"""Charts of a Deer in the Headlights game, read from a state's pawn ledger and the component data.

`pawn_steps(state)` turns the ledger (player, reason, requested, applied) into the pawn positions of
every player after each step: the start, each single rack move, and each round's scoring (all hands
scored together). `pawns_over_rounds(state)` draws those steps as one line per player.
(The chance of each combination-chart row is drawn by `deer_odds.combinations_figure`.)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import plotly.graph_objects as go

ROUND_SCORE = re.compile(r"round (\d+) score")


@dataclass(frozen=True)
class PawnStep:
    """The pawns after one step of the ledger."""

    label: str  # e.g. "start", "round 2: rack, player 1 -5", "end of round 2"
    round: int  # 1-based round the step belongs to (0 for the start)
    pawns: tuple[int, ...]
    moves: tuple[tuple[int, int, int], ...]  # (player, requested, applied) of the ledger entries


def pawn_steps(state) -> list[PawnStep]:
    """The start (with any hand-made "position" entries), then one step per rack move (or other
    single move) and one per round's scoring, each with every pawn after it."""
    n = state.game.num_players
    ledger = list(state.ledger)
    pawns = [0] * n
    start = [entry for entry in ledger if entry[1] == "position"]
    for player, _, _, applied in start:
        pawns[player] += applied
    steps = [PawnStep("start", 0, tuple(pawns), tuple((p, r, a) for p, _, r, a in start))]
    rest = [entry for entry in ledger if entry[1] != "position"]
    i = 0
    while i < len(rest):
        player, reason, requested, applied = rest[i]
        scored = ROUND_SCORE.fullmatch(reason)
        if scored:  # the whole round's scoring is one step
            group = []
            while i < len(rest) and rest[i][1] == reason:
                group.append(rest[i])
                i += 1
            for p, _, _, a in group:
                pawns[p] += a
            steps.append(PawnStep(f"end of round {scored[1]}", int(scored[1]), tuple(pawns),
                                  tuple((p, r, a) for p, _, r, a in group)))
            continue
        pawns[player] += applied
        this_round = _round_of(rest, i, state.round + 1)
        clamp = "" if applied == requested else f" (clamped to {applied:+d})"
        steps.append(PawnStep(f"round {this_round}: {reason}, player {player} {requested:+d}{clamp}", this_round,
                              tuple(pawns), ((player, requested, applied),)))
        i += 1
    return steps


def _round_of(entries: list, index: int, unscored_round: int) -> int:
    """A move belongs to the round scored next after it (or to the round still being played)."""
    for _, reason, _, _ in entries[index:]:
        scored = ROUND_SCORE.fullmatch(reason)
        if scored:
            return int(scored[1])
    return unscored_round


def pawns_over_rounds(state, names: list[str] | None = None, title: str | None = None) -> go.Figure:
    """Every pawn after each ledger step: one line per player, ticks at the end of each round."""
    steps = pawn_steps(state)
    n = state.game.num_players
    names = names or [f"player {p}" for p in range(n)]
    x = list(range(len(steps)))
    figure = go.Figure()
    for p in range(n):
        hover = [f"{names[p]}: pawn {step.pawns[p]}<br>{step.label}" for step in steps]
        figure.add_trace(go.Scatter(x=x, y=[step.pawns[p] for step in steps], mode="lines+markers", name=names[p],
                                    line={"shape": "hv"}, text=hover, hovertemplate="%{text}<extra></extra>"))
    ends = [i for i, step in enumerate(steps) if step.label.startswith("end of round")]
    finish = state.game.components.finish
    figure.add_hline(y=finish, line={"dash": "dot", "width": 1}, annotation_text=f"Finish ({finish})",
                     annotation_position="top left")
    figure.update_layout(
        title=title or f"Pawns over the rounds ({len(ends)} round{'s' * (len(ends) != 1)}, lowest score wins)",
        xaxis={"title": "step of the ledger (each rack move, each round's scoring)",
               "tickvals": [0, *ends], "ticktext": ["start", *(steps[i].label for i in ends)]},
        yaxis={"title": "pawn (score)", "range": [-3, finish + 8]},
        height=420, legend={"orientation": "h", "y": -0.25, "x": 0})
    return figure

