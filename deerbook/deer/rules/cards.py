"""Card arithmetic on count vectors, the dice, and who acts: the facts every rule reads."""
from __future__ import annotations

from functools import lru_cache
from operator import mul
from typing import Any, NamedTuple, cast

from ..components import DEER_HEAD, DISCARD_FACE, EFFECTS, ChartRow, DeerComponents
from .phases import BLOCK, HAND_OVER, KNOCK, PREDATOR, PREDATOR_DISCARD, REROLL, ROLL, Phase

KNOCK_MAX_CARDS = 4  # Ruling 18
SET_ASIDE_CARDS = 3  # Ruling 19
BULLSEYE_POINTS = 12  # Ruling 20


# -- card arithmetic on count vectors -----------------------------------------------------------
def hand_value(comp: DeerComponents, counts) -> int:
    """The points of a hand's cards."""
    return sum(map(mul, counts, comp.points))


def card_list(comp: DeerComponents, counts) -> list[str]:
    """The card names of a count vector, one per card."""
    return [comp.cards[k].name for k, c in enumerate(counts) for _ in range(c)]


def rolled_faces(comp: DeerComponents, roll: tuple) -> tuple:
    """The number dice faces of a roll (the last face is the predator die's)."""
    return roll[:len(comp.number_dice)]


def loses_turn(comp: DeerComponents, phase: Phase, frozen: bool, roll: tuple) -> bool:
    """Rulings 7 and 10: a re-roll, or a frozen player's roll, without a Deer Head on the number dice ends the turn
    at once (the predator die unread)."""
    return (phase == REROLL or frozen) and DEER_HEAD not in rolled_faces(comp, roll)


def predator_decision(comp: DeerComponents, hand, face) -> Phase | None:
    """Ruling 12: the decision a predator die `face` asks of the roller's `hand`, or None (on to the racks): the
    Discard face if they hold any predator card, a predator's face if they hold a card of that predator."""
    if face is None:
        return None
    if face == DISCARD_FACE:
        return PREDATOR_DISCARD if any(map(hand.__getitem__, comp.predator_kinds)) else None
    return PREDATOR if hand[comp.kind_index[face]] else None


def rolled_numbers(comp: DeerComponents, roll: tuple) -> tuple[int, ...]:
    """The number faces of a roll."""
    return tuple([f for f in rolled_faces(comp, roll) if isinstance(f, int)])


class RollFacts(NamedTuple):
    """What the rules read from a roll (`roll_facts`): worked out once per distinct roll, not at every step."""

    row: ChartRow | None  # the chart row that governs it (None: a roll the chart has no row for)
    numbers: tuple[int, ...]  # its number faces (`rolled_numbers`)
    deer_head: bool  # a Deer Head among the number dice (Rulings 7 and 10: see `loses_turn`)
    predator: Any  # the predator die's face, or None without a predator die
    moves: str | None  # where the row's effect moves number cards ("discard", "pass"), or None
    moved_kinds: tuple[int, ...]  # the kinds of number card the row takes out of a hand with no number chosen ...
    moved_mask: int  # ... as a mask (`moved_numbers`)
    rolled_kinds: tuple[int, ...]  # the kinds of number card of the rolled numbers (a hand-over's cards, Ruling 2) ...
    rolled_mask: int  # ... as a mask
    choosable: tuple[int, ...]  # the numbers the row lets the roller choose (`choosable_numbers`; none: no choice)
    group_target: int  # the points each Ruling 6 group adds up to (`group_target`; 0: no groups)


@lru_cache(maxsize=8192)  # bounded by the rolls an edition's dice (and a Joker's numbers) can show
def roll_facts(comp: DeerComponents, roll: tuple) -> RollFacts:
    """The facts of a roll the transitions read, precomputed per roll (a roll resolves in one dict lookup)."""
    faces, numbers = rolled_faces(comp, roll), rolled_numbers(comp, roll)
    try:
        row: ChartRow | None = comp.chart_row(roll)
    except KeyError:
        row = None
    readable = row is not None and (numbers or row.effect != "discard_parity")  # parity reads a rolled number
    moved = moved_numbers(comp, row, numbers) if readable else ()
    choosable = choosable_numbers(comp, roll, row) if row is not None and row.choices else ()
    return RollFacts(row, numbers, DEER_HEAD in faces, comp.predator_face(roll),
                     None if row is None else EFFECTS[row.effect].moves,
                     comp.numbers_kinds(moved), comp.numbers_mask(moved), comp.numbers_kinds(numbers),
                     comp.numbers_mask(numbers), choosable,
                     group_target(comp, row, numbers) if row is not None and numbers else 0)


def number_points(comp: DeerComponents, counts, numbers) -> int:
    """The points of the number cards of `counts` matching `numbers`: hand_value(matching(...)), faster."""
    points = comp.points
    return sum(counts[k] * points[k] for k in {comp.number_kind[n] for n in numbers})


def matching(comp: DeerComponents, counts, numbers) -> list[int]:
    """The number cards of `counts` matching `numbers` (Ruling 11: never predators or Jokers)."""
    return matching_kinds(counts, comp.numbers_kinds(tuple(numbers)))


def matching_kinds(counts, kinds) -> list[int]:
    """The cards of `counts` of the card `kinds` (`matching`, the numbers' kinds known)."""
    cards = [0] * len(counts)
    for k in kinds:
        cards[k] = counts[k]
    return cards


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
    if not preds:
        return ()  # an edition without predators has no rack
    has_joker = joker is not None and hand[joker] > 0
    if sum(map(hand.__getitem__, preds)) + has_joker < min(3, len(preds)):
        return ()  # too few predator cards and Jokers for any rack: most hands
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


def moved_numbers(comp: DeerComponents, row, rolled: tuple, chosen: tuple = ()) -> tuple[int, ...]:
    """The numbers whose cards chart row `row` takes out of the roller's hand (to discard or pass), given the
    `rolled` numbers and the `chosen` ones (Rulings 2–8, the card chart); Ruling 6's groups come on top
    (`group_target`)."""
    if row.effect == "discard_parity":
        return tuple(n for n in comp.numbers if n % 2 == rolled[0] % 2)
    if EFFECTS[row.effect].moves is None:
        return ()
    return chosen if row.choose_from_rolled else rolled + chosen


def group_target(comp: DeerComponents, row, rolled: tuple) -> int:
    """The points each Ruling 6 group of chart row `row` adds up to (the rolled number card's), or 0: no groups."""
    return comp.points[comp.number_kind[rolled[0]]] if EFFECTS[row.effect].groups else 0


def group_options(s) -> tuple[tuple[int, ...], ...]:
    """The groups of cards the player may pass, adding up to the rolled number card's points. `sum_groups` is asked
    about the cards a group can hold alone (`group_caps`): the same groups, found in its cache far more often."""
    comp = s.game.components
    target = roll_facts(comp, s.roll).group_target
    hand, caps = s.hands[s.current], group_caps(comp, target)
    return sum_groups(comp, tuple([min(h - p, cap) for h, p, cap in zip(hand, s.to_pass, caps)]), target)


@lru_cache(maxsize=1024)  # bounded by the editions times the card points
def group_caps(comp: DeerComponents, target: int) -> tuple[int, ...]:
    """The most cards of each kind a Ruling 6 group adding up to `target` can hold: number cards worth less than
    `target` (a group holds two or more cards, each worth something), as many as fit in it."""
    caps = [0] * len(comp.cards)
    for k in comp.number_kind.values():
        if 0 < comp.points[k] < target:
            caps[k] = target // comp.points[k]
    return tuple(caps)


@lru_cache(maxsize=1024)  # bounded by the seats times the player counts; the rules ask on every card movement
def others(player: int, n: int) -> tuple[int, ...]:
    """The other players, starting left of `player`."""
    return tuple([(player + i) % n for i in range(1, n)])


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


ASKED_PHASES = frozenset({BLOCK, HAND_OVER})  # decided by another player than `current`


def acting_player(s) -> int:
    """Who decides now: a blocker, a player asked to hand cards over, else `current`."""
    if s.phase not in ASKED_PHASES:
        return s.current
    return s.blocking[1] if s.phase == BLOCK else s.giver


def mover(s) -> int:
    """Whose number cards are being discarded or passed: the giver during a hand-over, else the roller."""
    return s.current if s.giver is None else s.giver


def turn_start_phase(game, hand) -> Phase:
    """Ruling 18: with knocking on and few enough cards a turn starts with the knock decision."""
    return KNOCK if game.advanced.knocking and sum(hand) <= KNOCK_MAX_CARDS else ROLL


def counts_of_kinds(comp: DeerComponents, kinds) -> list[int]:
    """A count vector of card kinds (one entry per card)."""
    counts = [0] * len(comp.cards)
    for k in kinds:
        counts[k] += 1
    return counts
