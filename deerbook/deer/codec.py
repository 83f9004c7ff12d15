"""Deer actions as integers (`engine.codec`): every decision and chance outcome of an edition, numbered.

The numbering depends only on the game's components and player count, never on the position. With K card kinds,
n players and the edition's dice, the decisions are numbered in this order (an action's number is its place):

1. pass card kind k to player j: K * n actions, k major (Rulings 3, 6 and 12);
2. discard card kind k, set aside card kind k: K each (Rulings 12 and 19);
3. no Joker, then a Joker on each number die (Ruling 14); each face a Joker can make a die show: the edition's
   numbers, then the dice's symbols (Ruling 14, either reading);
4. choose number m, one per number (Rulings 4 and 8);
5. every group of two or more number cards adding up to some card's points (Ruling 6), by total, then as the rules
   list them; then "no more groups";
6. every rack a hand can hold (Ruling 13), in sorted order; then "no rack";
7. move player p forward, then back (p major); move 1 .. M spaces, M the largest rack value or Bullseye's 12
   (Rulings 13 and 20);
8. the yes/no decisions: keep, discard nothing, draw, don't draw, knock, roll the dice, set aside no more,
   hand over, reveal, don't block.

Chance outcomes: deal card kind k (K), draw card kind k from the Predator pile (K), then each roll of the dice in
the order `DeerComponents.roll_outcomes` lists them.
"""
from __future__ import annotations

import itertools
from functools import lru_cache

from ..engine.codec import ActionCodec
from ..engine.protocol import Action
from .components import DeerComponents
from .rules import BULLSEYE_POINTS, available_racks, counts_of_kinds, hand_value, sum_groups
from .spec import DeerSetup

YES_NO = ("keep", "no_discard", "draw", "no_draw", "knock", "no_knock", "no_set_aside", "hand_over", "reveal",
          "no_block")


def codec(game: DeerSetup) -> ActionCodec:
    """The numbering of this game's actions (the same object for every game of the same edition and size)."""
    return _codec(game.components, game.num_players, game.full_deck)


@lru_cache(maxsize=32)
def _codec(comp: DeerComponents, players: int, deck: tuple[int, ...]) -> ActionCodec:
    return ActionCodec(decisions(comp, players, deck), chance_outcomes(comp))


def decisions(comp: DeerComponents, players: int, deck: tuple[int, ...]) -> list[Action]:
    """Every decision of a game with these components, players and cards, in numbering order."""
    kinds = range(len(comp.cards))
    racks = all_racks(comp)
    most = max([BULLSEYE_POINTS, *(hand_value(comp, counts_of_kinds(comp, rack)) for rack in racks)])
    faces = dict.fromkeys([*comp.numbers, *(face for _, die in comp.number_dice for face in die)])
    return [*(Action("pass", (k, j)) for k in kinds for j in range(players)),
            *(Action("discard", (k,)) for k in kinds), *(Action("set_aside", (k,)) for k in kinds),
            Action("no_joker"), *(Action("joker", (i,)) for i in range(len(comp.number_dice))),
            *(Action("face", (face,)) for face in faces), *(Action("choose", (m,)) for m in comp.numbers),
            *(Action("group", group) for group in all_groups(comp, deck)), Action("no_more_groups"),
            *(Action("rack", rack) for rack in racks), Action("no_rack"),
            *(Action("move", (p, sign)) for p in range(players) for sign in (1, -1)),
            *(Action("amount", (size,)) for size in range(1, most + 1)),
            *(Action(kind) for kind in YES_NO)]


def chance_outcomes(comp: DeerComponents) -> list[Action]:
    """Every chance outcome of an edition, in numbering order: a card dealt, a card drawn, a roll."""
    kinds = range(len(comp.cards))
    return [*(Action("deal", (k,)) for k in kinds), *(Action("draw_card", (k,)) for k in kinds),
            *(roll for roll, _ in comp.roll_outcomes)]


def all_groups(comp: DeerComponents, deck: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every Ruling 6 group these cards can make: for each card's points, the groups adding up to them."""
    totals = sorted({comp.points[k] for k in comp.number_kind.values()})
    return [group for total in totals for group in sum_groups(comp, deck, total)]


def all_racks(comp: DeerComponents) -> list[tuple[int, ...]]:
    """Every rack some hand can hold (Ruling 13): the racks of every mix of up to three of each predator and a
    Joker."""
    special = [*comp.predator_kinds, *([comp.joker_kind] if comp.joker_kind is not None else [])]
    racks: set[tuple[int, ...]] = set()
    for counts in itertools.product(range(4), repeat=len(special)):
        hand = [0] * len(comp.cards)
        for kind, count in zip(special, counts):
            hand[kind] = count
        racks.update(available_racks(comp, hand))
    return sorted(racks)
