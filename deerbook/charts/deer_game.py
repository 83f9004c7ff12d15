"""Charts of a Deer in the Headlights game, read from the engine's structured events.

`pawn_steps(start, events)` turns a game's events (`engine.runner.play(..., on_events=...)` or
`State.step`) into the pawn positions of every player after each step: the start, each single rack or
Bullseye move, and each round's scoring (every pawn moved together, right after its `round_ended` event).
`pawns_over_rounds(start, events)` draws those steps as one line per player.
(The chance of each combination-chart row is drawn by `deer_odds.combinations_figure`.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import plotly.graph_objects as go

from ..engine.events import Event
from .alternative import describe


@dataclass(frozen=True)
class PawnStep:
    """The pawns after one step of the game."""

    label: str  # e.g. "start", "round 2: rack, player 1 -5", "end of round 2"
    round: int  # 1-based round the step belongs to (0 for the start)
    pawns: tuple[int, ...]
    moves: tuple[tuple[int, int, int], ...]  # (player, requested, applied) of each pawn move


def pawn_steps(start, events: Iterable[Event]) -> list[PawnStep]:
    """The start, then one step per single pawn move and one per round's scoring, from the `start` state
    and every event after it (in order)."""
    pawns = list(start.pawns)
    steps = [PawnStep("start", 0, tuple(pawns), tuple((p, pawn, pawn) for p, pawn in enumerate(pawns) if pawn))]
    playing = start.round + 1
    scores: list[tuple[int, int, int]] | None = None  # the scoring moves of the round just ended
    for event in [*events, Event("end")]:
        if scores is not None and event.kind != "pawn_moved":
            steps.append(PawnStep(f"end of round {playing}", playing, tuple(pawns), tuple(scores)))
            playing, scores = playing + 1, None
        if event.kind == "round_ended":
            playing, scores = event.detail["round"] + 1, []
        elif event.kind == "pawn_moved" and scores is not None:
            scores.append(_move(event, pawns))
        elif event.kind == "pawn_moved":
            player, requested, applied = move = _move(event, pawns)
            clamp = "" if applied == requested else f" (clamped to {applied:+d})"
            steps.append(PawnStep(f"round {playing}: {event.detail['reason']}, player {player} {requested:+d}{clamp}",
                                  playing, tuple(pawns), (move,)))
    return steps


def _move(event: Event, pawns: list[int]) -> tuple[int, int, int]:
    """Apply one `pawn_moved` event to `pawns`; its (player, requested, applied)."""
    player, detail = event.player, event.detail
    assert player is not None
    pawns[player] = detail["to"]
    return player, detail["requested"], detail["to"] - detail["from"]


def pawns_over_rounds(start, events: Iterable[Event], names: list[str] | None = None,
                      title: str | None = None) -> go.Figure:
    """Every pawn after each step of the game: one line per player, ticks at the end of each round."""
    steps = pawn_steps(start, events)
    n = start.game.num_players
    names = names or [f"player {p}" for p in range(n)]
    x = list(range(len(steps)))
    figure = go.Figure()
    for p in range(n):
        hover = [f"{names[p]}: pawn {step.pawns[p]}<br>{step.label}" for step in steps]
        figure.add_trace(go.Scatter(x=x, y=[step.pawns[p] for step in steps], mode="lines+markers", name=names[p],
                                    line={"shape": "hv"}, text=hover, hovertemplate="%{text}<extra></extra>"))
    ends = [i for i, step in enumerate(steps) if step.label.startswith("end of round")]
    finish = start.game.components.finish
    figure.add_hline(y=finish, line={"dash": "dot", "width": 1}, annotation_text=f"Finish ({finish})",
                     annotation_position="top left")
    figure.update_layout(
        title=title or f"Pawns over the rounds ({len(ends)} round{'s' * (len(ends) != 1)}, lowest score wins)",
        xaxis={"title": "step of the game (ticks: the end of each round)",
               "tickvals": ends, "ticktext": [str(steps[i].round) for i in ends]},
        yaxis={"title": "pawn (score)", "range": [-3, finish + 8]},
        height=420)
    last = steps[-1].pawns
    pawns = ", ".join(f"{names[p]} on {last[p]}" for p in range(n))
    return describe(figure, f"Line chart, one line per player, Finish at {finish}", f"at the end: {pawns}")

