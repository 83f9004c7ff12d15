"""The rules (Rulings 1–17, the advanced Rulings 18–21, the card edition of §2) as legal
actions and transitions.

A DeerState is frozen: `apply` copies it into a mutable `Table`, runs one transition and
freezes the result. Every card movement goes through `Table.move`, which ends the round the
moment a hand becomes empty (Ruling 15) by raising `RoundOver`. The number-dice action is
looked up in the components' chart and run by the handler named by its effect (`EFFECTS`).
Every discard or pass of number cards goes through `move_numbers`, where holders of
set-aside cards may block it (Ruling 19); without set-aside cards it happens at once.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from ..engine import Action
from ..engine.protocol import ChanceTable
from .components import DEER_HEAD, DISCARD_FACE, DeerComponents

CHANCE_PHASES = frozenset({"deal", "roll", "reroll", "draw_card"})
DECISION_PHASES = frozenset({"knock", "set_aside", "joker", "joker_face", "choose_number", "group", "hand_over",
                             "block", "pass", "predator", "predator_discard", "rack", "rack_pawn", "rack_amount",
                             "draw", "bullseye_pawn", "bullseye_amount"})
END = "end"
PHASES = CHANCE_PHASES | DECISION_PHASES | {END}
CHART_PHASES = frozenset({"choose_number", "group", "hand_over", "pass"})  # governed by the chart row rolled
KNOCK_MAX_CARDS = 4  # Ruling 18
SET_ASIDE_CARDS = 3  # Ruling 19
BULLSEYE_POINTS = 12  # Ruling 20
EFFECT_MOVES = {"discard_rolled": "discard", "discard_parity": "discard", "pass_rolled": "pass",
                "pass_number_and_sums": "pass"}  # where an effect's number cards go

RULES = {
    "deal": "Ruling 17 (deal): every card is dealt one at a time, starting left of the dealer",
    "roll": "Ruling 1 (turn order): roll the three number dice and the predator die",
    "reroll": "Ruling 10 (three Deer Heads): re-roll all four dice; without a Deer Head the turn ends",
    "joker": "Ruling 14 (Joker on a die): at most one Joker per roll, before resolving",
    "joker_face": "Ruling 14 (Joker on a die): choose what number to replace the die with",
    "predator": "Ruling 12 (predator die): pass or discard cards of the rolled predator, or keep the rest",
    "predator_discard": "Ruling 12 (predator die, Discard face): discard at most one predator card",
    "rack": "Ruling 13 (rack): play at most one rack at the end of the turn",
    "rack_pawn": "Ruling 13 (rack): the value is split into signed moves of any pawns",
    "rack_amount": "Ruling 13 (rack): the sizes of the moves sum exactly to the value",
    "draw": "Ruling 1 (turn order): optionally draw one random card from the Predator pile",
    "draw_card": "Ruling 1 (turn order): the card drawn from the Predator pile",
    "knock": "Ruling 18 (knock): at the start of the turn, with four or fewer cards, knock instead of rolling",
    "set_aside": "Ruling 19 (Deer-in-the-Headlights space): after the deal, the player can pick three number "
                 "cards of different numbers to set aside",
    "block": "Ruling 19 (Deer-in-the-Headlights space): reveal a set-aside card to block the discard or pass of "
             "its number",
    "bullseye_pawn": "Ruling 20 (Bullseye space): 12 points split into signed moves of any pawns, as a rack",
    "bullseye_amount": "Ruling 20 (Bullseye space): the sizes of the moves sum exactly to 12",
    END: "Ruling 16 (game end): the game is over",
}
FROZEN_RULE = "Ruling 7 (frozen): a roll without a Deer Head loses the turn"


class RoundOver(Exception):
    """A hand became empty: the round ends at once (Ruling 15)."""


# -- card arithmetic on count vectors -----------------------------------------------------------
def hand_value(comp: DeerComponents, counts) -> int:
    """The points of a hand's cards."""
    return sum(c * p for c, p in zip(counts, comp.points))


def card_list(comp: DeerComponents, counts) -> list[str]:
    """The card names of a count vector, one per card."""
    return [comp.cards[k].name for k, c in enumerate(counts) for _ in range(c)]


def rolled_faces(comp: DeerComponents, roll: tuple) -> tuple:
    """The number dice faces of a roll (the last face is the predator die's)."""
    return roll[:len(comp.number_dice)]


def rolled_numbers(comp: DeerComponents, roll: tuple) -> tuple[int, ...]:
    """The number faces of a roll."""
    return tuple(f for f in rolled_faces(comp, roll) if isinstance(f, int))


def number_points(comp: DeerComponents, counts, numbers) -> int:
    """The points of the number cards of `counts` matching `numbers`: hand_value(matching(...)), faster."""
    points = comp.points
    return sum(counts[k] * points[k] for k in {comp.number_kind[n] for n in numbers})


def matching(comp: DeerComponents, counts, numbers) -> list[int]:
    """The number cards of `counts` matching `numbers` (Ruling 11: never predators or Jokers)."""
    kinds = {comp.number_kind[n] for n in numbers}
    return [c if k in kinds else 0 for k, c in enumerate(counts)]


@lru_cache(maxsize=8192)  # bounded: resident memory stays flat over any number of games
def sum_groups(comp: DeerComponents, available: tuple, target: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct multiset (sorted kinds) of two or more number cards from `available`
    whose points sum to `target` (Ruling 6)."""
    kinds = [k for k in comp.number_kinds_by_points if available[k] and 0 < comp.points[k] <= target]
    groups = []

    def extend(start: int, left: int, chosen: tuple) -> None:
        if left == 0:
            if len(chosen) >= 2:
                groups.append(chosen)
            return
        for i in range(start, len(kinds)):
            k = kinds[i]
            if comp.points[k] <= left and chosen.count(k) < available[k]:
                extend(i, left - comp.points[k], chosen + (k,))

    extend(0, target, ())
    return tuple(groups)


def available_racks(comp: DeerComponents, hand) -> tuple[tuple[int, ...], ...]:
    """Each distinct rack in `hand` (Ruling 13): three alike or one of each predator, a Joker
    standing in for one predator only when the hand lacks it."""
    preds, joker = comp.predator_kinds, comp.joker_kind
    has_joker = joker is not None and hand[joker] > 0
    racks: list[tuple[int, ...]] = []
    for k in preds:
        if hand[k] >= 3:
            racks.append((k, k, k))
        elif hand[k] == 2 and has_joker:
            racks.append(tuple(sorted((k, k, cast(int, joker)))))
    if len(preds) >= 2:
        missing = [k for k in preds if not hand[k]]
        if not missing:
            racks.append(preds)
        elif len(missing) == 1 and has_joker:
            racks.append(tuple(sorted([k for k in preds if hand[k]] + [cast(int, joker)])))
    return tuple(racks)


def group_options(s) -> tuple[tuple[int, ...], ...]:
    """The groups of cards the player may pass, adding up to the rolled number card's points."""
    comp = s.game.components
    hand = s.hands[s.current]
    available = tuple(h - p for h, p in zip(hand, s.to_pass))
    number = rolled_numbers(comp, s.roll)[0]
    return sum_groups(comp, available, comp.points[comp.number_kind[number]])


def others(player: int, n: int) -> list[int]:
    """The other players, starting left of `player`."""
    return [(player + i) % n for i in range(1, n)]


def choosable_numbers(comp: DeerComponents, roll: tuple, row) -> tuple[int, ...]:
    """The numbers a chart row lets the roller choose: among the rolled ones, or any other."""
    rolled = rolled_numbers(comp, roll)  # a Joker can make two dice show the same number
    return tuple(sorted(set(rolled))) if row.choose_from_rolled else tuple(n for n in comp.numbers if n not in rolled)


def joker_faces(comp: DeerComponents, roll: tuple, die: int) -> tuple:
    """What a Joker on `die` may make it show (Ruling 14): any number, even the one it shows; by the
    own-faces reading, another of that die's own faces."""
    if comp.joker_any_number:
        return comp.numbers
    return tuple(f for f in dict.fromkeys(comp.number_dice[die][1]) if f != roll[die])


def set_aside_options(comp: DeerComponents, hand, aside) -> list[int]:
    """The number cards a hand may still set aside (Ruling 19: different numbers)."""
    return [k for k in comp.number_kind.values() if hand[k] and not aside[k]]


def acting_player(s) -> int:
    """Who decides now: a blocker, a player asked to hand cards over, else `current`."""
    if s.phase == "block":
        return s.blocking[1]
    return s.giver if s.phase == "hand_over" else s.current


def mover(s) -> int:
    """Whose number cards are being discarded or passed: the giver during a hand-over, else the roller."""
    return s.current if s.giver is None else s.giver


def turn_start_phase(game, hand) -> str:
    """Ruling 18: with knocking on and few enough cards a turn starts with the knock decision."""
    return "knock" if game.advanced.knocking and sum(hand) <= KNOCK_MAX_CARDS else "roll"


# -- legal actions ------------------------------------------------------------------------------------
def _names(comp: DeerComponents, kinds) -> str:
    return "+".join(comp.cards[k].name for k in kinds)


def _pass_to_others(s, kind: int) -> tuple[Action, ...]:
    name = s.game.components.cards[kind].name
    recipients = sorted(others(s.current, s.game.num_players))
    return tuple(Action("pass", (kind, j), f"pass {name} to player {j}") for j in recipients)


def _joker_actions(s):
    dice = s.game.components.number_dice
    return (Action("no_joker", (), "no Joker"),
            *(Action("joker", (i,), f"Joker on die {name}") for i, (name, _) in enumerate(dice)))


def _joker_face_actions(s):
    comp = s.game.components
    name = comp.number_dice[s.joker_die][0]
    return tuple(Action("face", (f,), f"die {name} shows {comp.face_name(f)}")
                 for f in joker_faces(comp, s.roll, s.joker_die))


def _choose_actions(s):
    comp = s.game.components
    numbers = choosable_numbers(comp, s.roll, comp.chart_row(s.roll))
    return tuple(Action("choose", (n,), f"choose {comp.face_name(n)}") for n in numbers if n not in s.chosen)


def _group_actions(s):
    comp = s.game.components
    return (*(Action("group", g, f"group {_names(comp, g)}") for g in group_options(s)),
            Action("no_more_groups", (), "no more groups"))


def _pass_actions(s):
    return _pass_to_others(s, next(k for k, c in enumerate(s.to_pass) if c))


def _predator_actions(s):
    comp = s.game.components
    kind = comp.kind_index[s.roll[-1]]
    return (*_pass_to_others(s, kind),
            Action("discard", (kind,), f"discard {comp.cards[kind].name} to the Predator pile"),
            Action("keep", (), "keep the rest"))


def _predator_discard_actions(s):
    comp = s.game.components
    hand = s.hands[s.current]
    return (*(Action("discard", (k,), f"discard {comp.cards[k].name} to the Predator pile")
              for k in comp.predator_kinds if hand[k]),
            Action("no_discard", (), "discard nothing"))


def _rack_actions(s):
    comp = s.game.components
    return (*(Action("rack", r, f"rack {_names(comp, r)} ({hand_value(comp, _counts(comp, r))})")
              for r in available_racks(comp, s.hands[s.current])),
            Action("no_rack", (), "no rack"))


def _rack_pawn_actions(s):
    return tuple(Action("move", (p, sign), f"move player {p} {'forward' if sign > 0 else 'back'}")
                 for p in range(s.game.num_players) for sign in (1, -1))


def _rack_amount_actions(s):
    return tuple(Action("amount", (k,), f"{k} space{'s' * (k > 1)}") for k in range(1, s.moves_left + 1))


def _draw_actions(s):
    return Action("draw", (), "draw from the Predator pile"), Action("no_draw", (), "don't draw")


def _knock_actions(s):
    return Action("knock", (), "knock"), Action("no_knock", (), "roll the dice")


def _set_aside_actions(s):
    comp, p = s.game.components, s.current
    cards = tuple(Action("set_aside", (k,), f"set aside {comp.cards[k].name}")
                  for k in set_aside_options(comp, s.hands[p], s.set_aside[p]))
    return (*cards, Action("no_set_aside", (), "set aside no more")) if comp.set_aside_optional else cards


def _hand_over_actions(s):
    comp = s.game.components
    cards = matching(comp, s.hands[s.giver], rolled_numbers(comp, s.roll))
    return (Action("hand_over", (), f"hand over {' '.join(card_list(comp, cards))} to player {s.current}"),
            Action("keep", (), "keep them"))


def _block_actions(s):
    name = s.game.components.cards[s.blocking[0]].name
    return Action("reveal", (), f"reveal {name} to block"), Action("no_block", (), "don't block")


LEGAL = {"joker": _joker_actions, "joker_face": _joker_face_actions, "choose_number": _choose_actions,
         "group": _group_actions, "pass": _pass_actions, "predator": _predator_actions,
         "predator_discard": _predator_discard_actions, "rack": _rack_actions, "rack_pawn": _rack_pawn_actions,
         "rack_amount": _rack_amount_actions, "draw": _draw_actions, "knock": _knock_actions,
         "set_aside": _set_aside_actions, "hand_over": _hand_over_actions, "block": _block_actions,
         "bullseye_pawn": _rack_pawn_actions, "bullseye_amount": _rack_amount_actions}


def legal_actions(s) -> tuple[Action, ...]:
    """The legal actions of the state's phase."""
    return LEGAL[s.phase](s)


@lru_cache(maxsize=64)
def _card_actions(comp: DeerComponents, kind: str, text: str) -> tuple[Action, ...]:
    """One action per card kind (a card dealt or drawn), built once per edition and text."""
    return tuple(Action(kind, (k,), text.format(card.name)) for k, card in enumerate(comp.cards))


def _card_outcomes(comp: DeerComponents, counts, kind: str, text: str) -> tuple[tuple[Action, Fraction], ...]:
    total, actions = sum(counts), _card_actions(comp, kind, text)
    return tuple((actions[k], Fraction(c, total)) for k, c in enumerate(counts) if c)


def _card_table(comp: DeerComponents, counts, kind: str, text: str) -> ChanceTable:
    """`_card_outcomes` as a sampling table: the weights are the card counts themselves."""
    actions = _card_actions(comp, kind, text)
    present = [k for k, c in enumerate(counts) if c]
    return ChanceTable([actions[k] for k in present], itertools.accumulate(counts[k] for k in present))


def _card_source(s) -> tuple[tuple[int, ...], str, str] | None:
    """The cards a deal or draw node picks from, its action kind and text (None at a roll)."""
    if s.phase == "deal":
        return s.deck, "deal", f"deal {{}} to player {s.current}"
    if s.phase == "draw_card":
        return s.predator_pile, "draw_card", "draw {}"
    return None


def chance_outcomes(s) -> tuple[tuple[Action, Fraction], ...]:
    """The chance outcomes: a card from a pile, or the roll of all dice."""
    source = _card_source(s)
    return _card_outcomes(s.game.components, *source) if source else s.game.components.roll_outcomes


def chance_table(s) -> ChanceTable:
    """`chance_outcomes` ready to sample (the same outcomes, order and proportions)."""
    source = _card_source(s)
    return _card_table(s.game.components, *source) if source else ChanceTable.shared(s.game.components.roll_outcomes)


def rule(s) -> str:
    """The rule that governs the state's phase (a chart row's rule while resolving a roll)."""
    if s.phase in CHART_PHASES:
        return s.game.components.chart_row(s.roll).rule
    if s.phase == "roll" and s.frozen[s.current]:
        return FROZEN_RULE
    return RULES[s.phase]


def _counts(comp: DeerComponents, kinds) -> list[int]:
    counts = [0] * len(comp.cards)
    for k in kinds:
        counts[k] += 1
    return counts


# -- transitions ------------------------------------------------------------------------------------
MUTABLE = ("deck", "discard", "predator_pile", "pawns", "frozen", "to_pass", "rack", "racks_played", "pending",
           "set_aside_due", "bullseye_due", "benefit_spaces")  # count vectors and per-player flags, as lists
NESTED = ("hands", "set_aside")  # per-player count vectors, as lists of lists


LISTS = frozenset(MUTABLE + NESTED)


class Table:
    """A mutable working copy of a state's fields for one transition.

    A field is read from the state on first use (a count vector copied as a list, of lists), so a
    transition pays only for the fields it touches; `changed_fields` gives back what it set or used,
    as a state holds it (tuples)."""

    def __init__(self, game, fields: dict):
        self.__dict__.update(game=game, comp=game.components, n=game.num_players, _source=fields)

    def __getattr__(self, name: str) -> Any:
        """The first use of a field: read it from the state (a count vector copied as a list)."""
        try:
            value = self.__dict__["_source"][name]
        except KeyError:
            raise AttributeError(name) from None
        if name in LISTS:
            value = [list(v) for v in value] if name in NESTED else list(value)
        self.__dict__[name] = value
        return value

    if TYPE_CHECKING:  # a state's fields, read on first use, are plain attributes of any type
        def __setattr__(self, name: str, value: Any) -> None: ...

    def changed_fields(self) -> dict:
        """The fields this transition set or used, as a state holds them (tuples)."""
        source, changed = self._source, {}
        for name, value in self.__dict__.items():
            if name in LISTS:
                changed[name] = tuple(map(tuple, value)) if name in NESTED else tuple(value)
            elif name in source and value is not source[name]:
                changed[name] = value
        return changed

    def peek(self, name: str):
        """A field's value now, read without copying it (not to be changed)."""
        return self.__dict__.get(name, self._source[name])

    def pile(self, place):
        """The count vector of a place: a player's hand, a set-aside pile or a named pile."""
        if isinstance(place, tuple):  # ("set_aside", player)
            return self.set_aside[place[1]]
        return self.hands[place] if isinstance(place, int) else getattr(self, place)

    def move(self, kind: int, source, target) -> None:
        """Move one card between places (a hand index, ("set_aside", player), "deck", "discard",
        "predator_pile")."""
        self.pile(source)[kind] -= 1
        self.pile(target)[kind] += 1
        if isinstance(source, int) and not any(self.hands[source]):
            raise RoundOver

    def move_all(self, counts, source, target) -> None:
        """Move every card of `counts` from `source` to `target`."""
        for kind, count in enumerate(list(counts)):
            for _ in range(count):
                self.move(kind, source, target)

    def move_pawn(self, player: int, amount: int, reason: str) -> None:
        """Move a player's pawn (never below 0) and record the move in the ledger."""
        before = self.pawns[player]
        after = max(before + amount, 0)
        self.pawns[player] = min(after, self.comp.finish) if self.comp.clamp_at_finish else after
        self.ledger += ((player, reason, amount, self.pawns[player] - before),)

    @property
    def hand(self) -> list[int]:
        """The current player's hand."""
        return self.hands[self.current]

    @property
    def dealer(self) -> int:
        """The dealer of this round."""
        return self.round % self.n


def apply(t: Table, action: Action) -> None:
    """Run the transition of `action` in the table's phase (ending the round if it ends)."""
    try:
        HANDLERS[t.phase](t, action)
    except RoundOver:
        end_round(t)


def deal_fields(s, kind: int) -> dict:
    """The fields a card dealt to the current player changes while more cards follow it (`_on_deal` without
    a Table: a deal is most of a game's steps)."""
    deck, hand = list(s.deck), list(s.hands[s.current])
    deck[kind] -= 1
    hand[kind] += 1
    hands = s.hands[:s.current] + (tuple(hand),) + s.hands[s.current + 1:]
    return {"deck": tuple(deck), "hands": hands, "current": (s.current + 1) % s.game.num_players}


def _on_deal(t: Table, a: Action) -> None:
    t.move(a.args[0], "deck", t.current)
    t.current = (t.current + 1) % t.n
    if not any(t.deck):
        next_set_aside(t)


def next_set_aside(t: Table) -> None:
    """After the deal, each player owing set-aside cards (Ruling 19) from the dealer's left; then the
    dealer's first turn."""
    for player in [*others(t.dealer, t.n), t.dealer]:
        if t.set_aside_due[player] and set_aside_options(t.comp, t.hands[player], t.set_aside[player]):
            t.current, t.phase = player, "set_aside"
            return
        t.set_aside_due[player] = 0
    t.current = t.dealer
    start_turn(t)


def _on_set_aside(t: Table, a: Action) -> None:
    if a.kind == "no_set_aside":
        t.set_aside_due[t.current] = 0
        return next_set_aside(t)
    t.set_aside_due[t.current] -= 1
    t.move(a.args[0], t.current, ("set_aside", t.current))
    next_set_aside(t)


def start_turn(t: Table) -> None:
    """Begin the current player's turn (with the knock decision when it applies)."""
    t.phase = turn_start_phase(t.game, t.hand)


def _on_knock(t: Table, a: Action) -> None:
    if a.kind == "no_knock":
        t.phase = "roll"
        return
    t.turns += 1
    end_round(t, knocker=t.current)


def _on_roll(t: Table, a: Action) -> None:
    needs_deer_head = t.phase == "reroll" or t.frozen[t.current]
    t.turns += t.phase == "roll"
    t.roll, t.joker_die = a.args, None  # a re-roll is a new roll (Ruling 14)
    if needs_deer_head:  # Rulings 7 and 10: judged on the dice as rolled
        if DEER_HEAD not in rolled_faces(t.comp, t.roll):
            return end_turn(t)
        t.frozen[t.current] = False
    joker = t.comp.joker_kind
    if joker is not None and t.hand[joker]:
        t.phase = "joker"
    else:
        resolve_number_dice(t)


def _on_joker(t: Table, a: Action) -> None:
    if a.kind == "no_joker":
        return resolve_number_dice(t)
    t.joker_die = a.args[0]
    t.phase = "joker_face"


def _on_joker_face(t: Table, a: Action) -> None:
    die = t.joker_die  # kept until the turn ends: the die that shows the Joker's choice
    t.roll = t.roll[:die] + a.args + t.roll[die + 1:]
    t.move(t.comp.joker_kind, t.current, "predator_pile")
    resolve_number_dice(t)


def resolve_number_dice(t: Table) -> None:
    """Carry out the chart row of the roll."""
    row = t.comp.chart_row(t.roll)
    EFFECT_HANDLERS[row.effect](t, row)


def _discard_rolled(t: Table, row) -> None:
    if row.choices:
        t.phase = "choose_number"
    else:
        discard_numbers(t, rolled_numbers(t.comp, t.roll), row.pull_if_none)


def discard_numbers(t: Table, numbers, pull_if_none: bool = False) -> None:
    """Move the hand's cards matching `numbers`, or with none and `pull_if_none` start a hand-over."""
    cards = matching(t.comp, t.hand, numbers)
    if any(cards) or not pull_if_none:
        move_numbers(t, cards)
    else:
        next_hand_over(t)


def next_hand_over(t: Table) -> None:
    """Ruling 2 (card chart: 'may'): holding none of the rolled numbers, the other players from the
    roller's left hand theirs over, one giver after another; then the predator die."""
    givers = others(t.current, t.n)
    start = 0 if t.giver is None else givers.index(t.giver) + 1
    numbers = rolled_numbers(t.comp, t.roll)
    for giver in givers[start:]:
        cards = matching(t.comp, t.hands[giver], numbers)
        if any(cards):
            t.giver = giver
            if t.comp.chart_row(t.roll).pull_is_choice:
                t.phase = "hand_over"
            else:
                move_numbers(t, cards)
            return
    t.giver = None
    predator_phase(t)


def _on_hand_over(t: Table, a: Action) -> None:
    if a.kind == "keep":
        return next_hand_over(t)
    move_numbers(t, matching(t.comp, t.hands[t.giver], rolled_numbers(t.comp, t.roll)))


def move_numbers(t: Table, cards) -> None:
    """The mover's number `cards` are about to be discarded, passed or handed over: first each holder
    of a set-aside card of one of those numbers may block it (Ruling 19)."""
    t.pending, t.to_pass = list(cards), [0] * len(t.comp.cards)
    next_block(t)


def next_block(t: Table) -> None:
    """Offer the next block after the one just answered (numbers in order, holders from the mover's
    left), or carry the movement out."""
    actor, aside = mover(t), t.peek("set_aside")
    answered = (-1, 0) if t.blocking is None else (t.blocking[0], (t.blocking[1] - actor) % t.n)
    offers = [(k, holder) for k, count in enumerate(t.pending) if count for holder in others(actor, t.n)
              if aside[holder][k] and (k, (holder - actor) % t.n) > answered] if any(map(any, aside)) else []
    if offers:
        t.blocking, t.phase = offers[0], "block"
    else:
        t.blocking = None
        carry_out(t)


def _on_block(t: Table, a: Action) -> None:
    if a.kind == "reveal":
        kind, holder = t.blocking
        t.move(kind, ("set_aside", holder), "discard")
        t.pending[kind] = 0  # the mover keeps every card of that number for this action
    next_block(t)


def carry_out(t: Table) -> None:
    """Move the pending cards (handed over, discarded or passed) and go on."""
    cards, t.pending = t.pending, [0] * len(t.comp.cards)
    if t.giver is not None:
        t.move_all(cards, t.giver, t.current)
        next_hand_over(t)
    elif EFFECT_MOVES[t.comp.chart_row(t.roll).effect] == "discard":
        t.move_all(cards, t.current, "discard")
        predator_phase(t)
    else:
        t.to_pass = cards
        if any(cards):
            t.phase = "pass"
        else:
            predator_phase(t)


def _pass_rolled(t: Table, row) -> None:
    move_numbers(t, matching(t.comp, t.hand, rolled_numbers(t.comp, t.roll)))


def _discard_parity(t: Table, row) -> None:
    parity = rolled_numbers(t.comp, t.roll)[0] % 2
    discard_numbers(t, [n for n in t.comp.numbers if n % 2 == parity])


def _pass_number_and_sums(t: Table, row) -> None:
    t.to_pass = matching(t.comp, t.hand, rolled_numbers(t.comp, t.roll))
    if group_options(t):
        t.phase = "group"
    else:
        move_numbers(t, t.to_pass)


def _freeze(t: Table, row) -> None:
    t.frozen[t.current] = True
    end_turn(t)


def _extra_turns(t: Table, row) -> None:
    t.extra_turns += row.turns
    predator_phase(t)


def _take_discard_reroll(t: Table, row) -> None:
    t.move_all(t.discard, "discard", t.current)
    t.phase = "reroll"


def _nothing(t: Table, row) -> None:
    predator_phase(t)


EFFECT_HANDLERS = {"discard_rolled": _discard_rolled, "pass_rolled": _pass_rolled, "discard_parity": _discard_parity,
                   "pass_number_and_sums": _pass_number_and_sums, "freeze": _freeze, "extra_turns": _extra_turns,
                   "take_discard_reroll": _take_discard_reroll, "nothing": _nothing}


def _on_choose(t: Table, a: Action) -> None:
    t.chosen += a.args
    row = t.comp.chart_row(t.roll)
    if len(t.chosen) == row.choices:
        numbers = t.chosen if row.choose_from_rolled else rolled_numbers(t.comp, t.roll) + t.chosen
        t.chosen = ()
        discard_numbers(t, numbers, row.pull_if_none)


def _on_group(t: Table, a: Action) -> None:
    for kind in a.args:
        t.to_pass[kind] += 1
    if a.kind == "no_more_groups" or not group_options(t):
        move_numbers(t, t.to_pass)


def _on_pass(t: Table, a: Action) -> None:
    kind, recipient = a.args
    t.to_pass[kind] -= 1
    t.move(kind, t.current, recipient)
    if not any(t.to_pass):
        predator_phase(t)


def predator_phase(t: Table) -> None:
    """Resolve the predator die, then go on to racks."""
    face = t.comp.predator_face(t.roll)
    if face is None:
        return rack_phase(t)
    if face == DISCARD_FACE:
        phase = "predator_discard" if any(t.hand[k] for k in t.comp.predator_kinds) else None
    else:
        phase = "predator" if t.hand[t.comp.kind_index[face]] else None
    if phase:
        t.phase = phase
    else:
        rack_phase(t)


def _on_predator(t: Table, a: Action) -> None:
    if a.kind == "keep":
        return rack_phase(t)
    kind = a.args[0]
    t.move(kind, t.current, a.args[1] if a.kind == "pass" else "predator_pile")
    if not t.hand[kind]:
        rack_phase(t)


def _on_predator_discard(t: Table, a: Action) -> None:
    if a.kind == "discard":
        t.move(a.args[0], t.current, "predator_pile")
    rack_phase(t)


def rack_phase(t: Table) -> None:
    """Offer a rack if the hand holds one, else go on to drawing."""
    if available_racks(t.comp, t.hand):
        t.phase = "rack"
    else:
        draw_phase(t)


def _on_rack(t: Table, a: Action) -> None:
    if a.kind == "no_rack":
        return draw_phase(t)
    t.rack = _counts(t.comp, a.args)
    t.moves_left = hand_value(t.comp, t.rack)
    t.phase = "rack_pawn"


AMOUNT_PHASES = {"rack_pawn": "rack_amount", "bullseye_pawn": "bullseye_amount"}
PAWN_PHASES = {amount: pawn for pawn, amount in AMOUNT_PHASES.items()}


def _on_move_pawn(t: Table, a: Action) -> None:
    t.move_target = a.args
    t.phase = AMOUNT_PHASES[t.phase]


def _on_move_amount(t: Table, a: Action) -> None:
    """One signed move of a rack (Ruling 13) or a Bullseye (Ruling 20)."""
    player, sign = t.move_target
    amount = a.args[0]
    bullseye = t.phase == "bullseye_amount"
    t.move_pawn(player, sign * amount, "bullseye" if bullseye else "rack")
    t.moves_left -= amount
    t.move_target = None
    if t.moves_left:
        t.phase = PAWN_PHASES[t.phase]
    elif bullseye:
        t.bullseye_due[t.current] = False
        next_bullseye(t)
    else:
        finish_rack(t)


def finish_rack(t: Table) -> None:
    """Put the played rack on the predator pile and go on to drawing."""
    rack, t.rack = t.rack, [0] * len(t.rack)  # the rack's cards leave the hand after its moves
    t.racks_played[t.current] += 1
    t.move_all(rack, t.current, "predator_pile")
    draw_phase(t)


def draw_phase(t: Table) -> None:
    """Offer a draw from the predator pile if it has cards, else end the turn."""
    if any(t.predator_pile):
        t.phase = "draw"
    else:
        end_turn(t)


def _on_draw(t: Table, a: Action) -> None:
    if a.kind == "draw":
        t.phase = "draw_card"
    else:
        end_turn(t)


def _on_draw_card(t: Table, a: Action) -> None:
    t.move(a.args[0], "predator_pile", t.current)
    end_turn(t)


def end_turn(t: Table) -> None:
    """The next turn: the same player's if extra turns are pending (Ruling 9), else the left neighbour's."""
    t.roll = t.joker_die = None
    if t.extra_turns:
        t.extra_turns -= 1
    else:
        t.current = (t.current + 1) % t.n
    start_turn(t)


def round_scores(comp: DeerComponents, hands, knocker: int | None) -> tuple[int, ...]:
    """Ruling 15: each hand's value (set-aside cards are not in the hand). Ruling 18, after a knock
    with hand value K: the others score their value − K; the knocker 0, or K plus the highest other
    value if anyone holds less than K."""
    values = [hand_value(comp, h) for h in hands]
    if knocker is None:
        return tuple(values)
    knocked = values[knocker]
    scores = [v - knocked for v in values]
    rest = values[:knocker] + values[knocker + 1:]
    scores[knocker] = knocked + max(rest) if min(rest) < knocked else 0
    return tuple(scores)


def end_round(t: Table, knocker: int | None = None) -> None:
    """Score every hand (Rulings 15, 18), grant the space benefits (19–21), then the Bullseye moves."""
    comp = t.comp
    t.round_points = round_scores(comp, t.hands, knocker)
    for player, points in enumerate(t.round_points):
        t.move_pawn(player, points, f"round {t.round + 1} score")
    t.roll, t.joker_die, t.chosen, t.move_target, t.giver, t.blocking = None, None, (), None, None, None
    t.to_pass, t.rack, t.pending, t.moves_left = [0] * len(comp.cards), [0] * len(comp.cards), [0] * len(comp.cards), 0
    t.extra_turns, t.frozen, t.set_aside_due = 0, [False] * t.n, [0] * t.n
    grant_space_benefits(t)
    next_bullseye(t)


def grant_space_benefits(t: Table) -> None:
    """Rulings 19–21: a pawn ending the round on an enabled space gets its benefit, unless the player
    scored 0 and stayed on the space whose benefit they already had."""
    options, comp = t.game.advanced, t.comp
    headlights = comp.headlights_spaces if options.headlights_spaces else ()
    bullseyes = comp.bullseye_spaces if options.bullseye_spaces else ()
    for player, pawn in enumerate(t.pawns):
        stayed = t.benefit_spaces[player] == pawn and t.round_points[player] == 0
        t.benefit_spaces[player] = pawn if pawn in headlights or pawn in bullseyes else None
        if stayed:
            continue
        if pawn in headlights:
            t.set_aside_due[player] = SET_ASIDE_CARDS
        t.bullseye_due[player] = pawn in bullseyes


def next_bullseye(t: Table) -> None:
    """Ruling 20: each player granted a Bullseye, from the dealer's left, splits 12 points; then the round closes."""
    due = [p for p in [*others(t.dealer, t.n), t.dealer] if t.bullseye_due[p]]
    if due:
        t.current, t.moves_left, t.phase = due[0], BULLSEYE_POINTS, "bullseye_pawn"
    else:
        close_round(t)


def close_round(t: Table) -> None:
    """Ruling 16: end the game with a score at (or past) Finish, else gather the cards for the next deal."""
    comp, kinds = t.comp, len(t.comp.cards)
    if any(pawn >= comp.finish for pawn in t.pawns):
        t.phase, t.set_aside_due = END, [0] * t.n
        return
    t.round += 1
    t.hands, t.set_aside = [[0] * kinds for _ in range(t.n)], [[0] * kinds for _ in range(t.n)]
    t.deck, t.discard, t.predator_pile = list(t.game.full_deck), [0] * kinds, [0] * kinds
    t.current = (t.dealer + 1) % t.n
    t.phase = "deal"


HANDLERS = {"deal": _on_deal, "roll": _on_roll, "reroll": _on_roll, "joker": _on_joker, "joker_face": _on_joker_face,
            "choose_number": _on_choose, "group": _on_group, "pass": _on_pass, "predator": _on_predator,
            "predator_discard": _on_predator_discard, "rack": _on_rack, "rack_pawn": _on_move_pawn,
            "rack_amount": _on_move_amount, "draw": _on_draw, "draw_card": _on_draw_card, "knock": _on_knock,
            "set_aside": _on_set_aside, "hand_over": _on_hand_over, "block": _on_block,
            "bullseye_pawn": _on_move_pawn, "bullseye_amount": _on_move_amount}
