"""GreedyAgent: sheds as many points as it can right now.

It reads only its observation (and the public component data named by the game options):
a Joker on the die and number (Ruling 14) shedding the most points; chosen numbers and Ruling 6
groups maximising points; cards passed to the opponent closest to going out (fewest cards, then
lowest pawn); predators passed unless that breaks a rack within reach; a rack (or a Bullseye)
whenever possible, moving itself back as far as it can and the rest forward onto the leading
opponent; a draw only when one card would complete a rack. Advanced rules: it knocks with a hand
worth little (see `choose_knock`), sets aside its highest number cards (never stopping early),
blocks whenever that keeps cards in an opponent's hand, and always hands cards over when asked.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import islice
from operator import mul
from typing import Any, Mapping, NamedTuple, Sequence

from ..engine import Action
from ..engine.seeding import Rng
from ..deer.component_file import load_components
from ..deer.components import DeerComponents
from ..deer.rules import (Phase, choosable_numbers, group_target, hand_value, joker_faces, moved_numbers,
                          rolled_numbers, sum_groups)

KNOCK_MAX_POINTS = 5


class GreedyAgent:
    """Picks the move that sheds the most points now, by fixed rules of thumb per phase."""

    observes_by_key = True  # handed `DeerState.observation_view`: it reads a few entries of each observation

    # The components of the last observation, kept with the very option value they were loaded from: every
    # observation of a game carries the same value, and component data given as a dict costs a JSON dump to look up.
    _components_option: object = None
    _components: DeerComponents | None = None

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """The greedy choice for the observed phase."""
        option = observation["options"]["components"]
        if option is not self._components_option or self._components is None:  # loaded again only when it changes
            self._components_option, self._components = option, load_components(option)
        return CHOOSERS[observation["phase"]](self._components, observation, legal)


# -- evaluation: the rules say which cards a roll moves (`moved_numbers`); the agent picks the numbers ------
def shed_points(comp: DeerComponents, hand, discard, roll) -> int:
    """Points the number-dice action of `roll` takes out of `hand` at once (negative: points gained)."""
    plan = _shed_plan(comp, tuple(roll[:len(comp.number_dice)]))
    if plan.takes_discard:
        return -hand_value(comp, discard)
    hand = tuple(hand)
    return _shed(comp, hand, held_points(comp, hand), plan)


class ShedPlan(NamedTuple):
    """What the chart row of some number-dice faces sheds, hand aside."""

    takes_discard: bool  # the roller takes the discard pile instead
    faces: tuple
    choices: int  # how many numbers the roller chooses ...
    choosable: frozenset  # ... among these
    kinds: frozenset  # the kinds of number card it takes out of a hand with nothing chosen
    group_target: int  # the points each Ruling 6 group adds up to (0: no groups)


def held_points(comp: DeerComponents, hand) -> tuple[int, ...]:
    """The points `hand` holds of each card kind."""
    return tuple(map(mul, hand, comp.points))


def _shed(comp: DeerComponents, hand: tuple, held: tuple[int, ...], plan: ShedPlan) -> int:
    """The points a `plan` sheds from `hand` (holding `held` points per kind): the cards the rules move with the
    numbers worth the most chosen, and as many Ruling 6 groups as the rest of the hand holds."""
    _, faces, choices, choosable, kinds, target = plan
    if choices:
        kinds = _moved_kinds(comp, faces, _top_numbers(comp, hand, choosable, choices))
    shed = sum([held[k] for k in kinds])
    if target:
        shed += target * max_groups(comp, _without_kinds(hand, kinds), target)
    return shed


def _top_numbers(comp: DeerComponents, hand: tuple, choosable: frozenset, choices: int) -> tuple:
    """The `choices` numbers of `choosable` whose cards in `hand` are worth the most points."""
    return tuple(islice((number for _, number in _ranked(comp, hand) if number in choosable), choices))


def _without_kinds(hand: tuple, kinds) -> tuple:
    """`hand` with no card of `kinds` (what is left for Ruling 6 groups)."""
    return tuple(0 if k in kinds else c for k, c in enumerate(hand))


@lru_cache(maxsize=4096)  # bounded by the faces the number dice (and a Joker) can show
def _shed_plan(comp: DeerComponents, faces: tuple) -> ShedPlan:
    """The `ShedPlan` of the chart row of `faces`."""
    row, rolled = comp.chart_row(faces), rolled_numbers(comp, faces)
    choosable = frozenset(choosable_numbers(comp, faces, row)) if row.choices else frozenset()
    return ShedPlan(row.effect == "take_discard_reroll", faces, row.choices, choosable,
                    _kinds_of(comp, moved_numbers(comp, row, rolled)), group_target(comp, row, rolled))


@lru_cache(maxsize=8192)  # bounded by the faces times the few numbers a row lets the player choose
def _moved_kinds(comp: DeerComponents, faces: tuple, chosen: tuple) -> frozenset[int]:
    """The kinds of number card the chart row of `faces` takes out of a hand, with `chosen` numbers (the rules'
    `moved_numbers`)."""
    return _kinds_of(comp, moved_numbers(comp, comp.chart_row(faces), rolled_numbers(comp, faces), chosen))


def _kinds_of(comp: DeerComponents, numbers) -> frozenset[int]:
    """The kinds of the number cards of `numbers`."""
    return frozenset([comp.number_kind[n] for n in numbers])


NO_FACE = (-10**9, -1)  # the score of a die a Joker cannot change (no face to choose)


def joker_best(comp: DeerComponents, hand: tuple, discard: tuple, roll: tuple) -> tuple[tuple[int, int], ...]:
    """Per number die, the most points a Joker on it sheds and the first face shedding them (its index in
    `joker_faces` order), or NO_FACE."""
    gained, held = -sum(held_points(comp, discard)), held_points(comp, hand)
    return tuple(_best_face(comp, hand, held, gained, table)
                 for table in _joker_tables(comp, roll[:len(comp.number_dice)]))


@lru_cache(maxsize=1024)  # one entry per Joker decision: the face decision after it reads it again
def joker_choice(comp: DeerComponents, hand: tuple, discard: tuple, roll: tuple) -> tuple[int, int] | None:
    """The first die a Joker sheds the most points on, more than the roll as it is, and its first face shedding
    them (as `joker_best`: index in `joker_faces` order); None if no die sheds more. Each die is scored only
    above the best so far (`_best_face`'s `floor`): the dice after the best cannot tie it."""
    gained, held = -sum(held_points(comp, discard)), held_points(comp, hand)
    floor, choice = shed_points(comp, hand, discard, roll), None
    for die, table in enumerate(_joker_tables(comp, roll[:len(comp.number_dice)])):
        best, first = _best_face(comp, hand, held, gained, table, floor)
        if best > floor:
            floor, choice = best, (die, first)
    return choice


class KindSets(NamedTuple):
    """Sets of card kinds, stored to sum the points a hand holds of each quickly (all of them at once)."""

    sets: tuple[tuple[int, ...], ...]
    common: tuple[int, ...]  # the kinds in every set
    extra: tuple[int, ...] | None  # the one kind each adds to `common` (one past the last: none), if none adds more

    @classmethod
    def of(cls, sets: Sequence[tuple[int, ...]], none_kind: int) -> "KindSets":
        """The `KindSets` of `sets`; `none_kind` is the index just past the last card kind."""
        common = tuple(set(sets[0]).intersection(*sets)) if sets else ()
        extras = [tuple(k for k in kinds if k not in common) for kinds in sets]
        one_each = all(len(kinds) <= 1 for kinds in extras)
        extra = tuple(kinds[0] if kinds else none_kind for kinds in extras) if one_each else None
        return cls(tuple(sets), common, extra)

    def sums(self, held: tuple) -> list[int]:
        """The points `held` (per kind) holds of each set."""
        if self.extra is None:
            return [sum([held[k] for k in kinds]) for kinds in self.sets]
        common = sum([held[k] for k in self.common])
        held_or_none = held + (0,)  # the kind one past the last (no extra kind) holds nothing
        return [common + held_or_none[k] for k in self.extra]


class JokerTable(NamedTuple):
    """The `ShedPlan` of each face a Joker can make one die show, sorted by how they are scored."""

    plans: tuple[ShedPlan, ...]  # in `joker_faces` order
    plain: tuple[int, ...]  # the first plan of each distinct set of kinds shed with nothing chosen and no groups
    plain_kinds: KindSets  # those sets of kinds
    takes_discard: int | None  # the first plan taking the discard pile, if any
    chosen: tuple[int, ...]  # the plans with chosen numbers and no groups ...
    chosen_kinds: KindSets  # ... the kinds they shed with nothing chosen ...
    most_choices: int  # ... and the most numbers one of them chooses
    grouped: tuple[int, ...]  # the plans with Ruling 6 groups


def _best_face(comp: DeerComponents, hand: tuple, held: tuple, gained: int, table: JokerTable,
               floor: int = NO_FACE[0]) -> tuple[int, int]:
    """The most points a plan of `table` sheds (`gained` when it takes the discard pile) and the index of the
    first plan shedding them, exact when more than `floor` (else at most `floor`). Plain plans are summed all at
    once; a plan with chosen numbers or groups is scored only if a bound on what it sheds could beat the best so
    far and `floor`, the highest bound (then the lowest index) first (a tie goes to the lower index)."""
    best, first = NO_FACE
    if table.plain:
        scores = table.plain_kinds.sums(held)
        best = max(scores)
        first = table.plain[scores.index(best)]
    i = table.takes_discard
    if i is not None and (gained > best or gained == best and i < first):
        best, first = gained, i
    if not (table.grouped or table.chosen):
        return best, first
    minus_bounds = [(-_shed_bound(comp, hand, held, table.plans[i]), i) for i in table.grouped]
    if table.chosen:  # each chosen number as if it held the hand's most points (as `_shed_bound`)
        top = sum([points for points, _ in _ranked(comp, hand)[:table.most_choices]])
        minus_bounds += [(-top - shed, i) for shed, i in zip(table.chosen_kinds.sums(held), table.chosen)]
    for minus_bound, i in sorted(minus_bounds):
        if -minus_bound < best or -minus_bound == best and i > first or -minus_bound <= floor:
            break  # so are all the rest
        score = _shed(comp, hand, held, table.plans[i])
        if score > best or score == best and i < first:
            best, first = score, i
    return best, first


def _shed_bound(comp: DeerComponents, hand: tuple, held: tuple, plan: ShedPlan) -> int:
    """At least the points `plan` sheds (`_shed`), cheaply: each chosen number as if it held the hand's most
    points (`moved_numbers` moves, with numbers chosen, what it moves without them plus the chosen numbers'
    cards at most), and as many groups as the whole hand could hold (`group_bound`: taking the plan's kinds out
    never raises it, and seldom lowers it: the rolled number's card, worth the target itself, is in no group)."""
    bound = sum([held[k] for k in plan.kinds])
    if plan.choices:
        bound += sum(points for points, _ in _ranked(comp, hand)[:plan.choices])
    target = plan.group_target
    if target:
        bound += target * group_bound(comp, hand, target)
    return bound


@lru_cache(maxsize=1024)  # bounded by what the number dice show
def _joker_tables(comp: DeerComponents, faces: tuple) -> tuple[JokerTable, ...]:
    """The `JokerTable` of a Joker on each number die when they show `faces`."""
    if not comp.joker_any_number:
        return tuple(_joker_table(comp, faces, die) for die in range(len(faces)))
    # what the die shows now changes nothing: one table serves all its faces
    return tuple(_joker_table(comp, faces[:die] + (None,) + faces[die + 1:], die) for die in range(len(faces)))


@lru_cache(maxsize=4096)  # bounded by what the other number dice show (and the die itself, by the own-faces reading)
def _joker_table(comp: DeerComponents, faces: tuple, die: int) -> JokerTable:
    """The `JokerTable` of a Joker on `die` when the number dice show `faces` (the die's own face None when a
    Joker makes it any number)."""
    plans = tuple(_shed_plan(comp, faces[:die] + (face,) + faces[die + 1:]) for face in joker_faces(comp, faces, die))
    plain: dict[tuple, int] = {}
    for i, plan in enumerate(plans):
        if not (plan.takes_discard or plan.choices or plan.group_target):
            plain.setdefault(tuple(sorted(plan.kinds)), i)  # a later plan shedding the same kinds never wins
    chosen = [i for i, plan in enumerate(plans) if plan.choices and not (plan.takes_discard or plan.group_target)]
    return JokerTable(plans, tuple(plain.values()), KindSets.of(list(plain), len(comp.cards)),
                      next((i for i, plan in enumerate(plans) if plan.takes_discard), None),
                      tuple(chosen), KindSets.of([tuple(plans[i].kinds) for i in chosen], len(comp.cards)),
                      max((plans[i].choices for i in chosen), default=0),
                      tuple(i for i, plan in enumerate(plans) if plan.group_target and not plan.takes_discard))


@lru_cache(maxsize=1024)
def _ranked(comp: DeerComponents, hand: tuple) -> tuple[tuple[int, int], ...]:
    """(points, number) pairs of `hand`, the most points first (the order within a tie does not matter:
    only the points of the top few are used)."""
    return tuple(sorted(((hand[k] * comp.points[k], n) for n, k in comp.number_kind.items()), reverse=True))


def max_groups(comp: DeerComponents, available: tuple, target: int) -> int:
    """The most disjoint Ruling 6 groups `available` holds (exact), searched among the cards that can be in one
    only (hands differing in other cards share the search)."""
    return _most_groups(comp, _group_cards(comp, available, target), target)


def _group_cards(comp: DeerComponents, available: tuple, target: int) -> tuple:
    """`available` without the cards that cannot be in a group adding up to `target` (`_group_kinds`)."""
    counts = [0] * len(available)
    for k in _group_kinds(comp, target)[0]:
        counts[k] = available[k]
    return tuple(counts)


@lru_cache(maxsize=8192)  # bounded, like every cache here: memory stays flat
def _most_groups(comp: DeerComponents, available: tuple, target: int) -> int:
    """`max_groups` of `available` holding only cards that can be in a group: a card of the highest kind held is
    either in one of the groups holding it or no card of that kind is in any (drop its kind). The highest card
    leaves the fewest points to make up: the fewest groups to try. The search stops once it reaches a bound on
    what is left to find: every group takes two or more cards worth `target`."""
    highest = next((k for k in reversed(_group_kinds(comp, target)[0]) if available[k]), None)
    if highest is None:
        return 0
    bound, best = group_bound(comp, available, target), 0
    for group in _groups_holding(comp, available, target, highest):
        left = _without(available, group)
        if best < 1 + group_bound(comp, left, target):
            best = max(best, 1 + _most_groups(comp, left, target))
            if best == bound:
                return best
    rest = available[:highest] + (0,) + available[highest + 1:]
    return best if best >= group_bound(comp, rest, target) else max(best, _most_groups(comp, rest, target))


def _groups_holding(comp: DeerComponents, available: tuple, target: int, kind: int) -> list[tuple[int, ...]]:
    """The Ruling 6 groups of `available` (`sum_groups`) holding a `kind` card (worth something): it and one
    other card, or it and two or more, making up the rest of `target`."""
    points, left = comp.points, target - comp.points[kind]
    # only the cards worth `left` or less can join it: `sum_groups`, cached, sees those alone (far more hits)
    rest = _group_cards(comp, _without(available, (kind,)), left + 1)
    ones = [(k,) for k in comp.number_kinds_by_points if rest[k] and points[k] == left]
    return [(kind, *others) for others in ones + list(sum_groups(comp, rest, left))]


def group_bound(comp: DeerComponents, available: tuple, target: int) -> int:
    """At least `max_groups`: each group takes two or more cards, each worth less than `target`, and at most one
    of them worth more than half of it (two such cards add up to more)."""
    kinds, points, small = _group_kinds(comp, target)
    counts = [available[k] for k in kinds]
    return min(sum(map(mul, counts, points)) // target, sum(counts) // 2, sum([available[k] for k in small]))


@lru_cache(maxsize=256)  # bounded by the editions times the targets
def _group_kinds(comp: DeerComponents, target: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The number card kinds that can be in a group adding up to `target` (worth something, and less than it),
    cheapest first; their points; and those of them worth at most half of it."""
    kinds = tuple(k for k in comp.number_kinds_by_points if 0 < comp.points[k] < target)
    return kinds, tuple(comp.points[k] for k in kinds), tuple(k for k in kinds if 2 * comp.points[k] <= target)


def _without(counts: tuple, kinds) -> tuple:
    rest = list(counts)
    for k in kinds:
        rest[k] -= 1
    return tuple(rest)


def rack_shortfall(comp: DeerComponents, hand) -> int:
    """Cards still missing for the nearest rack (a held Joker fills one gap); 99 in an edition without racks."""
    preds = comp.predator_kinds
    if not preds:
        return 99
    held = [hand[k] for k in preds]
    gap = max(0, 3 - max(held))  # three alike
    if len(preds) >= 2:
        gap = min(gap, held.count(0))  # one of each
    joker = comp.joker_kind
    return gap - 1 if gap and joker is not None and hand[joker] else gap


def breaks_rack(comp: DeerComponents, hand, kind: int) -> bool:
    """Whether giving up one `kind` card moves a rack within reach (at most one card short) further away."""
    before = rack_shortfall(comp, hand)
    return before <= 1 and rack_shortfall(comp, _without(hand, [kind])) > before


def target_opponent(obs: dict) -> int:
    """The opponent closest to going out (fewest cards), then the leader (lowest pawn)."""
    me, sizes, pawns = obs["player"], obs["hand_sizes"], obs["pawns"]
    return min([(sizes[p], pawns[p], p) for p in range(len(pawns)) if p != me])[2]


def leading_opponent(obs: dict) -> int:
    """The leading opponent (lowest pawn; ties to the lower seat)."""
    me, pawns = obs["player"], obs["pawns"]
    return min([(pawns[p], p) for p in range(len(pawns)) if p != me])[1]


def _find(legal: Sequence[Action], kind: str, args: tuple = ()) -> Action:
    for action in legal:
        if action.kind == kind and action.args == args:
            return action
    raise ValueError(f"no legal {kind} action with arguments {args}")


# -- one chooser per decision phase --------------------------------------------------------------------
def _joker_args(obs) -> tuple[tuple, tuple, tuple]:
    """The hand, discard pile and roll a Joker decision is scored on."""
    return tuple(obs["hand"]), tuple(obs["discard"]), tuple(obs["roll"])


def choose_joker(comp, obs, legal):
    """Use a Joker only if the best face it can set sheds more points than the roll as it is."""
    choice = joker_choice(comp, *_joker_args(obs))
    return _find(legal, "no_joker") if choice is None else _find(legal, "joker", (choice[0],))


def choose_joker_face(comp, obs, legal):
    """The Joker face whose roll sheds the most points (the first such face)."""
    die, choice = obs["joker_die"], joker_choice(comp, *_joker_args(obs))
    if choice is None or choice[0] != die:  # another agent chose the die
        choice = die, joker_best(comp, *_joker_args(obs))[die][1]
    return _find(legal, "face", (joker_faces(comp, obs["roll"], die)[choice[1]],))


def choose_number(comp, obs, legal):
    """The numbers whose cards are worth the most points (an action's numbers are distinct, so are their kinds)."""
    held, kind = held_points(comp, obs["hand"]), comp.number_kind
    return max(legal, key=lambda a: sum([held[kind[n]] for n in a.args]))


def choose_group(comp, obs, legal):
    """The group that leaves the most groups to pass, then the larger group (then the first listed). The legal
    groups are every group the hand holds, so the best leaves one group fewer than the hand holds (`max_groups`):
    the first to do so, the larger groups tried first, is the one."""
    groups = [a for a in legal if a.kind == "group"]
    available = tuple(h - p for h, p in zip(obs["hand"], obs["to_pass"]))
    target = sum(comp.points[k] for k in groups[0].args)
    left = max_groups(comp, available, target) - 1
    return next(a for a in sorted(groups, key=lambda a: -len(a.args))
                if max_groups(comp, _without(available, a.args), target) == left)


def choose_recipient(comp, obs, legal):
    """Hand the cards to the targeted opponent."""
    recipient = target_opponent(obs)
    return next(a for a in legal if a.args[1] == recipient)


def choose_predator(comp, obs, legal):
    """Keep a predator card that would break a rack, else pass it to the targeted opponent."""
    kind = next(a.args[0] for a in legal if a.kind == "discard")
    if breaks_rack(comp, obs["hand"], kind):
        return _find(legal, "keep")
    return choose_recipient(comp, obs, [a for a in legal if a.kind == "pass"])


def choose_predator_discard(comp, obs, legal):
    """Discard the most valuable predator card that breaks no rack, if any."""
    spare = [a for a in legal if a.kind == "discard" and not breaks_rack(comp, obs["hand"], a.args[0])]
    return max(spare, key=lambda a: comp.points[a.args[0]]) if spare else _find(legal, "no_discard")


def choose_rack(comp, obs, legal):
    """The rack worth the most points."""
    return max((a for a in legal if a.kind == "rack"), key=lambda a: sum(comp.points[k] for k in a.args))


def choose_rack_pawn(comp, obs, legal):
    """Move my own pawn back (lower wins) while it is above 0, else push the leading opponent forward."""
    me = obs["player"]
    return _find(legal, "move", (me, -1) if obs["pawns"][me] > 0 else (leading_opponent(obs), 1))


def choose_rack_amount(comp, obs, legal):
    """Back as far as the pawn can go (at least one space); forward by every move left."""
    player, sign = obs["move_target"]
    amount = max(1, min(obs["moves_left"], obs["pawns"][player])) if sign < 0 else obs["moves_left"]
    return _find(legal, "amount", (amount,))


def choose_draw(comp, obs, legal):
    """Draw only when one card short of a rack."""
    return _find(legal, "draw" if rack_shortfall(comp, obs["hand"]) == 1 else "no_draw")


def choose_knock(comp, obs, legal):
    """Knock with a hand worth at most KNOCK_MAX_POINTS and no more points than the fewest cards an
    opponent holds (nearly every card is worth a point or more, so nobody is likely to hold less)."""
    me = obs["player"]
    fewest = min(size for p, size in enumerate(obs["hand_sizes"]) if p != me)
    return _find(legal, "knock" if hand_value(comp, obs["hand"]) <= min(KNOCK_MAX_POINTS, fewest) else "no_knock")


def choose_set_aside(comp, obs, legal):
    """The highest number card: set-aside cards never score, so it never stops early (Ruling 19)."""
    return max((a for a in legal if a.kind == "set_aside"), key=lambda a: (comp.points[a.args[0]], a.args[0]))


def choose_block(comp, obs, legal):
    """Reveal, keeping the cards in the mover's hand, unless that spares the roller a hand-over to them."""
    spares_roller = obs["giver"] is not None and obs["current"] != obs["player"]
    return _find(legal, "no_block" if spares_roller else "reveal")


def choose_hand_over(comp, obs, legal):
    """Hand the cards over."""
    return _find(legal, "hand_over")


CHOOSERS = {Phase.JOKER: choose_joker, Phase.JOKER_FACE: choose_joker_face, Phase.CHOOSE_NUMBER: choose_number,
            Phase.GROUP: choose_group, Phase.PASS: choose_recipient, Phase.PREDATOR: choose_predator,
            Phase.PREDATOR_DISCARD: choose_predator_discard, Phase.RACK: choose_rack, Phase.RACK_PAWN: choose_rack_pawn,
            Phase.RACK_AMOUNT: choose_rack_amount, Phase.DRAW: choose_draw, Phase.KNOCK: choose_knock,
            Phase.SET_ASIDE: choose_set_aside, Phase.BLOCK: choose_block, Phase.HAND_OVER: choose_hand_over,
            Phase.BULLSEYE_PAWN: choose_rack_pawn, Phase.BULLSEYE_AMOUNT: choose_rack_amount}
