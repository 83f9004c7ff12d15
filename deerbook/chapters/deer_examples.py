"""The Deer chapters' worked examples: positions reached by moves written as text, and positions as plain text.

The components, hands, the pawn ledger and short playthroughs. Everything here only reads states and the component
data, or applies actions through the engine's own `apply` (so an example's move is always a legal move). Nothing
here is a rule.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ..engine import Action
from ..engine.runner import play
from ..engine.seeding import as_generator
from ..deer.components import DeerComponents
from ..deer.rules import Phase, hand_value
from ..play.deer_words import cards_text


# -- components ---------------------------------------------------------------------------------
def components_text(comp: DeerComponents) -> str:
    """The cards, the dice and the board of a component set, one line each."""
    lines = [comp.name, f"players: {comp.min_players}-{comp.max_players}",
             f"cards ({sum(comp.full_deck)}):"]
    lines += [f"  {card.count} x {card.name:<5} {card.category:<8} worth {card.points}" for card in comp.cards]
    lines += [f"number die {name}: " + ", ".join(comp.face_name(f) for f in faces) for name, faces in comp.number_dice]
    lines.append("predator die: " + ", ".join(comp.face_name(f) for f in comp.predator_die))
    lines.append(f"board: 0..{comp.finish}")
    return "\n".join(lines)


# -- positions ----------------------------------------------------------------------------------
def hand_text(state, player: int) -> str:
    """A player's hand and its value, e.g. ``"1 1 5 (value 7)"``."""
    comp = state.game.components
    hand = state.hands[player]
    return f"{cards_text(comp, hand)} (value {hand_value(comp, hand)})"


def hands_text(state) -> str:
    """Every hand, one line per player, with its pawn."""
    return "\n".join(f"player {p}: {hand_text(state, p)}, pawn {state.pawns[p]}" for p in range(len(state.hands)))


def act(state, *texts: str):
    """Apply legal actions (or chance outcomes) by their text, in order."""
    for text in texts:
        state = state.apply(state.find_action(text))
    return state


def roll(state, *faces):
    """Apply the roll showing `faces` (die A, die B, die C, predator die), as the engine writes them:
    numbers, ``"deer_head"``, ``"running_deer"``, a predator name or ``"discard"``. An impossible
    roll raises RuleViolation."""
    return state.apply(Action("roll", tuple(faces)))


def texts(state) -> list[str]:
    """The texts of the legal actions (or chance outcomes) at `state`."""
    if state.is_chance_node():
        return [str(a) for a, _ in state.chance_outcomes()]
    return [str(a) for a in state.legal_actions()]


# -- games --------------------------------------------------------------------------------------
def ledger_text(state) -> str:
    """The pawn ledger: one line per pawn move (player, reason, requested, applied after clamping)."""
    lines = []
    for player, reason, requested, applied in state.ledger:
        clamp = "" if applied == requested else f" (clamped to {applied:+d})"
        lines.append(f"player {player}: {reason:<14} {requested:+d}{clamp}")
    return "\n".join(lines)


def deal(game, seed, state=None) -> tuple[object, list[tuple[str, Fraction]]]:
    """Deal a whole round by sampling the engine's deal chance nodes with a seeded Generator.

    Returns the state after the deal (the dealer to roll) and each card dealt as
    (outcome text, its exact probability at that moment)."""
    rng = as_generator(seed)
    state = game.initial_state() if state is None else state
    dealt = []
    while state.is_chance_node() and state.phase == Phase.DEAL:
        action = state.sample_chance(rng)
        dealt.append((str(action), dict(state.chance_outcomes())[action]))
        state = state.apply(action)
    return state, dealt


def game_log(game, agents: Sequence, seed) -> tuple[object, list[str]]:
    """Play a seeded game with `runner.play`; return the final state and one line per step
    (``"chance: roll ..."`` or ``"P1: pass 3 to player 2"``)."""
    lines: list[str] = []

    def record(state, action) -> None:
        who = "chance" if state.is_chance_node() else f"P{state.current_player()}"
        lines.append(f"{who}: {action}")

    final = play(game, agents, seed, on_step=record)
    return final, lines
