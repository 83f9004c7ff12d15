"""The legal actions of each decision phase and the chance outcomes of each chance phase."""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

from ...engine import Action
from ...engine.distribution import draw_index, uniform_below
from ...engine.protocol import ChanceTable
from ...engine.seeding import Rng
from ..components import DeerComponents
from .cards import (available_racks, card_list, counts_of_kinds, group_options, hand_value, joker_faces,
                    matching_kinds, others, roll_facts, set_aside_options)
from .phases import DEAL, DRAW_CARD


def _names(comp: DeerComponents, kinds) -> str:
    return "+".join(comp.cards[k].name for k in kinds)


# Every legal-action tuple is built once per distinct key (actions are immutable, so states share them) and
# kept in a bounded cache: a decision pays a lookup, not the construction of its actions.
def _pass_to_others(s, kind: int) -> tuple[Action, ...]:
    return _pass_actions(s.game.components, kind, s.current, s.game.num_players)


@lru_cache(maxsize=1024)  # bounded by the card kinds times the seats
def _pass_actions(comp: DeerComponents, kind: int, player: int, n: int) -> tuple[Action, ...]:
    name = comp.cards[kind].name
    return tuple(Action("pass", (kind, j), f"pass {name} to player {j}") for j in sorted(others(player, n)))


def joker_actions(s) -> tuple[Action, ...]:
    """No Joker, or a Joker on one of the number dice (Ruling 14)."""
    return _joker_actions(s.game.components)


@lru_cache(maxsize=64)
def _joker_actions(comp: DeerComponents) -> tuple[Action, ...]:
    return (Action("no_joker", (), "no Joker"),
            *(Action("joker", (i,), f"Joker on die {name}") for i, (name, _) in enumerate(comp.number_dice)))


def joker_face_actions(s) -> tuple[Action, ...]:
    """The numbers a Joker can make its die show (Ruling 14)."""
    comp = s.game.components
    return _joker_face_actions(comp, s.joker_die, joker_faces(comp, s.roll, s.joker_die))


@lru_cache(maxsize=1024)  # bounded by the dice and their faces
def _joker_face_actions(comp: DeerComponents, die: int, faces: tuple) -> tuple[Action, ...]:
    name = comp.number_dice[die][0]
    return tuple(Action("face", (f,), f"die {name} shows {comp.face_name(f)}") for f in faces)


def choose_actions(s) -> tuple[Action, ...]:
    """The numbers the chart row lets the roller choose (Rulings 4 and 8)."""
    comp = s.game.components
    return _choose_actions(comp, roll_facts(comp, s.roll).choosable, s.chosen)


@lru_cache(maxsize=4096)  # bounded by the sets of numbers a chart row offers, times those already chosen
def _choose_actions(comp: DeerComponents, numbers: tuple[int, ...], chosen: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(Action("choose", (n,), f"choose {comp.face_name(n)}") for n in numbers if n not in chosen)


def group_actions(s) -> tuple[Action, ...]:
    """The groups of cards summing to the rolled number still to pass, or no more groups (Ruling 6)."""
    return _group_actions(s.game.components, group_options(s))


@lru_cache(maxsize=1024)
def _group_actions(comp: DeerComponents, groups: tuple[tuple[int, ...], ...]) -> tuple[Action, ...]:
    return (*(Action("group", g, f"group {_names(comp, g)}") for g in groups),
            Action("no_more_groups", (), "no more groups"))


def pass_actions(s) -> tuple[Action, ...]:
    """The recipients of the next card to pass (Rulings 3 and 6): the first kind still to pass."""
    for kind, count in enumerate(s.to_pass):
        if count:
            return _pass_to_others(s, kind)
    raise AssertionError("a pass is offered with no card left to pass")


def predator_actions(s) -> tuple[Action, ...]:
    """Pass or discard a card of the rolled predator, or keep the rest (Ruling 12)."""
    comp = s.game.components
    return _predator_actions(comp, comp.kind_index[s.roll[-1]], s.current, s.game.num_players)


@lru_cache(maxsize=1024)  # bounded by the predator kinds times the seats
def _predator_actions(comp: DeerComponents, kind: int, player: int, n: int) -> tuple[Action, ...]:
    return (*_pass_actions(comp, kind, player, n),
            Action("discard", (kind,), f"discard {comp.cards[kind].name} to the Predator pile"),
            Action("keep", (), "keep the rest"))


def predator_discard_actions(s) -> tuple[Action, ...]:
    """Discard one predator card held, or nothing (Ruling 12, Discard face)."""
    comp = s.game.components
    hand = s.hands[s.current]
    return _predator_discard_actions(comp, tuple(k for k in comp.predator_kinds if hand[k]))


@lru_cache(maxsize=256)  # bounded by the sets of predator kinds
def _predator_discard_actions(comp: DeerComponents, held: tuple[int, ...]) -> tuple[Action, ...]:
    return (*(Action("discard", (k,), f"discard {comp.cards[k].name} to the Predator pile") for k in held),
            Action("no_discard", (), "discard nothing"))


def rack_actions(s) -> tuple[Action, ...]:
    """The racks the hand holds, or no rack (Ruling 13)."""
    comp = s.game.components
    return _rack_actions(comp, available_racks(comp, s.hands[s.current]))


@lru_cache(maxsize=256)  # bounded by the sets of racks a hand can hold
def _rack_actions(comp: DeerComponents, racks: tuple[tuple[int, ...], ...]) -> tuple[Action, ...]:
    return (*(Action("rack", r, f"rack {_names(comp, r)} ({hand_value(comp, counts_of_kinds(comp, r))})")
              for r in racks),
            Action("no_rack", (), "no rack"))


def rack_pawn_actions(s) -> tuple[Action, ...]:
    """The next signed move of a rack or Bullseye: a pawn and a direction (Rulings 13 and 20)."""
    return _rack_pawn_actions(s.game.num_players)


@lru_cache(maxsize=64)
def _rack_pawn_actions(n: int) -> tuple[Action, ...]:
    return tuple(Action("move", (p, sign), f"move player {p} {'forward' if sign > 0 else 'back'}")
                 for p in range(n) for sign in (1, -1))


def rack_amount_actions(s) -> tuple[Action, ...]:
    """The size of that move, at most the points left (Rulings 13 and 20)."""
    return _amount_actions(s.moves_left)


@lru_cache(maxsize=256)  # bounded by the largest rack value
def _amount_actions(most: int) -> tuple[Action, ...]:
    return tuple(Action("amount", (k,), f"{k} space{'s' * (k > 1)}") for k in range(1, most + 1))


def draw_actions(s) -> tuple[Action, ...]:
    """Draw from the Predator pile, or not (Ruling 1)."""
    return DRAW_ACTIONS


DRAW_ACTIONS = Action("draw", (), "draw from the Predator pile"), Action("no_draw", (), "don't draw")


def knock_actions(s) -> tuple[Action, ...]:
    """Knock, or roll the dice (Ruling 18)."""
    return KNOCK_ACTIONS


KNOCK_ACTIONS = Action("knock", (), "knock"), Action("no_knock", (), "roll the dice")


def set_aside_actions(s) -> tuple[Action, ...]:
    """The number cards still to set aside, and (when optional) stopping (Ruling 19)."""
    comp, p = s.game.components, s.current
    cards = tuple(Action("set_aside", (k,), f"set aside {comp.cards[k].name}")
                  for k in set_aside_options(comp, s.hands[p], s.set_aside[p]))
    return (*cards, Action("no_set_aside", (), "set aside no more")) if comp.set_aside_optional else cards


def hand_over_actions(s) -> tuple[Action, ...]:
    """Hand the rolled numbers' cards over, or keep them (card chart, Ruling 2)."""
    comp = s.game.components
    return _hand_over_actions(comp, tuple(matching_kinds(s.hands[s.giver], roll_facts(comp, s.roll).rolled_kinds)),
                              s.current)


@lru_cache(maxsize=4096)  # bounded: the cards a giver may hold of the rolled numbers, times the seats
def _hand_over_actions(comp: DeerComponents, cards: tuple[int, ...], receiver: int) -> tuple[Action, ...]:
    return (Action("hand_over", (), f"hand over {' '.join(card_list(comp, cards))} to player {receiver}"),
            Action("keep", (), "keep them"))


def block_actions(s) -> tuple[Action, ...]:
    """Reveal the set-aside card to block, or not (Ruling 19)."""
    name = s.game.components.cards[s.blocking[0]].name
    return Action("reveal", (), f"reveal {name} to block"), Action("no_block", (), "don't block")


@lru_cache(maxsize=64)
def _card_actions(comp: DeerComponents, kind: str, text: str) -> tuple[Action, ...]:
    """One action per card kind (a card dealt or drawn), built once per edition and text."""
    return tuple(Action(kind, (k,), text.format(card.name)) for k, card in enumerate(comp.cards))


@lru_cache(maxsize=64)  # bounded by the editions times the seats
def _deal_actions(comp: DeerComponents, player: int) -> tuple[Action, ...]:
    return _card_actions(comp, "deal", f"deal {{}} to player {player}")


def _card_outcomes(counts, actions: tuple[Action, ...]) -> tuple[tuple[Action, Fraction], ...]:
    total = sum(counts)
    return tuple((actions[k], Fraction(c, total)) for k, c in enumerate(counts) if c)


def _card_table(counts, actions: tuple[Action, ...]) -> ChanceTable:
    """`_card_outcomes` as a sampling table: the weights are the card counts themselves."""
    present = [k for k, c in enumerate(counts) if c]
    return ChanceTable([actions[k] for k in present], itertools.accumulate(counts[k] for k in present))


def _card_source(s) -> tuple[tuple[int, ...], tuple[Action, ...]] | None:
    """The cards a deal or draw node picks from and the action of each card kind (None at a roll)."""
    phase = s.phase
    if phase is DEAL:
        return s.deck, _deal_actions(s.game.components, s.current)
    if phase is DRAW_CARD:
        return s.predator_pile, _card_actions(s.game.components, "draw_card", "draw {}")
    return None


@lru_cache(maxsize=64)  # one table per edition
def _card_ids(comp: DeerComponents) -> dict[int, tuple[Action, int, int]]:
    """Every card an edition's `draw` deals or draws, by the action's identity: (the action, its card kind, the seat
    it is dealt to or -1 for a card drawn from the Predator pile)."""
    cards = {id(action): (action, kind, seat) for seat in range(comp.max_players)
             for kind, action in enumerate(_deal_actions(comp, seat))}
    cards.update((id(action), (action, kind, -1))
                 for kind, action in enumerate(_card_actions(comp, "draw_card", "draw {}")))
    return cards


def drawn_card(s, action) -> int:
    """The kind of the card `action` deals or draws at this node, in O(1): `action` is the very outcome `draw` handed
    out (found by identity) and its pile holds that card; -1 otherwise (`card_outcome` then compares by value)."""
    entry = _card_ids(s.game.components).get(id(action))
    if entry is None or entry[0] is not action:
        return -1
    _, kind, seat = entry
    if s.phase is DEAL:
        return kind if seat == s.current and s.deck[kind] else -1
    return kind if seat < 0 and s.phase is DRAW_CARD and s.predator_pile[kind] else -1


def card_outcome(s, action) -> Action | None:
    """The chance outcome equal to `action` at a card dealt or drawn, if its pile holds that card (found from the
    pile's counts, without building the chance table); None otherwise (another node, or not an outcome)."""
    source = _card_source(s)
    args = getattr(action, "args", None)
    if source is None or type(args) is not tuple or len(args) != 1 or type(args[0]) is not int:
        return None
    counts, actions = source
    kind = args[0]
    if not (0 <= kind < len(counts) and counts[kind]):
        return None
    card = actions[kind]
    return card if card is action or card == action else None  # the very action drawn: no dataclass comparison


def chance_outcomes(s) -> tuple[tuple[Action, Fraction], ...]:
    """The chance outcomes: a card from a pile, or the roll of all dice."""
    source = _card_source(s)
    return _card_outcomes(*source) if source else s.game.components.roll_outcomes


def chance_table(s) -> ChanceTable:
    """`chance_outcomes` ready to sample (the same outcomes, order and proportions)."""
    source = _card_source(s)
    return _card_table(*source) if source else s.game.components.roll_table


def draw(s, rng: Rng) -> Action:
    """The chance outcome drawn as `chance_table`'s draw picks it, from one `rng.random()` value: a roll from the
    edition's roll table; a card dealt or drawn sampled from the pile's counts without building its
    table, by the same `draw_index` draw, so the same card. (Over every kind, an absent kind's running total
    repeats the one before it, so the index drawn is the kind of the card the table of present kinds draws.)
    Several cards in a row: `drawn_kinds`. (A roll is drawn as `ChanceTable.draw` draws it, from the table's own
    running totals and outcomes.)"""
    phase = s.phase
    if phase is DEAL:
        cumulative, actions = tuple(itertools.accumulate(s.deck)), _deal_actions(s.game.components, s.current)
    elif phase is DRAW_CARD:
        cumulative = tuple(itertools.accumulate(s.predator_pile))
        actions = _card_actions(s.game.components, "draw_card", "draw {}")
    else:
        table = s.game.components.roll_table
        cumulative, actions = table.cumulative, table.actions
    return actions[draw_index(cumulative, rng)]


def drawn_kinds(counts, cards: int, rng: Rng) -> list[int]:
    """The kinds of `cards` cards drawn one after another from a pile's `counts`, each as the chance table of the
    pile left draws it (one `rng.random()` value each), without running totals: the pile is laid out card by
    card in kind order and the card at `uniform_below(cards left)` taken out. The card at position i of that
    layout is the kind whose running totals bracket i, the kind `draw_index` picks for i."""
    pile = [kind for kind, count in enumerate(counts) for _ in range(count)]
    return [pile.pop(uniform_below(len(pile), rng)) for _ in range(cards)]

