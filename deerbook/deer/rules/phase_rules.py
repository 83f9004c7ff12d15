"""One record per phase: its rule text, legal actions, transition and save checks (`PHASE_RULES`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, cast

from ...engine import Action
from ...engine.seeding import Rng
from ..components import EFFECTS
from . import legal, transitions as on
from .cards import (available_racks, group_options, matching, predator_decision, rolled_numbers, set_aside_options,
                    turn_start_phase)
from .phases import DEAL, ROLL, Phase
from .table import RoundOver, Table

FROZEN_RULE = "Ruling 7 (frozen): a roll without a Deer Head loses the turn"
CHART_RULE = None  # the chart row rolled governs the phase


@dataclass(frozen=True)
class PhaseRule:
    """A phase: the rule that governs it, who resolves it (chance, or the legal actions of a decision), its
    transition, and what a saved position in it must satisfy."""

    text: str | None  # None: the chart row of the roll being resolved governs
    handler: Callable[[Table, Action], None] | None  # the transition of an action (None: the game is over)
    legal: Callable[[Any], tuple[Action, ...]] | None = None  # a decision's legal actions (None: chance)
    needs: Callable[[Any], Any] | None = None  # save check: the position allows this phase
    effects: frozenset[str] | None = None  # save check: the chart effects a roll in this phase can follow
    in_turn: bool = True  # a roll is being resolved (its fields are set)
    private: bool = False  # the decider is itself a secret (others see "waiting")


def _roll(s) -> tuple[int, ...]:
    """The roll on the table, in the phases that have one."""
    return cast(tuple[int, ...], s.roll)


def _holds_joker(s) -> bool:
    joker = s.game.components.joker_kind
    return joker is not None and s.hands[s.current][joker] > 0


def _predator_decision(s) -> Phase | None:
    comp = s.game.components
    return predator_decision(comp, s.hands[s.current], comp.predator_face(_roll(s)))


def _predator_face_held(s) -> bool:
    return _predator_decision(s) == Phase.PREDATOR


def _discard_face_held(s) -> bool:
    return _predator_decision(s) == Phase.PREDATOR_DISCARD


def _hand_over_due(s) -> bool:
    comp = s.game.components
    cards = matching(comp, s.hands[cast(int, s.giver)], rolled_numbers(comp, _roll(s)))
    return comp.chart_row(_roll(s)).pull_is_choice and any(cards)


def _rack_held(s) -> bool:
    return bool(available_racks(s.game.components, s.hands[s.current]))


def _predator_pile(s) -> bool:
    return any(s.predator_pile)


def _knock_allowed(s) -> bool:
    return turn_start_phase(s.game, s.hands[s.current]) == Phase.KNOCK


def _set_aside_due(s) -> bool:
    p = s.current
    return bool(s.set_aside_due[p] and set_aside_options(s.game.components, s.hands[p], s.set_aside[p]))


def _bullseye_due(s) -> bool:
    return s.bullseye_due[s.current]


RACK_MOVE = "Ruling 13 (rack): the value is split into signed moves of any pawns"
PHASE_RULES: dict[Phase, PhaseRule] = {
    Phase.DEAL: PhaseRule("Ruling 17 (deal): every card is dealt one at a time, starting left of the dealer",
                          on.on_deal, in_turn=False),
    Phase.SET_ASIDE: PhaseRule("Ruling 19 (Deer-in-the-Headlights space): after the deal, the player can pick three "
                               "number cards of different numbers to set aside",
                               on.on_set_aside, legal.set_aside_actions, _set_aside_due, in_turn=False),
    Phase.KNOCK: PhaseRule("Ruling 18 (knock): at the start of the turn, with four or fewer cards, knock instead of "
                           "rolling", on.on_knock, legal.knock_actions, _knock_allowed, in_turn=False),
    Phase.ROLL: PhaseRule("Ruling 1 (turn order): roll the three number dice and the predator die", on.on_roll,
                          in_turn=False),
    Phase.REROLL: PhaseRule("Ruling 10 (three Deer Heads): re-roll all four dice; without a Deer Head the turn ends",
                            on.on_roll, effects=frozenset({"take_discard_reroll"})),
    Phase.JOKER: PhaseRule("Ruling 14 (Joker on a die): at most one Joker per roll, before resolving", on.on_joker,
                           legal.joker_actions, _holds_joker),
    Phase.JOKER_FACE: PhaseRule("Ruling 14 (Joker on a die): choose what number to replace the die with",
                                on.on_joker_face, legal.joker_face_actions, _holds_joker),
    Phase.CHOOSE_NUMBER: PhaseRule(CHART_RULE, on.on_choose, legal.choose_actions,
                                   effects=frozenset({"discard_rolled"})),
    Phase.GROUP: PhaseRule(CHART_RULE, on.on_group, legal.group_actions, group_options,
                           effects=frozenset({"pass_number_and_sums"})),
    Phase.HAND_OVER: PhaseRule(CHART_RULE, on.on_hand_over, legal.hand_over_actions, _hand_over_due,
                               effects=frozenset({"discard_rolled"}), private=True),
    Phase.BLOCK: PhaseRule("Ruling 19 (Deer-in-the-Headlights space): reveal a set-aside card to block the discard "
                           "or pass of its number", on.on_block, legal.block_actions,
                           effects=frozenset(name for name, effect in EFFECTS.items() if effect.moves), private=True),
    Phase.PASS: PhaseRule(CHART_RULE, on.on_pass, legal.pass_actions,
                          effects=frozenset(name for name, effect in EFFECTS.items() if effect.moves == "pass")),
    Phase.PREDATOR: PhaseRule("Ruling 12 (predator die): pass or discard cards of the rolled predator, or keep the "
                              "rest", on.on_predator, legal.predator_actions, _predator_face_held),
    Phase.PREDATOR_DISCARD: PhaseRule("Ruling 12 (predator die, Discard face): discard at most one predator card",
                                      on.on_predator_discard, legal.predator_discard_actions, _discard_face_held),
    Phase.RACK: PhaseRule("Ruling 13 (rack): play at most one rack at the end of the turn", on.on_rack,
                          legal.rack_actions, _rack_held),
    Phase.RACK_PAWN: PhaseRule(RACK_MOVE, on.on_move_pawn, legal.rack_pawn_actions),
    Phase.RACK_AMOUNT: PhaseRule("Ruling 13 (rack): the sizes of the moves sum exactly to the value",
                                 on.on_move_amount, legal.rack_amount_actions),
    Phase.DRAW: PhaseRule("Ruling 1 (turn order): optionally draw one random card from the Predator pile",
                          on.on_draw, legal.draw_actions, _predator_pile),
    Phase.DRAW_CARD: PhaseRule("Ruling 1 (turn order): the card drawn from the Predator pile", on.on_draw_card,
                               needs=_predator_pile),
    Phase.BULLSEYE_PAWN: PhaseRule("Ruling 20 (Bullseye space): 12 points split into signed moves of any pawns, as "
                                   "a rack", on.on_move_pawn, legal.rack_pawn_actions, _bullseye_due, in_turn=False),
    Phase.BULLSEYE_AMOUNT: PhaseRule("Ruling 20 (Bullseye space): the sizes of the moves sum exactly to 12",
                                     on.on_move_amount, legal.rack_amount_actions, _bullseye_due, in_turn=False),
    Phase.END: PhaseRule("Ruling 16 (game end): the game is over", None, in_turn=False),
}
assert set(PHASE_RULES) == set(Phase), "every phase has its record"
CHANCE_PHASES = frozenset(p for p, r in PHASE_RULES.items() if r.legal is None and r.handler is not None)
DECISION_PHASES = frozenset(p for p, r in PHASE_RULES.items() if r.legal is not None)
PRIVATE_PHASES = frozenset(p for p, r in PHASE_RULES.items() if r.private)  # others see "waiting"
_LEGAL = {p: r.legal for p, r in PHASE_RULES.items() if r.legal is not None}  # looked up at every decision
_HANDLERS = {p: r.handler for p, r in PHASE_RULES.items() if r.handler is not None}  # ... and every transition


def rule(s) -> str:
    """The rule that governs the state's phase (a chart row's rule while resolving a roll)."""
    text = PHASE_RULES[s.phase].text
    if text is None:
        return s.game.components.chart_row(s.roll).rule
    if s.phase == ROLL and s.frozen[s.current]:
        return FROZEN_RULE
    return text


def legal_actions(s) -> tuple[Action, ...]:
    """The legal actions of the state's phase (none in a chance phase or at the end)."""
    actions = _LEGAL.get(s.phase)
    return () if actions is None else actions(s)


def apply(t: Table, action: Action) -> None:
    """Run the transition of `action` in the table's phase (ending the round if it ends)."""
    try:
        _HANDLERS[t.phase](t, action)
    except RoundOver:
        on.end_round(t)


def play_chance(t: Table, rng: Rng) -> None:
    """Chance moves on one table, each drawn from the table's fields as `legal.draw` draws it from a state's,
    until a seat decides, the game ends or a deal has more than its last card to go (`deals_on_lists`)."""
    while t.phase in CHANCE_PHASES and not deals_on_lists(t):
        apply(t, legal.draw(t, rng))


def deals_on_lists(s) -> bool:
    """A deal with more than its last card to go: those cards change the deck and hands only, dealt without a
    Table (`transitions.deal_fields`)."""
    return s.phase == DEAL and sum(s.deck) > 1

