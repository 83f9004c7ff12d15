"""Deer positions and games written out for tests: the components, the chart, every hand, a seeded deal, a seeded
game's log."""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from deerbook.analysis.deer_combinations import chart_table
from deerbook.chapters.deer_examples import hand_text
from deerbook.deer.components import DeerComponents
from deerbook.deer.rules import Phase
from deerbook.engine.runner import play
from deerbook.engine.seeding import as_generator


def components_text(comp: DeerComponents) -> str:
    """The cards, the dice and the board of a component set, one line each."""
    lines = [comp.name, f"players: {comp.min_players}-{comp.max_players}",
             f"cards ({sum(comp.full_deck)}):"]
    lines += [f"  {card.count} x {card.name:<5} {card.category:<8} worth {card.points}" for card in comp.cards]
    lines += [f"number die {name}: " + ", ".join(comp.face_name(f) for f in faces) for name, faces in comp.number_dice]
    lines.append("predator die: " + ", ".join(comp.face_name(f) for f in comp.predator_die))
    lines.append(f"board: 0..{comp.finish}")
    return "\n".join(lines)


def format_chart(comp: DeerComponents) -> str:
    """The combination chart as a text table: every possible roll, its exact chance and its play,
    the rolls the chart does not list marked as such."""
    rows = chart_table(comp)
    width = max(len(row["roll"]) for row in rows)
    lines = [f"{'roll':<{width}}  {'chance':>7}  play"]
    for row in rows:
        play = row["play"] if row["listed"] else f"(not listed) {row['play']}"
        lines.append(f"{row['roll']:<{width}}  {str(row['probability']):>7}  {play}")
    return "\n".join(lines)


def hands_text(state) -> str:
    """Every hand, one line per player, with its pawn."""
    return "\n".join(f"player {p}: {hand_text(state, p)}, pawn {state.pawns[p]}" for p in range(len(state.hands)))


def deal(game, seed, state=None) -> tuple[object, list[tuple[str, Fraction]]]:
    """Deal a whole round by sampling the engine's deal chance nodes with a seeded Generator: the state after the deal
    (the dealer to roll) and each card dealt as (outcome text, its exact probability at that moment)."""
    rng = as_generator(seed)
    state = game.initial_state() if state is None else state
    dealt = []
    while state.is_chance_node() and state.phase == Phase.DEAL:
        action = state.sample_chance(rng)
        dealt.append((str(action), dict(state.chance_outcomes())[action]))
        state = state.apply(action)
    return state, dealt


def game_log(game, agents: Sequence, seed) -> tuple[object, list[str]]:
    """Play a seeded game with `runner.play`: the final state and one line per step (``"chance: roll ..."`` or
    ``"P1: pass 3 to player 2"``)."""
    lines: list[str] = []

    def record(state, action) -> None:
        who = "chance" if state.is_chance_node() else f"P{state.current_player()}"
        lines.append(f"{who}: {action}")

    final = play(game, agents, seed, on_step=record)
    return final, lines
